// Cards and stud hands in the CLI's notation, and how the page draws them.
//
// The page only reads the notation far enough to put cards in their places on the table;
// the server checks every hand (the same parser as the CLI) and its error is shown as it
// comes. A hole group the page cannot read as cards (a range such as "K? K? | A? A?") is
// kept as typed and sent as it is.

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
// Four-colour deck: spades black, hearts red, diamonds blue, clubs green.
export const SUIT_SYMBOL = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
export const SUIT_NAME = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const SUIT_OF_SYMBOL = {
  "\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s",
  "\u2667": "c", "\u2662": "d", "\u2661": "h", "\u2664": "s",
};

export const UNKNOWN = "x";

// Every card of the deck, written as the CLI prints it ("As"), suits in the order the
// deck picker shows them (spades, hearts, diamonds, clubs) and ranks from the ace down.
export function fullDeck() {
  const deck = [];
  for (const s of "shdc") {
    for (const r of [...RANKS].reverse()) deck.push(r + s);
  }
  return deck;
}

// One card as the CLI prints it ("Ts"), or null when the text is not one card.
export function normaliseCard(text) {
  const m = /^(10|[2-9tjqka])([cdhs]|[\u2660-\u2667]\ufe0f?)$/i.exec(text.trim());
  if (!m) return null;
  const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
  const suitText = m[2].replace("\ufe0f", "");
  const suit = SUIT_OF_SYMBOL[suitText] || suitText.toLowerCase();
  return rank + suit;
}

// Cards and unknown cards in a piece of text, or null when something else is there.
// "x", "X", "?" and "??" are one unknown card each; commas and spaces separate.
export function parseCardList(text) {
  const out = [];
  const token = /\s*,?\s*(10[cdhsCDHS\u2660-\u2667]\ufe0f?|[2-9tjqkaTJQKA][cdhsCDHS\u2660-\u2667]\ufe0f?|\?\?|[xX?])/y;
  let pos = 0;
  const s = text.trim();
  while (pos < s.length) {
    token.lastIndex = pos;
    const m = token.exec(s);
    if (!m) return null;
    const t = m[1];
    out.push(/^(\?\?|[xX?])$/.test(t) ? UNKNOWN : normaliseCard(t));
    pos = token.lastIndex;
    while (pos < s.length && /[\s,]/.test(s[pos])) pos++;
  }
  return out;
}

// The shape of a hand in a game: how many hole cards (first street down), up cards and
// later down cards (the river) each player is dealt, from the game's streets.
export function handShape(game) {
  const [first, ...later] = game.streets;
  return {
    hole: first.down,
    up: game.streets.reduce((n, s) => n + s.up, 0),
    river: later.reduce((n, s) => n + s.down, 0),
  };
}

// A seat as the page keeps it: hole, up and river slots (a card, "x" or null), or a hole
// range typed in the notation, or a random hand, or text the page cannot place ("raw").
export function emptySeat(shape) {
  return {
    hole: Array(shape.hole).fill(null),
    up: Array(shape.up).fill(null),
    river: Array(shape.river).fill(null),
    range: null,
    random: false,
    raw: null,
  };
}

// Read one hand written in the CLI's notation into a seat of the given shape.
export function parseHand(text, shape) {
  const seat = emptySeat(shape);
  const t = text.trim();
  if (t === "") return seat;
  if (t.toLowerCase() === "random") {
    seat.random = true;
    return seat;
  }
  // Groups in parentheses and the bare cards between them.
  const parts = [];
  const re = /\(([^()]*)\)|([^()]+)/g;
  let m;
  let consumed = 0;
  while ((m = re.exec(t)) !== null) {
    if (m.index !== consumed) break;
    consumed = re.lastIndex;
    if (m[1] !== undefined) parts.push({ group: true, text: m[1] });
    else if (m[2].trim() !== "") parts.push({ group: false, text: m[2] });
  }
  const raw = () => ({ ...emptySeat(shape), raw: t });
  if (consumed !== t.length) return raw();
  let i = 0;
  if (parts[i] && parts[i].group) {
    const cards = parseCardList(parts[i].text);
    if (cards === null) seat.range = parts[i].text.trim();
    else if (cards.length > shape.hole) return raw();
    else cards.forEach((c, k) => { seat.hole[k] = c; });
    i++;
  }
  if (parts[i] && !parts[i].group) {
    const cards = parseCardList(parts[i].text);
    if (cards === null || cards.length > shape.up) return raw();
    cards.forEach((c, k) => { seat.up[k] = c; });
    i++;
  }
  if (parts[i] && parts[i].group) {
    const cards = parseCardList(parts[i].text);
    if (cards === null || cards.length > shape.river) return raw();
    cards.forEach((c, k) => { seat.river[k] = c; });
    i++;
  }
  if (i !== parts.length) return raw();
  return seat;
}

// Whether a seat holds no card at all (nothing placed, typed or ranged).
export function seatIsEmpty(seat) {
  return !seat.random && seat.raw === null && seat.range === null
    && [...seat.hole, ...seat.up, ...seat.river].every((c) => c === null);
}

// The seat written in the CLI's notation: "(As Kd) Qh", "(x x) Qd", "(K? K?) Kd",
// "random". An empty seat is a random hand (every card unseen, on the others' street).
export function handText(seat) {
  if (seat.raw !== null) return seat.raw;
  if (seat.random || seatIsEmpty(seat)) return "random";
  const parts = [];
  const ups = seat.up.filter((c) => c !== null);
  const river = seat.river.filter((c) => c !== null);
  if (seat.range !== null) parts.push(`(${seat.range})`);
  else if (seat.hole.some((c) => c !== null) || ups.length || river.length) {
    parts.push(`(${seat.hole.map((c) => c || UNKNOWN).join(" ")})`);
  }
  if (ups.length) parts.push(ups.join(" "));
  if (river.length) parts.push(`(${river.join(" ")})`);
  return parts.join(" ");
}

// A hand in the CLI's notation as text a narrow box wraps only between its groups (the
// hole cards, the up cards, the river), never inside one: "(As 2s)" and "3h 4h 9c" each
// stay on one line. A range in the hole may wrap between its alternatives, each whole
// ("(K? K? |" over "A? A?)"). The text is the hand's, character for character.
export function handElement(text) {
  const el = document.createElement("span");
  el.className = "hand-text";
  let at = 0;
  for (const m of text.matchAll(/\([^()]*\)|[^\s()](?:[^()]*[^\s()])?/g)) {
    el.append(text.slice(at, m.index));
    for (const piece of m[0].startsWith("(") ? m[0].split(/(?<=\|)/) : [m[0]]) {
      const space = /^\s*/.exec(piece)[0]; // after a "|": where the range may wrap
      el.append(space, Object.assign(document.createElement("span"), {
        className: "nowrap", textContent: piece.slice(space.length),
      }));
    }
    at = m.index + m[0].length;
  }
  el.append(text.slice(at));
  return el;
}

// The known cards a seat holds (for greying out the deck).
export function seatCards(seat) {
  if (seat.raw !== null) {
    const found = seat.raw.match(/(10|[2-9TJQKA])[cdhs]/gi) || [];
    return found.map(normaliseCard).filter(Boolean);
  }
  return [...seat.hole, ...seat.up, ...seat.river].filter((c) => c && c !== UNKNOWN);
}

// A fraction as a percentage with two decimals, exactly as Python's "{:.2f}" prints
// 100 * x (the CLI's tables): both round the double's exact value to the nearest, but on
// an exact half toFixed goes up and Python to the even digit (12.125 -> 12.12). A double
// lies exactly halfway between two hundredths only when it is an odd number of eighths
// (x.125, x.375, x.625, x.875); v * 8 is exact, so that is checked without rounding.
// An amount as players write it: 4, 0.80 (not 0.8), 0.125 (messages.bet_text's rule).
export function money(x) {
  if (typeof x !== "number" || Number.isInteger(x)) return String(x);
  return Math.abs(Math.round(x * 100) - x * 100) < 1e-9 ? x.toFixed(2) : String(x);
}

export function pct(fraction, digits = 2) {
  const v = 100 * fraction;
  const eighths = v * 8;
  if (digits === 2 && Number.isSafeInteger(eighths) && Math.abs(eighths) % 2 === 1) {
    const hundredths = Math.abs(eighths) * 12.5; // exact: an odd number of halves
    let h = Math.floor(hundredths);
    if (h % 2 === 1) h += 1; // the even neighbour
    const sign = v < 0 ? "-" : "";
    return `${sign}${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}%`;
  }
  return v.toFixed(digits) + "%";
}

// A change in percentage points with its sign: "+15.75".
export function points(delta) {
  const v = 100 * delta;
  return (v >= 0 ? "+" : "") + v.toFixed(2);
}

const SVG_NS = "http://www.w3.org/2000/svg";

// A card face drawn with CSS and an inline SVG suit: no images to download.
// kind: "up", "down" (a hole card or the river: face down at the table, known to us),
// "unknown" (a card nobody saw: its back), or "empty" (a place still to be dealt).
export function cardElement(card, kind = "up", label = "") {
  const el = document.createElement("span");
  el.className = "card";
  if (card === null || card === undefined) {
    el.classList.add("empty");
    el.textContent = label;
    return el;
  }
  if (card === UNKNOWN) {
    el.classList.add("back");
    el.title = "unknown card";
    return el;
  }
  const rank = card[0];
  const suit = card[1];
  el.classList.add(`suit-${suit}`);
  if (kind === "down") el.classList.add("down");
  el.dataset.card = card;
  el.title = `${rank === "T" ? "10" : rank} of ${SUIT_NAME[suit]}${kind === "down" ? " (face down)" : ""}`;
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank === "T" ? "10" : rank;
  el.append(r, suitIcon(suit));
  return el;
}

// The suit as an inline SVG path (a font may lack the symbols or draw them as emoji).
const SUIT_PATHS = {
  s: "M12 2C9 7 3 9.5 3 14a4.5 4.5 0 0 0 8 2.8L10 22h4l-1-5.2A4.5 4.5 0 0 0 21 14c0-4.5-6-7-9-12z",
  h: "M12 21C5 15.5 2 12.5 2 8.5A4.8 4.8 0 0 1 12 6a4.8 4.8 0 0 1 10 2.5c0 4-3 7-10 12.5z",
  d: "M12 2l8 10-8 10-8-10z",
  c: "M12 2a4.3 4.3 0 0 0-3.6 6.7A4.3 4.3 0 1 0 10.5 16L10 22h4l-.5-6a4.3 4.3 0 1 0 2.1-7.3A4.3 4.3 0 0 0 12 2z",
};

export function suitIcon(suit) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "pip");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", SUIT_PATHS[suit]);
  svg.append(path);
  return svg;
}
