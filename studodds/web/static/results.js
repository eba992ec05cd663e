// The odds at the table: each player's equity as a bar and a number, the error bar when
// sampled, win and tie (scoop and the halves in split games), the method and its time.

import { handElement, pct } from "./cards.js";
import { SEAT_COLOURS, state } from "./state.js";

function cell(tag, text, cls) {
  const el = document.createElement(tag);
  if (text !== undefined && text !== null) el.textContent = text;
  if (cls) el.className = cls;
  return el;
}

// "exact, 447,720 deals" or "Monte Carlo, 713,894 trials, seed 1", as the CLI says it.
export function methodWords(data) {
  if (data.method === "exact") {
    const n = data.deals;
    return `exact, ${n.toLocaleString("en-US")} deal${n === 1 ? "" : "s"}`;
  }
  return `Monte Carlo, ${data.trials.toLocaleString("en-US")} trials, seed ${data.seed}`;
}

// The columns of the table after "equity": [header, key, title].
function columns(data, declared) {
  if (declared) {
    return [["scoop", "win", "the whole pot alone"], ["share", "tie", "a smaller part of the pot: a half, a split half, or a split after every swing failed"]];
  }
  if (data.players[0].high_win !== undefined) {
    return [
      ["scoop", "scoop", "the whole pot alone"],
      ["high win", "high_win", "the high half alone"],
      ["high split", "high_tie", "the high half shared"],
      ["low win", "low_win", "the low half alone"],
      ["low split", "low_tie", "the low half shared"],
    ];
  }
  return [["win", "win", "the whole pot alone"], ["tie", "tie", "part of the pot, not all"]];
}

// data: the CLI's JSON for `equity`; seconds: the time the question took, asked here.
export function renderEquity(data, { seconds, gameName, qualifier }) {
  const box = document.getElementById("results");
  box.replaceChildren();
  box.classList.remove("stale");
  const mc = data.method !== "exact";
  const declared = Array.isArray(data.declarations);

  const head = cell("p", null, "method-line");
  head.dataset.testid = "method";
  head.append(
    cell("b", `${gameName} on ${data.street}`),
    document.createTextNode(`: ${methodWords(data)} (${seconds.toFixed(2)} s)`),
  );
  box.append(head);
  if (declared) {
    box.append(cell("p", "declared: " + data.declarations.map((d, i) => `player ${i + 1} ${d === "both" ? "both ways" : d}`).join(", "), "note"));
  }

  const table = cell("table", null, "odds");
  const thead = cell("thead");
  const hr = cell("tr");
  const cols = columns(data, declared);
  hr.append(cell("th", "player"), cell("th", "hand"), cell("th", "equity", "num"));
  if (mc) {
    const th = cell("th", "\u00b1 95%", "num se");
    th.title = "half the width of the 95% confidence interval (1.96 standard errors)";
    hr.append(th);
  }
  for (const [h, , title] of cols) {
    const th = cell("th", h, "num");
    th.title = title;
    hr.append(th);
  }
  thead.append(hr);
  const tbody = cell("tbody");
  data.players.forEach((p, i) => {
    const tr = cell("tr");
    tr.style.setProperty("--seat-colour", SEAT_COLOURS[i % SEAT_COLOURS.length]);
    const hand = cell("td", null, "hand");
    hand.append(handElement(p.hand));
    tr.append(cell("td", state.names[i] || String(i + 1), "seat-no"), hand);
    const eq = cell("td", null, "equity");
    const bar = cell("span", null, "bar");
    const fill = cell("span", null, "fill");
    fill.style.width = `${(100 * p.equity).toFixed(2)}%`;
    bar.append(fill);
    if (mc) {
      // The 95% interval drawn on the bar.
      const lo = p.equity_ci95 ? p.equity_ci95[0] : p.equity - 1.96 * p.equity_se;
      const hi = p.equity_ci95 ? p.equity_ci95[1] : p.equity + 1.96 * p.equity_se;
      const err = cell("span", null, "err");
      err.style.left = `${Math.max(0, 100 * lo)}%`;
      err.style.width = `${Math.max(0.4, 100 * (Math.min(1, hi) - Math.max(0, lo)))}%`;
      bar.append(err);
    }
    const num = cell("span", pct(p.equity), "value");
    num.dataset.testid = `equity-${i + 1}`;
    eq.append(bar, num);
    tr.append(eq);
    if (mc) tr.append(cell("td", pct(1.96 * p.equity_se), "num se"));
    for (const [, key] of cols) tr.append(cell("td", pct(p[key]), "num"));
    tbody.append(tr);
  });
  table.append(thead, tbody);
  box.append(table);

  const notes = [];
  if (data.note) notes.push(data.note);
  if (data.no_low !== undefined && (qualifier || data.no_low > 0)) {
    notes.push(`no low (high takes the whole pot): ${pct(data.no_low)}`);
  }
  if (data.community) {
    notes.push(`card shortage: the community card ${data.community} is every player's seventh card`);
  } else if (data.community_card) {
    notes.push("card shortage: with everyone staying in, the river will be one community card shared by every player");
  }
  for (const n of notes) box.append(cell("p", n, "note"));
  if (data.pot_odds) {
    const po = data.pot_odds;
    const p = cell("p", null, "verdict");
    p.dataset.testid = "pot-odds";
    p.append(cell("b", `Pot odds for player ${po.hero}: `), document.createTextNode(po.verdict));
    box.append(p);
  }
  markSeats(data.players.map((p) => p.equity));
}

// Each seat on the felt shows its equity (a number and a slim bar). The last numbers are
// kept so that seats drawn anew show them again (dimmed once the table has changed,
// until its own odds come).
let seatEquities = null;
let seatsStale = false;

export function markSeats(equities, { stale = false } = {}) {
  seatEquities = equities;
  seatsStale = stale;
  remarkSeats();
}

export function remarkSeats() {
  const equities = seatEquities;
  document.querySelectorAll("#seats .seat").forEach((seat, i) => {
    const known = equities && equities[i] !== undefined && equities[i] !== null;
    const fill = seat.querySelector(".seat-bar span");
    if (fill) fill.style.width = known ? `${(100 * equities[i]).toFixed(1)}%` : "0";
    const label = seat.querySelector(".seat-equity");
    if (label) label.textContent = known ? pct(equities[i]) : "";
    seat.classList.toggle("stale", seatsStale);
  });
}

// Before a table's first odds come: the rows they will fill, the numbers blank, so that
// what lies below does not jump down when they arrive (about 210 px on a phone, enough
// to turn a tap on the tabs into a tap on the deck). Only where no odds are on show yet:
// later answers replace odds of the same shape.
export function holdPlace(hands, { split = false, declared = false, sampled = true, qualifier = false, potOdds = false } = {}) {
  const box = document.getElementById("results");
  if (box.querySelector("table.odds:not(.placeholder)")) return;
  const table = cell("table", null, "odds placeholder");
  const hr = cell("tr");
  hr.append(cell("th", "player"), cell("th", "hand"), cell("th", "equity", "num"));
  if (sampled) hr.append(cell("th", "\u00b1 95%", "num se"));
  for (const [h] of columns({ players: [split ? { high_win: 0 } : {}] }, declared)) {
    hr.append(cell("th", h, "num"));
  }
  const thead = cell("thead");
  thead.append(hr);
  const tbody = cell("tbody");
  hands.forEach((hand, i) => {
    const tr = cell("tr");
    tr.style.setProperty("--seat-colour", SEAT_COLOURS[i % SEAT_COLOURS.length]);
    const handCell = cell("td", null, "hand");
    handCell.append(handElement(hand));
    const eq = cell("td", null, "equity");
    const bar = cell("span", null, "bar");
    eq.append(bar, cell("span", "\u2026", "value"));
    tr.append(cell("td", state.names[i] || String(i + 1), "seat-no"), handCell, eq);
    for (let k = 0; k < hr.children.length - 3; k++) tr.append(cell("td", "\u2026", "num"));
    tbody.append(tr);
  });
  table.append(thead, tbody);
  const waiting = box.querySelector(".waiting");
  box.replaceChildren(...(waiting ? [waiting] : []), table);
  if (qualifier) box.append(cell("p", "no low (high takes the whole pot): \u2026", "note placeholder"));
  if (potOdds) box.append(cell("p", "Pot odds: \u2026", "verdict placeholder"));
  box.classList.add("stale");
}

// A question that ends without odds (refused, cancelled) leaves no blank rows behind.
export function dropPlaceholder() {
  document.querySelectorAll("#results .placeholder").forEach((el) => el.remove());
}

export function markStale(message) {
  seatsStale = true;
  remarkSeats();
  const box = document.getElementById("results");
  box.classList.add("stale");
  let p = box.querySelector(".waiting");
  if (!p) {
    p = cell("p", null, "waiting");
    box.prepend(p);
  }
  p.textContent = message;
}

// A table that came from a link waits for the user: a link can be sent by anyone (or
// opened by another site), and its odds may take the server minutes.
export function offerToWorkOut(onClick) {
  const box = document.getElementById("results");
  const button = cell("button", "Work out the odds", "work-out");
  button.type = "button";
  button.dataset.testid = "work-out";
  button.addEventListener("click", onClick);
  box.replaceChildren(
    cell("p", "This table was opened from a link (or reloaded): click Work out the odds to see its odds.", "hint"),
    button,
  );
  box.classList.remove("stale");
  markSeats(null);
}

export function clearResults(message) {
  const box = document.getElementById("results");
  box.replaceChildren(cell("p", message, "hint"));
  box.classList.remove("stale");
  markSeats(null);
}
