// Replay: a hand-history file (any format the readers take) sent as it is to
// /api/replay; pick a hand, step through its streets on the table, with every player's
// equity street by street as a line chart, as the hero saw it or with every card shown.

import { ApiError, isAbort, postFile } from "./api.js";
import { handElement, handShape, money, parseCardList, parseHand, pct } from "./cards.js";
import { lineChart } from "./chart.js";
import { markSeats } from "./results.js";
import { SEAT_COLOURS, gameById, state } from "./state.js";
import { showReadOnly } from "./table.js";

const replay = {
  hands: [],      // /api/replay's answer: one object per hand
  hand: 0,        // the hand on show
  street: 0,
  view: "hero",   // "hero" (as the hero saw it) or "revealed" (every card shown)
  saved: null,    // the page's own table while a replay is on show
  controller: null,
};

let hooks = { showError() {}, leave() {}, render() {} };

export function initReplay(h) {
  hooks = h;
  document.getElementById("replay-file").addEventListener("change", openFile);
  document.getElementById("replay-hand").addEventListener("change", (e) => {
    replay.hand = Number(e.target.value);
    replay.street = 0;
    show();
  });
  document.getElementById("replay-prev").addEventListener("click", () => step(-1));
  document.getElementById("replay-next").addEventListener("click", () => step(1));
  for (const r of document.querySelectorAll("input[name=replay-view]")) {
    r.addEventListener("change", () => { replay.view = r.value; show(); });
  }
  document.getElementById("replay-take").addEventListener("click", () => leave(true));
  document.getElementById("replay-close").addEventListener("click", () => leave(false));
}

export function replaying() {
  return replay.saved !== null;
}

function streetName(s) {
  return /street$/.test(s.street) ? s.street : `${s.street} street`;
}

async function openFile(e) {
  const file = e.target.files[0];
  if (!file) return;
  // The file's warnings, as `studodds replay` writes them on stderr, as they come.
  const warnings = document.getElementById("replay-warnings");
  warnings.replaceChildren();
  warnings.hidden = true;
  const warn = (line) => {
    warnings.append(Object.assign(document.createElement("li"), { textContent: line }));
    warnings.hidden = false;
  };
  const params = new URLSearchParams({ name: file.name });
  const hero = document.getElementById("replay-hero").value.trim();
  if (hero) params.set("hero", hero);
  await runReplay(`/api/replay?${params}`, file, file.name, { onWarning: warn });
}

// Post `body` to `url` and show the hands it answers under `label` (at `street`), with
// the progress on the status line; a newer replay aborts this one, and the warnings of
// one it took over from are dropped.
async function runReplay(url, body, label, { onWarning = () => {}, street = null } = {}) {
  if (replay.controller) replay.controller.abort();
  const controller = new AbortController();
  replay.controller = controller;
  const status = document.getElementById("replay-status");
  status.classList.remove("error");
  status.textContent = `Replaying ${label}\u2026`;
  try {
    const hands = await postFile(url, body, {
      signal: controller.signal,
      onProgress: (f) => { status.textContent = `Replaying ${label}: ${Math.round(100 * f)}%`; },
      onWarning: (line) => { if (replay.controller === controller) onWarning(line); },
    });
    showHands(hands, label, street);
  } catch (err) {
    if (isAbort(err)) return;
    // Said beside the file chooser, where the eyes are, and the last file's hand goes:
    // it stayed on show under the new file's name.
    clearHands();
    const message = (err instanceof ApiError ? err.message : String(err)).replace(/^Error: /, "");
    status.textContent = message.includes(label) ? message : `${label}: ${message}`;
    status.classList.add("error");
  } finally {
    if (replay.controller === controller) replay.controller = null;
  }
}

// The hands of an answer of /api/replay on show, from the first (or the street named).
function showHands(hands, label, street = null) {
  const status = document.getElementById("replay-status");
  const playable = hands.filter((h) => h.streets && h.streets.length);
  if (!playable.length) {
    clearHands();
    status.textContent = `${label}: no hand to replay with odds.`;
    return;
  }
  replay.hands = playable;
  status.textContent = `${label}: ${replay.hands.length} hand${replay.hands.length === 1 ? "" : "s"} to replay.`;
  const sel = document.getElementById("replay-hand");
  sel.replaceChildren();
  replay.hands.forEach((h, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    const g = gameById(h.game);
    o.textContent = `Hand ${h.hand_id}: ${g ? g.name : h.game} (${h.room}), ${h.streets[0].players.length} players`;
    sel.append(o);
  });
  replay.hand = 0;
  const at = street === null ? -1 : replay.hands[0].streets.findIndex(
    (s) => s.street === street || s.street === `${street} street`);
  replay.street = Math.max(0, at);
  hooks.showError("");
  show();
}

// No hand on show: back to the table as it was, the hand picker emptied.
function clearHands() {
  leave(false);
  replay.hands = [];
  document.getElementById("replay-hand").replaceChildren();
  document.getElementById("replay-views").hidden = true;
}

// A hand of the review database (room, hand id) replayed as `player` saw it, shown at
// `street`: the costly list's entries and their links open it.
export async function openStoredHand({ room, hand, player, street }) {
  document.querySelector("[data-testid=replay-tab]").click();
  document.getElementById("replay-warnings").hidden = true;
  const params = new URLSearchParams({ room, hand });
  if (player) params.set("player", player);
  await runReplay(`/api/review/replay?${params}`, new Blob([]), `${room} hand ${hand}`,
                  { street });
}

function step(d) {
  const h = replay.hands[replay.hand];
  if (!h) return;
  replay.street = Math.max(0, Math.min(h.streets.length - 1, replay.street + d));
  show();
}

// The seats of a hand: every player dealt in, in the order of its first street.
function playersOf(hand) {
  return hand.streets[0].players.map((p) => p.name);
}

function show() {
  const hand = replay.hands[replay.hand];
  if (!hand) return;
  if (replay.saved === null) {
    replay.saved = {
      game: state.game, seats: state.seats, names: state.names, declare: state.declare,
      dead: state.dead, community: state.community,
    };
  }
  const game = gameById(hand.game);
  state.game = game;
  const shape = handShape(game);
  const street = hand.streets[replay.street];
  const names = playersOf(hand);
  const suffix = replay.view === "hero" ? "_hero_view" : "_revealed";
  const byName = new Map(street.players.map((p) => [p.name, p]));
  // A player who has folded keeps the cards he held on his last street, greyed.
  const lastSeen = names.map((n) => {
    for (let k = replay.street; k >= 0; k--) {
      const p = hand.streets[k].players.find((q) => q.name === n);
      if (p) return { p, k };
    }
    return null;
  });
  const view = {
    names,
    hero: hand.hero,
    seats: lastSeen.map((x) => parseHand(x.p[replay.view === "hero" ? "hero_view" : "revealed"], shape)),
    folded: names.map((n) => !byName.has(n)),
    lines: names.map((n, i) => (byName.has(n) ? "" : `folded on ${streetName(hand.streets[lastSeen[i].k])}`)),
    dead: street.dead ? parseCardList(street.dead) || [] : [],
    community: street.community || null,
  };
  showReadOnly(view);
  hooks.render();
  // The replay's own odds are on show: nothing for the table's buttons to work out
  document.getElementById("recompute").hidden = true;
  document.getElementById("keep-seed").hidden = true;
  document.getElementById("replay-views").hidden = false; // before the chart: its width
  renderStreetButtons(hand);
  renderResults(hand, street, names, suffix);
  renderChart(hand, names);
  renderHandResult(hand);
  const coincide = hand.streets.every((s) => s.views_coincide);
  for (const r of document.querySelectorAll("input[name=replay-view]")) r.disabled = coincide;
  const same = document.getElementById("replay-coincide");
  same.hidden = !coincide;
  same.textContent = hand.face_up_from
    ? "(the hands shown were face up on every street replayed: the two views are the same)"
    : "(nobody else's hole cards are known: the two views are the same)";
  // What the CLI says of the hand besides its tables; its warnings are in the file's list.
  const notes = document.getElementById("replay-notes");
  notes.replaceChildren();
  for (const n of hand.notes || []) notes.append(Object.assign(document.createElement("li"), { textContent: n }));
  for (const p of hand.rule_problems || []) notes.append(Object.assign(document.createElement("li"), { textContent: `Rules: ${p}` }));
}

function renderStreetButtons(hand) {
  const box = document.getElementById("replay-streets");
  box.replaceChildren();
  hand.streets.forEach((s, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = streetName(s);
    b.className = i === replay.street ? "street-button on" : "street-button";
    b.addEventListener("click", () => { replay.street = i; show(); });
    box.append(b);
  });
  document.getElementById("replay-prev").disabled = replay.street === 0;
  document.getElementById("replay-next").disabled = replay.street === hand.streets.length - 1;
}

function td(text, cls) {
  return Object.assign(document.createElement("td"), { textContent: text, className: cls || "" });
}

function renderResults(hand, street, names, suffix) {
  const box = document.getElementById("results");
  box.classList.remove("stale");
  box.replaceChildren();
  const game = gameById(hand.game);
  const head = document.createElement("p");
  head.className = "method-line";
  head.dataset.testid = "method";
  const how = street.method === "exact" ? "exact" : "Monte Carlo";
  head.append(
    Object.assign(document.createElement("b"), { textContent: `Replay: ${game.name} on ${streetName(street)}` }),
    document.createTextNode(`, hand ${hand.hand_id} (${hand.room}), pot ${money(street.pot)}: ${how}, ${replay.view === "hero" ? `as ${hand.hero || "the hero"} saw it` : "every card shown"}`),
  );
  box.append(head);
  const split = street.players.length && street.players[0][`scoop${suffix}`] !== undefined;
  const table = document.createElement("table");
  table.className = "odds";
  const hr = document.createElement("tr");
  const headers = ["player", "hand", "equity"].concat(split ? ["scoop", "high win", "high split", "low win", "low split"] : []);
  for (const h of headers) hr.append(Object.assign(document.createElement("th"), { textContent: h, className: ["player", "hand"].includes(h) ? "" : "num" }));
  const thead = document.createElement("thead");
  thead.append(hr);
  const tbody = document.createElement("tbody");
  const equities = [];
  names.forEach((name, i) => {
    const p = street.players.find((q) => q.name === name);
    const tr = document.createElement("tr");
    tr.style.setProperty("--seat-colour", SEAT_COLOURS[i % SEAT_COLOURS.length]);
    tr.append(td(name, "seat-no"));
    if (!p) {
      tr.classList.add("folded");
      tr.append(td("folded", "hand"), td(""));
      equities.push(undefined);
      tbody.append(tr);
      return;
    }
    const equity = p[`equity${suffix}`];
    equities.push(equity);
    const hand = td("", "hand");
    hand.append(handElement(replay.view === "hero" ? p.hero_view : p.revealed));
    tr.append(hand);
    const cell = td("", "equity");
    cell.innerHTML = '<span class="bar"><span class="fill"></span></span><span class="value"></span>';
    cell.querySelector(".fill").style.width = `${(100 * equity).toFixed(2)}%`;
    const value = cell.querySelector(".value");
    value.textContent = pct(equity);
    value.dataset.testid = `equity-${i + 1}`;
    tr.append(cell);
    if (split) for (const k of ["scoop", "high_win", "high_tie", "low_win", "low_tie"]) tr.append(td(pct(p[k + suffix]), "num"));
    tbody.append(tr);
  });
  table.append(thead, tbody);
  box.append(table);
  const noLow = street[`no_low${suffix}`];
  if (noLow !== undefined && noLow > 0) box.append(Object.assign(document.createElement("p"), { className: "note", textContent: `no low (high takes the whole pot): ${pct(noLow)}` }));
  if (street.community) {
    box.append(Object.assign(document.createElement("p"), { className: "note", textContent: `card shortage: the community card ${street.community} is every player's seventh card` }));
  }
  if (street.pots && street.pots.length > 1) {
    // Each pot with who can win it and their equity in it.
    street.pots.forEach((pot, k) => {
      const shares = pot.players.map((q) => `${q.name} ${pct(q[`equity${suffix}`])}`).join(", ");
      const which = k === 0 ? "main pot" : street.pots.length > 2 ? `side pot ${k}` : "side pot";
      box.append(Object.assign(document.createElement("p"), { className: "note", textContent: `${which} of ${money(pot.amount)}: ${shares}` }));
    });
  }
  markSeats(equities);
}

function renderChart(hand, names) {
  const box = document.getElementById("replay-chart");
  const streets = hand.streets.map(streetName);
  const key = replay.view === "hero" ? "equity_hero_view" : "equity_revealed";
  const series = names.map((name, i) => ({
    name,
    colour: SEAT_COLOURS[i % SEAT_COLOURS.length],
    values: hand.streets.map((s) => {
      const p = s.players.find((q) => q.name === name);
      return p ? p[key] : null;
    }),
  }));
  const title = `Equity by street, ${replay.view === "hero" ? `as ${hand.hero || "the hero"} saw it` : "every card shown"}`;
  box.replaceChildren(lineChart({
    streets, series, current: replay.street, title, width: box.clientWidth,
    onPick: (i) => { replay.street = i; show(); },
  }));
}

// Who won what, under the chart: each pot in the server's words, the rake, what the
// file does not tell, and each player's net. The same whichever street is on show.
function renderHandResult(hand) {
  const box = document.getElementById("replay-result");
  box.replaceChildren();
  const result = hand.result;
  if (!result) return;
  box.append(Object.assign(document.createElement("h3"), { textContent: "Result" }));
  const pots = document.createElement("ul");
  pots.dataset.testid = "replay-pots";
  for (const pot of result.pots) pots.append(lineKeepingWords(pot.text));
  box.append(pots);
  // The amounts as the sentences write them: two decimals in a hand whose amounts have cents.
  const money = (amount) => (result.cents ? amount.toFixed(2) : String(amount));
  const said = [];
  if (result.rake !== null && result.rake !== undefined) said.push(`rake ${money(result.rake)}`);
  for (const line of said.concat(result.notes || [])) {
    box.append(Object.assign(document.createElement("p"), { className: "note", textContent: line }));
  }
  if (!result.players || !result.players.length) return;
  const table = document.createElement("table");
  table.className = "odds";
  table.dataset.testid = "replay-nets";
  const hr = document.createElement("tr");
  for (const h of ["player", "put in", "collected", "net"]) hr.append(Object.assign(document.createElement("th"), { textContent: h, className: h === "player" ? "" : "num" }));
  const thead = document.createElement("thead");
  thead.append(hr);
  const tbody = document.createElement("tbody");
  for (const p of result.players) {
    const tr = document.createElement("tr");
    tr.append(td(p.name), td(money(p.put_in), "num"), td(money(p.collected), "num"), td(money(p.net), "num"));
    tbody.append(tr);
  }
  table.append(thead, tbody);
  box.append(table);
}

// A list item of the server's words in which a word with hyphens (a hand's ranks,
// "8-7-5-3-2") stays on one line: a browser may break a line after a hyphen.
function lineKeepingWords(text) {
  const li = document.createElement("li");
  for (const [k, part] of text.split(/(\S*-\S*)/).entries()) {
    li.append(k % 2 ? Object.assign(document.createElement("span"), { className: "nowrap", textContent: part }) : part);
  }
  return li;
}

// Leave the replay: take the street on show to the table (to ask what if from here), or
// go back to the table as it was.
function leave(take) {
  if (replay.saved === null) return;
  const hand = replay.hands[replay.hand];
  if (take && hand) {
    const street = hand.streets[replay.street];
    const shape = handShape(state.game);
    state.seats = street.players.map((p) => parseHand(replay.view === "hero" ? p.hero_view : p.revealed, shape));
    state.names = street.players.map((p) => p.name); // the live players, in seat order
    state.declare = state.seats.map(() => "");
    state.dead = street.dead ? parseCardList(street.dead) || [] : [];
    state.community = street.community || null;
    state.player = Math.max(1, street.players.findIndex((p) => p.name === hand.hero) + 1);
  } else {
    Object.assign(state, replay.saved);
  }
  replay.saved = null;
  showReadOnly(null);
  document.getElementById("replay-views").hidden = true;
  hooks.leave();
}

// Any edit of the table while a replay is on show takes the street over.
export function takeOver() {
  if (replaying()) leave(true);
}
