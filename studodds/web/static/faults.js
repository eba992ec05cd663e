// Where a bad question went wrong, marked on the page: the server's error names the
// players, boxes and cards at fault (its "players", "fields" and "cards"), and the seat,
// box or card is outlined until the next answer, so a player sees what to fix, not only
// reads it.

// The page's box for each field the library names (messages.option's fields).
const FIELD_BOXES = {
  dead: ["#dead-slot", "#dead-text"],
  community: ["#community-slot"],
  declare: [".seat select.declare"],
  player: ["#player"],
  hero: ["#player"],
  seed: ["#seed"],
  trials: ["#trials"],
  precision: ["#precision"],
  pot: ["#pot"],
  to_call: ["#to-call"],
  bets_to_come: ["#bets-to-come"],
  big_bet: ["#big-bet"],
};

export function clearFaults() {
  for (const el of document.querySelectorAll(".at-fault")) el.classList.remove("at-fault");
}

// facts: {players: [1-based], fields: [...], cards: [...]} (missing keys: none).
export function markFaults(facts) {
  clearFaults();
  if (!facts) return;
  const places = [];
  for (const p of facts.players || []) {
    const seat = document.querySelector(`#seats .seat[data-seat="${Number(p)}"]`);
    if (seat) places.push(seat);
  }
  for (const field of facts.fields || []) {
    for (const selector of FIELD_BOXES[field] || []) places.push(...document.querySelectorAll(selector));
  }
  const cards = new Set(facts.cards || []);
  if (cards.size) {
    // The card itself, where the table shows it: in the seats at fault (or every seat when
    // none is named), the dead cards and the community card.
    const scopes = places.length ? places : [document.getElementById("seats")];
    for (const scope of [...scopes, document.getElementById("dead-slot"), document.getElementById("community-slot")]) {
      if (!scope) continue;
      for (const el of scope.querySelectorAll("[data-card]")) {
        if (cards.has(el.dataset.card)) places.push(el);
      }
    }
  }
  for (const el of places) el.classList.add("at-fault");
}
