// The page: the controls wired to the table, and the odds asked again (debounced) each
// time the table changes; a newer question cancels the older one. A table opened from a
// link waits for a click before its odds are asked.

import { ApiError, getJSON, isAbort, postJSON } from "./api.js";
import { seatIsEmpty } from "./cards.js";
import { markFaults } from "./faults.js";
import { initReplay, replaying, takeOver } from "./replay.js";
import { initReview, openLinkedHand } from "./review.js";
import { clearResults, dropPlaceholder, holdPlace, markStale, offerToWorkOut, remarkSeats, renderEquity } from "./results.js";
import {
  fromQuery, loadExample, potOddsFields, question, setGame, state, syncAddress, gameById,
  undeclared,
} from "./state.js";
import { initTable, renderTable, setTableErrorHook } from "./table.js";
import { initWhatIf, markWhatIfStale, renderWhatIfControls } from "./whatif.js";

const DEBOUNCE_MS = 300;
let timer = null;
let controller = null; // the question being answered

function $(id) { return document.getElementById(id); }

// The odds engine is compiled once after install; `studodds serve` does it as it starts
// and holds questions until then. Until it is ready the page says so, step by step,
// rather than "Working out the odds".
let engineReady = false;

async function waitForEngine(signal) {
  while (!engineReady && !signal.aborted) {
    let status;
    try {
      status = await getJSON("/api/ready");
    } catch (_) {
      return; // the server will say what is wrong when asked
    }
    if (status.ready) {
      engineReady = true;
      return;
    }
    const step = status.of ? `, step ${status.step} of ${status.of}: ${status.doing}` : "";
    markStale(`Getting ready (once after install, under a minute): compiling the odds engine${step}\u2026`);
    await new Promise((resolve) => { setTimeout(resolve, 500); });
  }
}

// A problem with the link the page was opened with: it stays on show, even when the
// example's odds come back, until the table is changed.
let linkProblem = "";

// One line near the table; "" hides it (or goes back to the link's problem). A refusal
// from the server (an ApiError) also marks the seats, boxes and cards it names.
function showError(problem) {
  const refused = problem instanceof ApiError;
  const message = (refused ? problem.message : problem) || linkProblem;
  const el = $("error");
  el.textContent = message ? message.replace(/^Error: /, "") : "";
  el.hidden = !message;
  markFaults(refused && problem.message ? problem.facts : null);
}

function renderAll() {
  renderTable();
  renderControls();
  renderWhatIfControls();
}

function renderControls() {
  $("game").value = state.game.id;
  for (const r of document.querySelectorAll("input[name=method]")) r.checked = r.value === state.method;
  $("trials").value = state.trials;
  $("precision").value = state.precision;
  $("trials").disabled = state.method !== "trials";
  $("precision").disabled = state.method !== "precision";
  if (document.activeElement !== $("seed")) $("seed").value = state.seed;
  $("pot").value = state.pot;
  $("to-call").value = state.toCall;
  $("bets-to-come").value = state.betsToCome;
  $("big-bet").value = state.bigBet;
  $("seat-count").textContent = replaying() ? "" : `${state.seats.length} of up to ${state.game.max_players} players`;
  // A replay brings its own game and method: the controls wait for the table to come back.
  $("game").disabled = replaying();
  document.querySelector(".method").disabled = replaying();
}

// The table changed: draw it, keep the address in step, ask for its odds again.
function changed() {
  if (replaying()) { takeOver(); return; } // leave() calls back here
  linkProblem = "";
  renderAll();
  syncAddress();
  markWhatIfStale();
  schedule();
}

function schedule() {
  clearTimeout(timer);
  markStale("The table changed: working out the odds\u2026");
  timer = setTimeout(compute, DEBOUNCE_MS);
}

// Simple inputs checked here, so that the line names the box to fix.
// The field a problem is about goes with it ([message, field]), so that its box is
// outlined as the server's refusals outline theirs.
function inputProblem() {
  if (state.seed !== "" && !/^\d+$/.test(state.seed)) return [`seed '${state.seed}': a whole number 0 or more, or empty for a new one each time`, "seed"];
  if (state.method === "trials" && !/^\d+$/.test(String(state.trials))) return [`trials '${state.trials}': a whole number of deals to sample`, "trials"];
  if (state.method === "precision" && !(Number(state.precision) > 0)) return [`precision '${state.precision}': a standard error above 0, e.g. 0.0005`, "precision"];
  for (const [name, v, field] of [["pot", state.pot, "pot"], ["to call", state.toCall, "to_call"], ["bets to come", state.betsToCome, "bets_to_come"], ["big bet", state.bigBet, "big_bet"]]) {
    if (v !== "" && !(Number(v) >= 0)) return [`${name} '${v}': an amount of chips, 0 or more`, field];
  }
  return null;
}

async function compute() {
  $("recompute").hidden = false;
  if (controller) controller.abort();
  controller = null;
  if (replaying()) return;
  const problem = inputProblem();
  if (problem) {
    showError(problem[0]);
    markFaults({ fields: [problem[1]] });
    dropPlaceholder();
    markStale("No odds until the settings are fixed.");
    return;
  }
  if (state.seats.every(seatIsEmpty)) {
    showError("");
    clearResults("Put cards on the table: pick a player's place, then click cards in the deck.");
    return;
  }
  const waiting = undeclared();
  if (waiting.length) {
    showError("");
    dropPlaceholder();
    const who = waiting.length === 1 ? `${waiting[0]} has` : `${waiting.slice(0, -1).join(", ")} and ${waiting[waiting.length - 1]} have`;
    markStale(`Waiting for the declarations: ${who} not declared yet. Everyone declares at once, and the declarations decide who can win which half: set one for every player, or put them all back to "declares\u2026" for the odds before the declare.`);
    return;
  }
  const mine = new AbortController();
  controller = mine;
  const body = { ...question(), ...potOddsFields() };
  holdPlace(body.hands, {
    split: (state.game.kinds || []).length > 1 && !body.declare,
    declared: Boolean(body.declare),
    sampled: !body.exact,
    qualifier: (state.game.kinds || []).some((k) => /_8$/.test(k)),
    potOdds: body.pot !== undefined,
  });
  await waitForEngine(mine.signal);
  if (controller !== mine) return; // a newer question took over while it waited
  const started = performance.now();
  const progress = $("progress");
  const showProgress = setTimeout(() => { progress.hidden = false; }, 400);
  $("progress-done").style.width = "0";
  try {
    const data = await postJSON("/api/equity", body, {
      signal: mine.signal,
      onProgress: (f) => { $("progress-done").style.width = `${Math.round(100 * f)}%`; },
    });
    if (controller !== mine) return;
    const game = gameById(data.game) || state.game;
    renderEquity(data, {
      seconds: (performance.now() - started) / 1000,
      gameName: game.name,
      qualifier: (game.kinds || []).some((k) => /_8$/.test(k)),
    });
    offerSeed(data);
    showError("");
  } catch (err) {
    if (controller !== mine) return; // a newer question took over
    const earlier = document.querySelector("#results table.odds:not(.placeholder)");
    dropPlaceholder();
    if (isAbort(err)) {
      markStale(earlier
        ? "Cancelled. The odds shown are for an earlier table: press \u201cWork out the odds again\u201d for this one."
        : "Cancelled: no odds for this table yet. Press \u201cWork out the odds again\u201d to work them out.");
    } else {
      showError(err instanceof ApiError ? err : `the server cannot be reached (${err.message})`);
      markStale("No odds for this table.");
    }
  } finally {
    clearTimeout(showProgress);
    if (controller === mine) {
      controller = null;
      progress.hidden = true;
    }
  }
}

// A sampled answer to a question without a seed: offer to keep its seed, so that the
// address reproduces these numbers.
function offerSeed(data) {
  const b = $("keep-seed");
  if (data.method !== "exact" && state.seed === "" && data.seed !== undefined && data.seed !== null) {
    b.hidden = false;
    b.textContent = `keep seed ${data.seed}`;
    b.dataset.seed = String(data.seed);
  } else {
    b.hidden = true;
  }
}

function wireControls() {
  $("game").addEventListener("change", (e) => {
    if (replaying()) takeOver();
    setGame(gameById(e.target.value));
    changed();
  });
  for (const r of document.querySelectorAll("input[name=method]")) {
    r.addEventListener("change", () => { state.method = r.value; changed(); });
  }
  $("trials").addEventListener("change", (e) => { state.trials = e.target.value.trim(); changed(); });
  $("precision").addEventListener("change", (e) => { state.precision = e.target.value.trim(); changed(); });
  $("seed").addEventListener("change", (e) => { state.seed = e.target.value.trim(); $("keep-seed").hidden = true; changed(); });
  $("keep-seed").addEventListener("click", (e) => {
    state.seed = e.target.dataset.seed;
    e.target.hidden = true;
    renderControls();
    syncAddress(); // the same numbers: nothing to ask again
  });
  $("cancel").addEventListener("click", () => { if (controller) controller.abort(); });
  $("recompute").addEventListener("click", () => { if (!replaying()) workOut(); });
  $("player").addEventListener("change", (e) => { state.player = Number(e.target.value); changed(); });
  const money = [["pot", "pot"], ["to-call", "toCall"], ["bets-to-come", "betsToCome"], ["big-bet", "bigBet"]];
  for (const [id, key] of money) {
    $(id).addEventListener("change", (e) => { state[key] = e.target.value.trim(); changed(); });
  }
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-link").textContent = "Link copied";
    } catch (_) {
      $("copy-link").textContent = "Copy it from the address bar";
    }
    setTimeout(() => { $("copy-link").textContent = "Copy link to this spot"; }, 2000);
  });
  for (const tab of document.querySelectorAll(".tabs button")) {
    tab.addEventListener("click", () => {
      for (const t of document.querySelectorAll(".tabs button")) {
        t.classList.toggle("on", t === tab);
        $(t.dataset.panel).hidden = t !== tab;
      }
    });
  }
}

async function boot() {
  let games;
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    showError(`the server did not give the games (${err.message}): is studodds serve running?`);
    return;
  }
  state.games = Array.isArray(games) ? games : Object.values(games);
  const sel = $("game");
  for (const g of state.games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    o.title = `${g.id} on the command line`;
    sel.append(o);
  }
  let fromLink = false;
  try {
    fromLink = fromQuery(location.search);
  } catch (err) {
    linkProblem = `${err.message}; showing an example instead`;
    showError(linkProblem);
  }
  if (!fromLink) loadExample();
  setGame(state.game); // every seat sized to the game
  initTable(changed, remarkSeats);
  setTableErrorHook(showError);
  initWhatIf(showError);
  initReplay({ showError, leave: changed, render: renderAll });
  initReview();
  wireControls();
  renderAll();
  openLinkedHand(); // before syncAddress writes the table's address over the link's
  syncAddress();
  // Whoever sent the link (or opened it from another site) chose what the server would
  // work on: the user asks for it. Without a question to ask (an empty table, a setting
  // to fix), compute() only says so. The example is the page's own, and quick.
  if (fromLink && !inputProblem() && !state.seats.every(seatIsEmpty)) {
    offerToWorkOut(workOut);
    $("recompute").hidden = true; // until there are odds to work out again
  } else {
    workOut();
  }
}

function workOut() {
  markStale("Working out the odds\u2026");
  compute();
}

boot();
