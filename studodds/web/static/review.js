// The Review tab: hand-history files imported into the server's database (one request a
// file, each under the upload cap), then the stats of `studodds review stats` with their
// filters, the net over hands and the stats by game drawn as SVG (no chart library).

import { getJSON, getStreamed, isAbort, postFile } from "./api.js";
import { money } from "./cards.js";
import { openStoredHand } from "./replay.js";
import { gameById } from "./state.js";

const SVG_NS = "http://www.w3.org/2000/svg";
let showing = null; // the stats request on its way: a newer one cancels it
let latest = null; // the last stats answer, for the by-game chart's stat picker

function $(id) { return document.getElementById(id); }

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

function say(line) {
  const box = $("review-error");
  box.textContent = line;
  box.hidden = !line;
}

function counts(imported, duplicates, skipped) {
  return `${imported.toLocaleString("en")} imported, ${duplicates.toLocaleString("en")} already in the database, ${skipped.toLocaleString("en")} skipped`;
}

async function importFiles(files) {
  const list = $("review-import-files");
  list.replaceChildren();
  list.hidden = true;
  say("");
  const total = { imported: 0, duplicates: 0, skipped: 0 };
  let done = 0;
  for (const file of files) {
    $("review-import-status").textContent = `Importing ${file.name} (${done + 1} of ${files.length})\u2026`;
    const li = document.createElement("li");
    try {
      const answer = await postFile(`/api/review/import?name=${encodeURIComponent(file.name)}`, file);
      for (const k of Object.keys(total)) total[k] += answer[k];
      const one = answer.files[0];
      li.textContent = one.note ? `${file.name}: nothing imported (${one.note})`
        : `${file.name}: ${counts(one.imported, one.duplicates, one.skipped.length)}`;
      for (const hand of one.skipped) {
        const why = document.createElement("div");
        why.textContent = `skipped ${hand.hand_id ? `hand ${hand.hand_id}, ` : ""}line ${hand.line}: ${hand.reason}`;
        li.append(why);
      }
    } catch (err) {
      li.textContent = `${file.name}: not imported (${err.message})`;
    }
    list.append(li);
    list.hidden = false;
    done += 1;
  }
  $("review-import-status").textContent =
    `${done} file${done === 1 ? "" : "s"}: ${counts(total.imported, total.duplicates, total.skipped)}`;
  $("review-files").value = "";
  showStats();
}

function filterQuery() {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData($("review-filters"))) {
    if (String(value).trim()) params.set(name, String(value).trim());
  }
  return params.toString();
}

async function showStats() {
  if (showing) showing.abort();
  const controller = new AbortController();
  showing = controller;
  say("");
  let answer;
  try {
    const query = filterQuery();
    answer = await getJSON(`/api/review/stats${query ? `?${query}` : ""}`, { signal: controller.signal });
  } catch (err) {
    if (!isAbort(err)) {
      say(err.message);
      // no stats under filters refused: the last ones stayed on show as if theirs
      $("review-summary").textContent = "";
      $("review-body").hidden = true;
    }
    return;
  } finally {
    if (showing === controller) showing = null;
  }
  latest = answer;
  render(answer);
}

function fillChoices(select, values, label = (v) => v) {
  const chosen = select.value;
  select.replaceChildren(new Option("all", ""));
  for (const v of values) select.append(new Option(label(v), v));
  select.value = values.includes(chosen) ? chosen : "";
}

function render(answer) {
  if (!answer.hands_in_database) {
    $("review-summary").textContent = "No hands in the database yet: choose hand-history files above.";
    $("review-body").hidden = true;
    return;
  }
  fillChoices($("review-game"), answer.choices.games, gameName);
  fillChoices($("review-stakes"), answer.choices.stakes);
  fillChoices($("review-room"), answer.choices.rooms);
  const hands = statOf(answer.stats, "hands").value;
  const asked = $("review-player").value.trim();
  const who = answer.players.length === 1 ? answer.players[0]
    : answer.players.length ? "the hero of each hand" : asked || "the hero of each hand";
  let line = `${hands.toLocaleString("en")} hand${hands === 1 ? "" : "s"} of ${who} (of ${answer.hands_in_database.toLocaleString("en")} in the database)`;
  if (answer.undated_hands_left_out) line += `; ${answer.undated_hands_left_out} hands without a date left out by the dates`;
  // A name no hand has: what the filter named and the names there are, not "0 hands of"
  if ((answer.not_found || []).length && !hands) line = answer.not_found.join(". ");
  else for (const said of answer.not_found || []) line += `. ${said}`;
  $("review-summary").textContent = line;
  $("review-body").hidden = !hands;
  if (!hands) return;
  renderTable(answer.stats);
  const drawExpected = answer.expected.showdowns_expected > 0;
  $("review-net").replaceChildren(netChart(answer.net_over_hands, drawExpected),
    netCaption(answer.expected, drawExpected));
  const picker = $("review-stat");
  const chosen = picker.value || "bb_per_100";
  picker.replaceChildren(...answer.stats.filter((s) => s.stat !== "net")
    .map((s) => new Option(s.label, s.stat)));
  picker.value = chosen;
  renderByGame();
}

function gameName(id) {
  const game = gameById(id);
  return game ? game.name : id;
}

function statOf(stats, key) {
  return stats.find((s) => s.stat === key);
}

// A share in percent; bb/100, aggression (per call) and totals as numbers.
function shown(stat) {
  if (stat.value === null) return "-";
  if (stat.out_of === null) return stat.stat === "hands" ? stat.value.toLocaleString("en") : stat.value.toFixed(2);
  if (stat.stat === "bb_per_100" || stat.stat.startsWith("aggression")) return stat.value.toFixed(2);
  return `${(100 * stat.value).toFixed(1)}%`;
}

function renderTable(stats) {
  const table = $("review-stats");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const [text, cls] of [["stat", ""], ["value", "num"], ["of", "num"]]) {
    const th = document.createElement("th");
    th.textContent = text;
    if (cls) th.className = cls;
    head.append(th);
  }
  const body = table.createTBody();
  for (const s of stats) {
    const row = body.insertRow();
    row.dataset.stat = s.stat;
    row.insertCell().textContent = s.label;
    const value = row.insertCell();
    value.className = "num";
    value.textContent = shown(s);
    const of = row.insertCell();
    of.className = "num";
    if (s.stat.startsWith("aggression")) {
      const bets = s.count === 1 ? "1 bet or raise" : `${s.count.toLocaleString("en")} bets and raises`;
      of.textContent = `${bets}, ${s.out_of.toLocaleString("en")} call${s.out_of === 1 ? "" : "s"}`;
    } else if (s.out_of !== null && s.stat !== "bb_per_100") {
      of.textContent = `${s.count.toLocaleString("en")} of ${s.out_of.toLocaleString("en")}`;
    }
  }
}

// A chart drawn as wide as its box (640 at most): on a phone its words stay readable
// rather than shrink with a wide drawing.
function chartWidth(id) {
  return Math.max(300, Math.min(640, $(id).clientWidth || 640));
}

// The net after each hand, in big bets: a line over a zero line, won above, lost below;
// beside it, dashed, the expected (the net without the river's luck: each showdown's luck
// on the last street with a card to come taken out).
function netChart(points, drawExpected) {
  const W = chartWidth("review-net"), H = 240, left = 52, right = 16, top = 26, bottom = 32;
  const plotW = W - left - right, plotH = H - top - bottom;
  const values = points.map((p) => p.net_big_bets);
  const expected = drawExpected ? points.map((p) => p.expected_big_bets) : [];
  const low = Math.min(0, ...values, ...expected), high = Math.max(0, ...values, ...expected);
  const span = high - low || 1;
  const last = points.length ? points[points.length - 1].hands : 1;
  const x = (n) => left + (last <= 1 ? plotW : ((n - 1) / (last - 1)) * plotW);
  const y = (v) => top + ((high - v) / span) * plotH;
  // The title fits a phone's width (a test measures it at 360 px); the caption says the rest.
  const title = drawExpected ? "Net, and net without river luck" : "Net in big bets over the hands";
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  root.append(svg("title", {}, title), svg("text", { x: left, y: 16, class: "chart-title" }, title));
  for (const v of [0, low, high]) {
    root.append(svg("line", { x1: left, x2: left + plotW, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }));
    // a bound next to 0 keeps its line, not its number: "0.0" and "-0.5" printed over
    // each other
    if (v !== 0 && Math.abs(y(v) - y(0)) < 14) continue;
    root.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, v.toFixed(1)));
  }
  root.append(svg("text", { x: left, y: H - 10, class: "tick" }, "1"));
  root.append(svg("text", { x: left + plotW, y: H - 10, class: "tick", "text-anchor": "end" }, `${last.toLocaleString("en")} hands`));
  const path = (key) => points.map((p, i) => `${i ? "L" : "M"}${x(p.hands).toFixed(1)},${y(p[key]).toFixed(1)}`).join("");
  const end = points[points.length - 1];
  if (drawExpected) {
    const line = svg("path", { d: path("expected_big_bets"), class: "line dashed expected" });
    line.append(svg("title", {}, `without the river's luck after ${end.hands} hands: ${end.expected_big_bets.toFixed(2)} big bets`));
    root.append(line);
  }
  const final = values[values.length - 1];
  root.append(svg("path", { d: path("net_big_bets"), class: `line ${final < 0 ? "lost" : "won"}` }));
  const dot = svg("circle", { cx: x(end.hands), cy: y(end.net_big_bets), r: 3.5, class: final < 0 ? "lost" : "won" });
  dot.append(svg("title", {}, `after ${end.hands} hands: ${final.toFixed(2)} big bets`));
  root.append(dot);
  return root;
}

// What the two lines are, under the plot, and why the expected line is missing or
// partial: its showdowns are priced by the costly list's button.
function netCaption(found, drawExpected) {
  const p = document.createElement("p");
  p.className = "hint chart-caption";
  p.dataset.testid = "review-net-caption";
  const waiting = found.showdowns_not_priced;
  const showdowns = (n) => `${n.toLocaleString("en")} showdown${n === 1 ? "" : "s"}`;
  if (drawExpected) {
    p.textContent = "In big bets. Solid: net. Dashed: net without the river's luck. At " +
      "each showdown where every hand was shown, the dashed line takes the player's equity " +
      "on 6th street (4th in five-card stud; in hi/lo, their expected share of the pot) " +
      "against the players who reach the showdown, every shown card known, times the " +
      "final pot they could win, less what they put in; so the river's bets count at that " +
      "equity too. The gap between the lines is the last-card luck \"studodds review " +
      "luck\" gives (its 6th street; 4th in five-card stud), over the hands so far; luck " +
      "on earlier streets stays in both lines. Hands that ended before a showdown, and " +
      "showdowns where a hand was mucked unseen, count as their net in both lines.";
    const unseen = found.showdowns - found.showdowns_expected - waiting;
    p.textContent += ` It adjusts ${found.showdowns_expected.toLocaleString("en")} of the ` +
      `${showdowns(found.showdowns)}` +
      (unseen > 0 ? `; ${unseen.toLocaleString("en")} had a hand not shown.` : ".");
    if (waiting) {
      p.textContent += ` ${waiting.toLocaleString("en")} of the ` +
        `${showdowns(found.showdowns)} ${waiting === 1 ? "is" : "are"} not priced yet and ` +
        `count${waiting === 1 ? "s" : ""} as their net in both lines until "Price the ` +
        "decisions\", below, prices them.";
    }
  } else if (waiting) {
    p.textContent = `No dashed line yet: it needs the ${showdowns(waiting)} here priced. ` +
      "\"Price the decisions\", below, prices them (once: the prices are kept in the " +
      "database).";
  } else if (found.showdowns) {
    p.textContent = "No dashed line: at each of these showdowns a hand was mucked unseen " +
      "(its cards are not in the file), so there is no equity to take, and each counts as " +
      "its net.";
  } else {
    p.textContent = "No dashed line: none of these hands went to a showdown, so there is " +
      "no river luck to take out.";
  }
  return p;
}

// The chosen stat of each game, a bar each (shares from 0 to 100%, the others from 0).
function renderByGame() {
  if (!latest || !latest.by_game) return;
  const key = $("review-stat").value || "bb_per_100";
  const rows = Object.entries(latest.by_game).map(([game, stats]) => [game, statOf(stats, key)]);
  // The names' column as wide as their longest line (about 6.6 units a letter at 12 px)
  const longest = Math.max(...rows.map(([game]) => Math.max(...labelLines(gameName(game)).map((l) => l.length))));
  const W = chartWidth("review-games"), rowH = 30, left = Math.min(170, Math.max(90, 6.6 * longest + 14)), right = 70, top = 10;
  const H = top + rowH * rows.length + 6;
  const values = rows.map(([, s]) => (s && s.value !== null ? s.value : 0));
  const low = Math.min(0, ...values), high = Math.max(0, ...values);
  const span = high - low || 1;
  const plotW = W - left - right;
  const x = (v) => left + ((v - low) / span) * plotW;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart bars", role: "img" });
  root.append(svg("title", {}, `${key} by game`));
  root.append(svg("line", { x1: x(0), x2: x(0), y1: top - 4, y2: H - 2, class: "axis" }));
  rows.forEach(([game, stat], i) => {
    const yMid = top + i * rowH + rowH / 2;
    const v = stat && stat.value !== null ? stat.value : 0;
    root.append(gameLabel(gameName(game), left - 8, yMid));
    const bar = svg("rect", { x: Math.min(x(0), x(v)), y: yMid - 9, width: Math.max(1, Math.abs(x(v) - x(0))), height: 18, class: v < 0 ? "bar lost" : "bar" });
    bar.append(svg("title", {}, `${gameName(game)}: ${stat ? shown(stat) : "-"}`));
    root.append(bar);
    root.append(svg("text", { x: Math.max(x(0), x(v)) + 6, y: yMid + 4, class: "tick value" }, stat ? shown(stat) : "-"));
  });
  $("review-games").replaceChildren(root);
}

// A game's name beside its bar, on two lines when long: "Seven-card stud hi/lo eight or
// better" was cut to "hi/lo eight or better" at the chart's left edge.
function labelLines(name) {
  if (name.length <= 18) return [name];
  const words = name.split(" ");
  let first = "";
  while (words.length > 1 && (first + " " + words[0]).trim().length <= name.length / 2 + 3) {
    first = `${first} ${words.shift()}`.trim();
  }
  if (!first) first = words.shift(); // a long first word ("Deuce-to-seven razz") leads
  return words.length ? [first, words.join(" ")] : [first];
}

function gameLabel(name, x, yMid) {
  const lines = labelLines(name);
  const text = svg("text", { x, y: lines.length === 1 ? yMid + 4 : yMid - 2, class: "tick", "text-anchor": "end" });
  if (lines.length === 1) text.textContent = name;
  else text.append(svg("tspan", { x }, lines[0]), svg("tspan", { x, dy: 12 }, lines[1]));
  return text;
}

function pct1(x) {
  return x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}%`;
}

// The costliest decisions, pricing first what is not priced yet (with progress); each
// entry opens the hand's replay at its street.
async function showCostly() {
  const status = $("review-costly-status");
  const button = $("review-costly-run");
  button.disabled = true;
  status.textContent = "Pricing the decisions\u2026";
  say("");
  let answer;
  try {
    const query = filterQuery();
    answer = await getStreamed(`/api/review/costly${query ? `?${query}` : ""}`, (f) => {
      status.textContent = `Pricing the decisions: ${Math.round(100 * f)}%`;
    });
  } catch (err) {
    status.textContent = "";
    if (!isAbort(err)) say(err.message);
    return;
  } finally {
    button.disabled = false;
  }
  const list = $("review-costly");
  list.replaceChildren();
  for (const d of answer.costly) {
    const li = document.createElement("li");
    const open = document.createElement("button");
    open.type = "button";
    open.className = "costly-entry";
    open.dataset.hand = d.hand_id;
    open.dataset.street = d.street;
    const game = gameById(d.game);
    const facing = d.facing ? ` facing ${money(d.facing)}` : "";
    open.textContent = `Hand ${d.hand_id} (${game ? game.name : d.game}, ${d.room}), ${d.street} street: ` +
      `${d.kind}${facing} into ${money(d.pot)}; needed ${pct1(d.needed)}, had ${pct1(d.equity)}: ` +
      `costs ${d.cost_big_bets.toFixed(2)} big bets`;
    open.title = `open the replay at ${d.street} street (on the command line: ${d.replay})`;
    open.addEventListener("click", () => openStoredHand({
      room: d.room, hand: d.hand_id, player: d.player, street: d.street }));
    li.append(open);
    list.append(li);
  }
  const waiting = answer.unpriced.length;
  status.textContent = answer.costly.length
    ? `The ${answer.costly.length} costliest of ${answer.priced.toLocaleString("en")} hands priced.`
    : `No decision cost anything in the ${answer.priced.toLocaleString("en")} hands priced.`;
  if (waiting) {
    const first = answer.unpriced[0];
    status.textContent += ` ${waiting} not priced: hand ${first.hand_id} (${first.source}): ` +
      `${first.reason}` +
      (waiting > 1 ? " (and the others alike)." : ".");
  }
  const note = $("review-costly-note");
  note.textContent = answer.ignores;
  note.hidden = false;
  showStats(); // the showdowns just priced draw the net plot's expected line
}

// A page link of the costly list (/#replay=ID&room=ROOM&street=S&player=P) opens the
// hand's replay at that street (app.js asks once the tabs are wired).
export function openLinkedHand() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get("replay") || !params.get("room")) return;
  openStoredHand({ room: params.get("room"), hand: params.get("replay"),
    player: params.get("player") || "", street: params.get("street") });
}

export function initReview() {
  $("review-files").addEventListener("change", (e) => {
    const files = [...e.target.files];
    if (files.length) importFiles(files);
  });
  $("review-filters").addEventListener("submit", (e) => {
    e.preventDefault();
    showStats();
  });
  for (const id of ["review-game", "review-stakes", "review-room"]) {
    $(id).addEventListener("change", showStats);
  }
  $("review-stat").addEventListener("change", renderByGame);
  $("review-costly-run").addEventListener("click", showCostly);
  window.addEventListener("hashchange", openLinkedHand);
  document.querySelector("[data-testid=review-tab]").addEventListener("click", () => {
    if (!latest) showStats();
  });
}
