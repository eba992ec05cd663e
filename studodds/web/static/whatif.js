// What if: for a chosen player, every card that can come next as a 52-card grid coloured
// by the change in equity (/api/next), and the declare table in the games played with a
// declaration (/api/declare).

import { ApiError, isAbort, postJSON } from "./api.js";
import { fullDeck, handElement, pct, points, cardElement } from "./cards.js";
import { playerName, question, state } from "./state.js";
import { methodWords } from "./results.js";

let nextController = null;
let declareController = null;
let ownController = null;
let showError = () => {};

export function initWhatIf(errorHook) {
  showError = errorHook;
  document.getElementById("next-run").addEventListener("click", runNext);
  document.getElementById("next-cancel").addEventListener("click", () => nextController && nextController.abort("Cancelled."));
  document.getElementById("declare-run").addEventListener("click", runDeclare);
  document.getElementById("own-run").addEventListener("click", runOwn);
}

// The player picker and the declare section follow the table.
export function renderWhatIfControls() {
  const sel = document.getElementById("player");
  const labels = state.seats.map((_, i) => playerName(i));
  if ([...sel.options].map((o) => o.textContent).join("\n") !== labels.join("\n")) {
    sel.replaceChildren();
    labels.forEach((label, i) => {
      const o = document.createElement("option");
      o.value = String(i + 1);
      o.textContent = label;
      sel.append(o);
    });
  }
  sel.value = String(state.player);
  document.getElementById("declare-box").hidden = !state.game.declare;
}

// The table changed: answers on show belong to the old one.
export function markWhatIfStale() {
  for (const id of ["next-out", "declare-out", "own-out"]) {
    const box = document.getElementById(id);
    if (box.querySelector(".next-grid, table")) box.classList.add("stale");
  }
  const why = "Stopped: the table changed. Ask again for the new table.";
  if (nextController) nextController.abort(why);
  if (declareController) declareController.abort(why);
  if (ownController) ownController.abort(why);
}

// Why a question was stopped (the reason given to abort), in a line for its box.
function stopped(controller) {
  const why = controller.signal.reason;
  return note(typeof why === "string" ? why : "Cancelled.");
}

function progressBar(box, label) {
  box.classList.remove("stale");
  box.replaceChildren();
  const p = document.createElement("div");
  p.className = "progress";
  p.innerHTML = `<span class="label"></span><span class="track"><span class="done"></span></span>`;
  p.querySelector(".label").textContent = label;
  box.append(p);
  return (fraction) => {
    p.querySelector(".done").style.width = `${Math.round(100 * fraction)}%`;
  };
}

async function runNext() {
  if (nextController) nextController.abort();
  const controller = new AbortController();
  nextController = controller;
  const box = document.getElementById("next-out");
  const cancel = document.getElementById("next-cancel");
  const started = performance.now();
  if (state.community) {
    box.replaceChildren(note("The community card is the last card: nothing more comes to anyone."));
    nextController = null;
    return;
  }
  const onProgress = progressBar(box, "Dealing every next card\u2026");
  cancel.hidden = false;
  // `next` asks about the cards as they lie: declarations settle the pot, not the cards.
  const q = question();
  delete q.declare;
  try {
    const data = await postJSON("/api/next", { ...q, player: state.player },
      { signal: controller.signal, onProgress });
    renderNext(data, (performance.now() - started) / 1000);
    showError("");
  } catch (err) {
    if (controller.signal.aborted || isAbort(err)) box.replaceChildren(stopped(controller));
    else { box.replaceChildren(); showError(err instanceof ApiError ? err : String(err)); }
  } finally {
    if (nextController === controller) { nextController = null; cancel.hidden = true; }
  }
}

function note(text, cls = "note") {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

// Green for the cards that help, red for those that hurt, the stronger the bigger the
// change (a change of 30 points or more is full colour).
function changeColour(delta, group) {
  if (group === "neutral") return "hsl(45 20% 88%)";
  const strength = Math.min(1, Math.abs(delta) / 0.3);
  const light = 92 - 45 * strength;
  return delta > 0 ? `hsl(130 55% ${light}%)` : `hsl(0 70% ${light}%)`;
}

function renderNext(data, seconds) {
  const box = document.getElementById("next-out");
  box.classList.remove("stale");
  box.replaceChildren();
  // As the CLI's title says it: the street named is the one the card comes on, said of
  // the card ("on 5th street" after the hand read as the street the hand is on).
  const coming = data.community_card ? "the community card" : `the ${data.street.replace(" ", "-")} card`;
  const head = document.createElement("p");
  head.className = "method-line";
  const title = document.createElement("b");
  title.append(`${coming[0].toUpperCase()}${coming.slice(1)} to player ${data.player} `, handElement(data.hand));
  head.append(
    title,
    document.createTextNode(` (${data.method === "exact" ? "exact" : "Monte Carlo"}; ${seconds.toFixed(2)} s): equity now ${pct(data.equity_now)}`),
  );
  box.append(head);
  const byCard = new Map(data.cards.map((c) => [c.card, c]));
  const split = data.cards.length && data.cards[0].scoop !== undefined;
  // Sampled, cards that do the same thing (one rank, suits nowhere on the table) show one
  // figure, their mean, as the CLI gives them one row: apart, each would show its own noise.
  const twins = new Map();
  for (const group of data.alike || []) {
    const mean = (key) => group.reduce((sum, card) => sum + byCard.get(card)[key], 0) / group.length;
    const shared = { equity: mean("equity"), delta: mean("delta"), group };
    for (const card of group) twins.set(card, shared);
  }
  const grid = document.createElement("div");
  grid.className = "next-grid";
  for (const card of fullDeck()) {
    const c = byCard.get(card);
    const cellEl = document.createElement("div");
    cellEl.className = "next-cell";
    cellEl.dataset.card = card;
    if (!c) {
      cellEl.classList.add("out");
      cellEl.title = `${card}: not in the stub (on the table or dead)`;
      cellEl.append(cardElement(card, "up"));
      grid.append(cellEl);
      continue;
    }
    const twin = twins.get(card);
    const shown = twin || c;
    cellEl.classList.add(c.group);
    if (twin) cellEl.classList.add("alike");
    cellEl.style.background = changeColour(shown.delta, c.group);
    cellEl.append(cardElement(card, "up"));
    const eq = document.createElement("span");
    eq.className = "eq";
    eq.textContent = pct(shown.equity, 1);
    const d = document.createElement("span");
    d.className = "delta";
    d.textContent = points(shown.delta);
    cellEl.append(eq, d);
    let title = `${card}: equity ${pct(shown.equity)} (${points(shown.delta)} points), makes ${c.category}`;
    if (twin) title += `; the same as ${twin.group.filter((t) => t !== card).join(" ")} (no card of these suits is out), so the mean of their samples`;
    if (split) {
      title += `; scoop ${pct(c.scoop)} (${points(c.scoop_delta)}), high win ${pct(c.high_win)}, low win ${pct(c.low_win)}`;
    }
    cellEl.title = title;
    grid.append(cellEl);
  }
  box.append(grid);
  const counts = { improving: 0, neutral: 0, hurting: 0 };
  for (const c of data.cards) counts[c.group]++;
  box.append(note(
    `${counts.improving} cards improve, ${counts.neutral} change little (under 0.1 point${data.method === "exact" ? "" : " or two standard errors"}), ${counts.hurting} hurt. ` +
    `${data.favourite_cards} of ${data.cards.length} make player ${data.player} the favourite; ${data.dead_cards} leave them drawing dead. ` +
    "The number under a card: the equity once it comes; then the change in percentage points.",
  ));
  const errors = data.cards.map((c) => c.equity_se).filter((se) => se !== undefined);
  if (errors.length) {
    box.append(note(
      `Sampled: each card's equity is within about ${(200 * Math.max(...errors)).toFixed(2)} points of its exact value 19 times in 20, ` +
      "so two cards closer than that may be the wrong way round. Cards of one rank whose suits are nowhere on the table show one figure, the mean of their samples.",
    ));
  }
}

async function runDeclare() {
  if (declareController) declareController.abort();
  const controller = new AbortController();
  declareController = controller;
  const box = document.getElementById("declare-out");
  const started = performance.now();
  progressBar(box, "Settling every declaration\u2026");
  const q = question();
  delete q.declare; // the table asks every way the others may declare
  try {
    const data = await postJSON("/api/declare", { ...q, player: state.player }, { signal: controller.signal });
    renderDeclare(data, (performance.now() - started) / 1000);
    showError("");
  } catch (err) {
    if (controller.signal.aborted || isAbort(err)) box.replaceChildren(stopped(controller));
    else { box.replaceChildren(); showError(err instanceof ApiError ? err : String(err)); }
  } finally {
    if (declareController === controller) declareController = null;
  }
}

// A declaration as players say it: "both ways", where the data says "both".
const DECLARED = { high: "high", low: "low", both: "both ways" };

function renderDeclare(data, seconds) {
  const box = document.getElementById("declare-out");
  box.classList.remove("stale");
  box.replaceChildren();
  const head = note(`${data.street}: ${methodWords(data)} (${seconds.toFixed(2)} s). Player ${data.player} `, "method-line");
  head.append(handElement(data.hands[data.player - 1]), " declares; the equity of each choice against the others' declarations:");
  box.append(head);
  const others = data.hands.map((_, i) => i + 1).filter((i) => i !== data.player);
  const table = document.createElement("table");
  table.className = "odds declare-table";
  const hr = document.createElement("tr");
  // each row is what the others declare: "player 2" alone over them read as a player
  for (const h of [...others.map((i) => `player ${i} declares`), "if high", "if low", "if both ways", "best"]) {
    const th = document.createElement("th");
    // "declares" under the name, where a phone has the room for it
    const [first, second] = h.split(/ (?=declares)/);
    th.append(first);
    if (second) {
      const more = document.createElement("span");
      more.className = "roomy";
      more.append(document.createElement("br"), second);
      th.append(more);
    }
    hr.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(hr);
  const tbody = document.createElement("tbody");
  for (const row of data.rows) {
    const tr = document.createElement("tr");
    for (const d of row.others) tr.append(Object.assign(document.createElement("td"), { textContent: DECLARED[d] || d }));
    for (const choice of ["high", "low", "both"]) {
      const td = document.createElement("td");
      td.className = "num";
      td.textContent = pct(row[choice]);
      if (row.best === choice) td.classList.add("best");
      tr.append(td);
    }
    tr.append(Object.assign(document.createElement("td"), { textContent: DECLARED[row.best] || row.best }));
    tbody.append(tr);
  }
  table.append(thead, tbody);
  box.append(table);
}

// How often the chosen player's hand ends as each final hand (/api/odds: `studodds
// odds`), the other players' cards out of the deck: counted exactly.
async function runOwn() {
  if (ownController) ownController.abort();
  const controller = new AbortController();
  ownController = controller;
  const box = document.getElementById("own-out");
  const onProgress = progressBar(box, "Counting every way the cards can fall\u2026");
  const q = question();
  const body = { game: q.game, hands: q.hands, dead: q.dead, player: state.player };
  if (q.community) body.community = q.community;
  try {
    const data = await postJSON("/api/odds", body, { signal: controller.signal, onProgress });
    renderOwn(data);
    showError("");
  } catch (err) {
    if (controller.signal.aborted || isAbort(err)) box.replaceChildren(stopped(controller));
    else { box.replaceChildren(); showError(err instanceof ApiError ? err : String(err)); }
  } finally {
    if (ownController === controller) ownController = null;
  }
}

const HALF_TITLE = { high: "final hand", "low (8 or better)": "low, 8 or better", low: "low" };

function renderOwn(data) {
  const box = document.getElementById("own-out");
  box.classList.remove("stale");
  box.replaceChildren();
  const head = document.createElement("p");
  head.className = "method-line";
  const title = document.createElement("b");
  title.append(`Player ${state.player} `, handElement(data.hand), data.street === "before the deal" ? ", every card unseen" : ` on ${data.street}`);
  const ways = data.completions.toLocaleString("en-US");
  head.append(title, document.createTextNode(`: how often it makes each hand, counted over every one of the ${ways} ways its ${data.to_come} unseen cards can fall (the other players' cards are out of the deck).`));
  box.append(head);
  const tables = document.createElement("div");
  tables.className = "own-tables";
  for (const half of data.halves) {
    const rows = half.rows.map((r) => [r.hand, pct(r.chance), pct(r.or_better)]);
    tables.append(smallTable([data.halves.length > 1 ? HALF_TITLE[half.name] || half.name : "final hand", "exactly", "or better"], rows));
  }
  if (data.both.length) {
    tables.append(smallTable(["a low and a high at once", "chance"], data.both.map((r) => [r.hand, pct(r.chance)])));
  }
  box.append(tables);
}

function smallTable(headers, rows) {
  const table = document.createElement("table");
  table.className = "odds own-table";
  const hr = document.createElement("tr");
  headers.forEach((h, i) => hr.append(Object.assign(document.createElement("th"), { textContent: h, className: i ? "num" : "" })));
  const thead = document.createElement("thead");
  thead.append(hr);
  const tbody = document.createElement("tbody");
  for (const row of rows) {
    const tr = document.createElement("tr");
    row.forEach((cell, i) => tr.append(Object.assign(document.createElement("td"), { textContent: cell, className: i ? "num" : "" })));
    tbody.append(tr);
  }
  table.append(thead, tbody);
  return table;
}
