// The stud table: the seats with their hole cards, up cards and river, the dead cards and
// the community card (the deck they are dealt from is deck.js).

import { cardElement, emptySeat, handText, parseCardList, parseHand, seatIsEmpty } from "./cards.js";
import { initDeck, renderDeck, renderTarget, takeBack } from "./deck.js";
import { SEAT_COLOURS, playerName, shape, slotLabel, state } from "./state.js";

let onChange = () => {};
let afterRender = () => {}; // the seats' equities drawn again (results.remarkSeats)
let readOnly = null; // a replayed street on show: { seats, names, ... } (see replay.js)

export function initTable(changed, drawn) {
  onChange = changed;
  afterRender = drawn;
  document.getElementById("add-seat").addEventListener("click", addSeat);
  document.getElementById("clear-table").addEventListener("click", clearTable);
  initDeck(changed, (message) => tableErrorHook(message));
  document.getElementById("dead-text").addEventListener("change", (e) => {
    // Kept as typed when it holds a token that is no card, as a link's are: the server's
    // refusal names the token and marks the box, and the odds wait for the fix (the line
    // said here alone was lost at the next change, and the box went back to its old cards).
    const text = e.target.value.trim();
    state.dead = text === "" ? [] : (parseCardList(text) || text.split(/[\s,]+/).filter(Boolean));
    changed();
  });
  document.getElementById("dead-slot").addEventListener("click", () => {
    state.target = { kind: "dead" };
    renderTable();
  });
  for (const id of ["dead-slot", "community-slot"]) {
    document.getElementById(id).addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.currentTarget.click(); }
    });
  }
  document.getElementById("community-slot").addEventListener("click", () => {
    if (state.target.kind === "community" && state.community) state.community = null;
    state.target = { kind: "community" };
    changed();
  });
}

// A replayed street shown on the table instead of the page's own seats (null: ours).
export function showReadOnly(view) {
  readOnly = view;
  // A replay's table is read only and its deck greyed: on a narrow screen the deck goes,
  // so that the street buttons are not some 2,000 px below the table (style.css)
  document.body.classList.toggle("replaying", !!view);
}

let tableErrorHook = () => {};
export function setTableErrorHook(f) { tableErrorHook = f; }

function addSeat() {
  if (state.seats.length >= state.game.max_players) return;
  state.seats.push(emptySeat(shape()));
  state.declare.push("");
  state.names = state.seats.map((_, k) => state.names[k] || "");
  state.target = { kind: "seat", seat: state.seats.length - 1, group: "hole", index: 0 };
  onChange();
}

function removeSeat(i) {
  if (state.seats.length <= 2) return;
  state.seats.splice(i, 1);
  state.declare.splice(i, 1);
  state.names.splice(i, 1); // the others keep their names
  if (state.player > state.seats.length) state.player = state.seats.length;
  state.target = { kind: "seat", seat: Math.min(i, state.seats.length - 1), group: "hole", index: 0 };
  onChange();
}

function clearTable() {
  state.seats = state.seats.map(() => emptySeat(shape()));
  state.declare = state.declare.map(() => "");
  state.names = []; // a clean table: Player 1, Player 2, ...
  state.dead = [];
  state.community = null;
  state.target = { kind: "seat", seat: 0, group: "hole", index: 0 };
  onChange();
}

function isTarget(seatIndex, group, index) {
  const t = state.target;
  return t.kind === "seat" && t.seat === seatIndex && t.group === group && t.index === index;
}

// What has the keyboard's focus among the seats (drawn anew on every change), by the
// attribute that names it, so that the new one takes it: focus fell to the top of the
// page after each Enter or each place chosen.
function focusedInSeats() {
  const el = document.activeElement;
  if (!el || !document.getElementById("seats").contains(el)) return null;
  for (const key of ["testid", "slot"]) {
    if (el.dataset[key]) return `[data-${key}="${el.dataset[key]}"]`;
  }
  return null;
}

export function renderTable() {
  const seatsEl = document.getElementById("seats");
  const focused = focusedInSeats();
  seatsEl.replaceChildren();
  // A seat is as narrow as its places allow (style.css works out the width), so more
  // seats fit in a row.
  const s = shape();
  seatsEl.style.setProperty("--places", String(s.hole + s.up + s.river));
  const view = readOnly;
  const seats = view ? view.seats : state.seats;
  seats.forEach((seat, i) => seatsEl.append(seatElement(seat, i, view)));
  document.getElementById("add-seat").disabled = !!view || state.seats.length >= state.game.max_players;
  document.getElementById("add-seat").title = `up to ${state.game.max_players} players in ${state.game.name}`;
  document.getElementById("clear-table").disabled = !!view;
  renderDead(view);
  renderCommunity(view);
  renderDeck(view);
  renderTarget(view);
  if (focused) seatsEl.querySelector(focused)?.focus();
  afterRender();
}

function seatElement(seat, i, view) {
  const el = document.createElement("div");
  el.className = "seat";
  el.dataset.seat = String(i + 1);
  el.style.setProperty("--seat-colour", SEAT_COLOURS[i % SEAT_COLOURS.length]);
  if (!view && state.target.kind === "seat" && state.target.seat === i) el.classList.add("active");
  if (view && view.folded && view.folded[i]) el.classList.add("folded");

  const head = document.createElement("div");
  head.className = "seat-head";
  const name = document.createElement("span");
  name.className = "seat-name";
  name.textContent = view ? view.names[i] : playerName(i);
  head.append(name);
  if (view && view.hero === view.names[i]) {
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = "hero";
    head.append(tag);
  }
  const equity = document.createElement("span");
  equity.className = "seat-equity"; // filled in by results.markSeats
  head.append(equity);
  if (!view && state.game.declare) head.append(declareSelect(i));
  if (!view && state.seats.length > 2) {
    const remove = document.createElement("button");
    remove.className = "icon remove-seat";
    remove.type = "button";
    remove.title = `take ${state.names[i] || `player ${i + 1}`} off the table`;
    remove.setAttribute("aria-label", remove.title);
    remove.textContent = "\u00d7";
    remove.addEventListener("click", () => removeSeat(i));
    head.append(remove);
  }
  el.append(head);

  const cards = document.createElement("div");
  cards.className = "seat-cards";
  if (seat.raw !== null) {
    cards.append(badge("as typed", seat.raw, "the page cannot place these cards; the server reads them"));
  } else if (seat.random) {
    cards.append(badge("random hand", "every card unseen", "a study question: up cards are face up at a real table"));
  } else {
    const hole = group("hole cards", "hole");
    if (seat.range !== null) {
      const b = badge("range", seat.range, "hole cards: any combination that fits the range");
      b.classList.add("slot-like");
      if (!view) {
        b.addEventListener("click", () => { state.target = { kind: "seat", seat: i, group: "hole", index: 0 }; renderTable(); });
        if (isTarget(i, "hole", 0)) b.classList.add("target");
      }
      hole.append(b);
    } else {
      seat.hole.forEach((c, k) => hole.append(slot(c, i, "hole", k, view)));
    }
    cards.append(hole);
    const up = group("up cards", "up");
    seat.up.forEach((c, k) => up.append(slot(c, i, "up", k, view)));
    cards.append(up);
    if (seat.river.length) {
      const river = group("the river", "river");
      seat.river.forEach((c, k) => river.append(slot(c, i, "river", k, view)));
      cards.append(river);
    }
  }
  el.append(cards);

  if (!view) {
    const input = document.createElement("input");
    input.className = "notation";
    input.type = "text";
    input.spellcheck = false;
    input.autocomplete = "off";
    input.value = seatIsEmpty(seat) ? "" : handText(seat);
    input.placeholder = `${state.game.streets[0].down > 1 ? "(As Kd) Qh" : "(As) Kd"}, empty: random`;
    input.title = "the hand as on the command line: (hole cards) up cards (river); a range in the hole: (K? K? | A? A?) Kd, or a named one: (@steals-late) Kd";
    input.setAttribute("aria-label", `player ${i + 1}'s hand`);
    input.dataset.testid = `hand-${i + 1}`;
    input.addEventListener("change", () => {
      state.seats[i] = parseHand(input.value, shape());
      onChange();
    });
    el.append(input);
  } else if (view.lines && view.lines[i]) {
    const line = document.createElement("div");
    line.className = "seat-line";
    line.textContent = view.lines[i];
    el.append(line);
  }
  const bar = document.createElement("div");
  bar.className = "seat-bar";
  bar.innerHTML = "<span></span>";
  el.append(bar);
  return el;
}

function declareSelect(i) {
  const sel = document.createElement("select");
  sel.className = "declare";
  sel.title = "the declaration (high, low or both ways), all players or none";
  sel.setAttribute("aria-label", `player ${i + 1} declares`);
  for (const [value, text] of [["", "declares\u2026"], ["high", "high"], ["low", "low"], ["both", "both ways"]]) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    sel.append(o);
  }
  sel.value = state.declare[i] || "";
  sel.addEventListener("change", () => { state.declare[i] = sel.value; onChange(); });
  return sel;
}

function group(title, cls) {
  const g = document.createElement("div");
  g.className = `group ${cls}`;
  g.title = title;
  return g;
}

function badge(kind, text, title) {
  const b = document.createElement("span");
  b.className = "badge";
  b.title = title;
  const k = document.createElement("b");
  k.textContent = kind;
  b.append(k, document.createTextNode(" " + text));
  return b;
}

function slot(card, seatIndex, group, index, view) {
  const kind = group === "up" ? "up" : "down";
  const el = cardElement(card, kind, slotLabel(group, index));
  el.classList.add("slot");
  el.dataset.slot = `${seatIndex + 1}-${group}-${index + 1}`;
  if (view) return el;
  if (isTarget(seatIndex, group, index)) el.classList.add("target");
  // A place is chosen with the keyboard too: Tab to it, Enter or Space
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `player ${seatIndex + 1}'s ${slotLabel(group, index)} card${card ? `: ${card}` : ""}`);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); el.click(); }
  });
  el.addEventListener("click", () => {
    // A second click on the chosen place takes its card back.
    if (isTarget(seatIndex, group, index) && card !== null) {
      takeBack();
      return;
    }
    state.target = { kind: "seat", seat: seatIndex, group, index };
    renderTable();
  });
  return el;
}

function renderDead(view) {
  const box = document.getElementById("dead-slot");
  box.replaceChildren();
  const dead = view ? view.dead : state.dead;
  box.classList.toggle("target", !view && state.target.kind === "dead");
  if (dead.length === 0) {
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = view ? "none" : "none: click here, then cards in the deck";
    box.append(hint);
  }
  dead.forEach((c, k) => {
    const el = cardElement(c, "up");
    el.classList.add("small");
    if (!view) {
      el.title = `${el.title || "unknown card"}: click to take it back`;
      el.addEventListener("click", (e) => {
        e.stopPropagation();
        state.dead.splice(k, 1);
        onChange();
      });
    }
    box.append(el);
  });
  const input = document.getElementById("dead-text");
  input.disabled = !!view;
  if (document.activeElement !== input) input.value = dead.join(" ");
}

function renderCommunity(view) {
  const row = document.getElementById("community-row");
  const possible = view ? !!view.community : state.game.community_card;
  row.hidden = !possible;
  if (!possible) return;
  const box = document.getElementById("community-slot");
  box.replaceChildren();
  const card = view ? view.community : state.community;
  const el = cardElement(card, "up", "none");
  el.classList.add("slot");
  if (!view && state.target.kind === "community") el.classList.add("target");
  box.append(el);
}

