// The deck the cards are dealt from: a click deals a card to the chosen place (a seat's
// hole card, up card or river, the dead cards, the community card) and moves on to the
// seat's next place; the cards already on the table are greyed out.

import { UNKNOWN, cardElement, emptySeat, fullDeck, seatCards } from "./cards.js";
import { shape, slotLabel, state } from "./state.js";

let onChange = () => {};
let showError = () => {};
let locked = false; // a replayed street is on show: nothing is dealt

export function initDeck(changed, errorHook) {
  onChange = changed;
  showError = errorHook;
  document.getElementById("unknown-card").addEventListener("click", () => place(UNKNOWN));
  document.getElementById("take-back").addEventListener("click", takeBack);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (e.key === "Delete" || e.key === "Backspace") { takeBack(); e.preventDefault(); }
  });
}

// Every known card on the table (seats, dead, community): greyed out in the deck.
function usedCards() {
  const used = new Set();
  for (const seat of state.seats) for (const c of seatCards(seat)) used.add(c);
  for (const c of state.dead) if (c !== UNKNOWN) used.add(c);
  if (state.community) used.add(state.community);
  return used;
}

// The places of a seat in dealing order: hole cards, up cards, the river.
function slotsOf(seat) {
  const slots = [];
  seat.hole.forEach((_, i) => slots.push(["hole", i]));
  seat.up.forEach((_, i) => slots.push(["up", i]));
  seat.river.forEach((_, i) => slots.push(["river", i]));
  return slots;
}

// The place the deck last dealt a card to (Take back at an empty place takes it back).
let lastDealt = null;

// Put a card (or "x", an unknown card) where the target points, then move the target on
// to the seat's next place to fill, as a dealer would give that seat its cards.
function place(card) {
  if (locked) return;
  const t = state.target;
  if (t.kind === "dead") {
    state.dead.push(card);
  } else if (t.kind === "community") {
    if (card === UNKNOWN) return;
    state.community = card;
  } else {
    let seat = state.seats[t.seat];
    if (!seat) return;
    if (seat.raw !== null || seat.random) {
      seat = emptySeat(shape());
      state.seats[t.seat] = seat;
    }
    if (t.group === "hole") seat.range = null;
    if (card === UNKNOWN && t.group === "up") {
      showError("up cards are face up: an unknown card goes in the hole or on the river");
      return;
    }
    seat[t.group][t.index] = card;
    lastDealt = { seat: t.seat, group: t.group, index: t.index, card, seats: state.seats.length, game: state.game.id };
    const slots = slotsOf(seat);
    const here = slots.findIndex(([g, i]) => g === t.group && i === t.index);
    // A card seen goes on to the next place not known yet, an x included: with "(x x)"
    // tapped at its first x, the second card went past the other x to 4th street.
    const open = (g, i) => seat[g][i] === null || (card !== UNKNOWN && seat[g][i] === UNKNOWN);
    const next = slots.slice(here + 1).find(([g, i]) => open(g, i));
    if (next) state.target = { kind: "seat", seat: t.seat, group: next[0], index: next[1] };
  }
  onChange();
}

// Take the card at the target back off the table.
export function takeBack() {
  if (locked) return;
  const t = state.target;
  if (t.kind === "dead") state.dead.pop();
  else if (t.kind === "community") state.community = null;
  else {
    const seat = state.seats[t.seat];
    if (!seat) return;
    if (t.group === "hole" && seat.range !== null) seat.range = null;
    else if (seat[t.group][t.index] !== null) seat[t.group][t.index] = null;
    else {
      // An empty place: take back the card last dealt to this seat, as a backspace does,
      // and choose its place (Delete did nothing here, right after a card was dealt)
      // only while the table is as the deck left it: the same game, the same seats, the
      // card still there (not typed over, a seat not removed)
      const last = lastDealt;
      if (!last || last.seat !== t.seat || last.game !== state.game.id
          || last.seats !== state.seats.length || seat[last.group]?.[last.index] !== last.card) return;
      seat[last.group][last.index] = null;
      state.target = { kind: "seat", seat: last.seat, group: last.group, index: last.index };
      lastDealt = null;
    }
  }
  onChange();
}

export function renderDeck(view) {
  locked = !!view;
  const deck = document.getElementById("deck");
  const used = view ? new Set() : usedCards();
  if (deck.childElementCount === 0) {
    for (const c of fullDeck()) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "deck-card";
      b.dataset.card = c;
      b.append(cardElement(c, "up"));
      b.addEventListener("click", () => place(c));
      deck.append(b);
    }
  }
  const focused = document.activeElement;
  for (const b of deck.children) {
    const taken = used.has(b.dataset.card);
    b.disabled = !!view || taken;
    b.classList.toggle("used", taken);
  }
  // A card dealt by the keyboard is disabled under the focus: the focus goes on to the
  // next card that can be dealt, not to the top of the page.
  if (focused && focused.parentElement === deck && focused.disabled) {
    const cards = [...deck.children];
    const at = cards.indexOf(focused);
    const next = cards.slice(at + 1).concat(cards.slice(0, at)).find((b) => !b.disabled);
    if (next) next.focus();
  }
  document.getElementById("unknown-card").disabled = !!view;
  document.getElementById("take-back").disabled = !!view;
}

export function renderTarget(view) {
  const el = document.getElementById("target");
  if (view) {
    el.textContent = "Replaying a hand: the table shows the street chosen below. To change cards, press \u201cAsk what if from this street\u201d.";
    return;
  }
  const t = state.target;
  let where;
  if (t.kind === "dead") where = "the dead cards (folded up cards; x for a card nobody saw)";
  else if (t.kind === "community") where = "the community card (everyone's river)";
  else {
    const label = slotLabel(t.group, t.index);
    const ordinal = ["first", "second", "third"][t.index] || `card ${t.index + 1}`;
    const what = t.group === "hole" ? `${state.seats[t.seat].hole.length > 1 ? `${ordinal} ` : ""}hole card`
      : t.group === "river" ? "river card (7th street, face down)"
        : label === "door" ? "door card" : `${label}-street card`;
    where = `player ${t.seat + 1}'s ${what}`;
  }
  el.textContent = `Click a card in the deck to ${t.kind === "dead" ? "add it to" : "deal it as"} ${where}.`;
}
