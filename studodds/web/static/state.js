// The table as the page keeps it, and its URL: every table state has an address that
// reproduces it (game, hand per seat, the players' names, dead, community, declare,
// trials/precision/exact, seed; and the what-if player and pot odds).

import { emptySeat, handShape, handText, parseCardList, parseHand, normaliseCard } from "./cards.js";

export const state = {
  games: [],          // from /api/games, in the server's order
  game: null,         // the chosen game (an entry of games)
  seats: [],          // one per player (see cards.emptySeat)
  names: [],          // one per seat: the player's name ("" or missing: "Player N")
  declare: [],        // one per seat: "", "high", "low" or "both"
  dead: [],           // cards and "x"
  community: null,    // the community card after a card shortage, or null
  method: "auto",     // "auto", "exact", "trials" or "precision"
  trials: 100000,
  precision: 0.0005,
  seed: "",           // "" = drawn by the server (and shown with the result)
  player: 1,          // the what-if player (and the pot odds hero)
  pot: "", toCall: "", betsToCome: "", bigBet: "",
  target: { kind: "seat", seat: 0, group: "hole", index: 0 }, // where a clicked card goes
};

// One colour per seat: its border on the felt, its bar, its row and its chart line.
export const SEAT_COLOURS = [
  "#d1495b", "#2e86ab", "#e59500", "#3b8b5a", "#8e5ccf",
  "#c06c84", "#00798c", "#8d6a3b", "#5c6b73", "#b8336a",
];

// What a seat's player is called: their name (a replayed street brings the names of its
// hand history), else "Player N".
export function playerName(i) {
  return state.names[i] || `Player ${i + 1}`;
}

export function gameById(id) {
  return state.games.find((g) => g.id === id) || null;
}

export function shape() {
  return handShape(state.game);
}

// Change the game, keeping every card that still has a place (a seven-card hand moved to
// five-card stud keeps its first hole card and its up cards; its river is dropped).
export function setGame(game) {
  const old = state.game ? handShape(state.game) : null;
  state.game = game;
  const s = handShape(game);
  state.seats = state.seats.map((seat) => resizeSeat(seat, s));
  while (state.seats.length > game.max_players) state.seats.pop();
  state.names = state.names.slice(0, state.seats.length);
  state.declare = state.declare.slice(0, state.seats.length);
  if (!game.declare) state.declare = state.declare.map(() => "");
  if (!game.community_card) state.community = null;
  if (old && (old.hole !== s.hole || old.river !== s.river)) {
    state.target = { kind: "seat", seat: 0, group: "hole", index: 0 };
  }
}

function resizeSeat(seat, s) {
  if (seat.raw !== null) return parseHand(seat.raw, s);
  const out = emptySeat(s);
  out.range = seat.range;
  out.random = seat.random;
  seat.hole.slice(0, s.hole).forEach((c, i) => { out.hole[i] = c; });
  seat.up.slice(0, s.up).forEach((c, i) => { out.up[i] = c; });
  seat.river.slice(0, s.river).forEach((c, i) => { out.river[i] = c; });
  return out;
}

export function hands() {
  return state.seats.map(handText);
}

export function deadText() {
  return state.dead.join(" ");
}

// The players who have not declared yet, by name, while some have: a game played with a
// declaration settles its pot by everyone's, so the odds wait for them all (none declared:
// the odds before the declarations).
export function undeclared() {
  if (!state.game.declare || !state.declare.some((d) => d)) return [];
  return state.seats.map((_, i) => i).filter((i) => !state.declare[i]).map(playerName);
}

// The question for /api/equity (and, with "player", for /api/next and /api/declare):
// a batch spot's fields, as the CLI's options would give them.
export function question() {
  const q = { game: state.game.id, hands: hands() };
  if (state.dead.length) q.dead = deadText();
  if (state.community) q.community = state.community;
  if (state.game.declare && state.declare.some((d) => d)) q.declare = state.declare.slice();
  if (state.method === "exact") q.exact = true;
  if (state.method === "trials") q.trials = Number(state.trials);
  if (state.method === "precision") q.precision = Number(state.precision);
  if (state.seed !== "") q.seed = Number(state.seed);
  return q;
}

// The pot odds fields, when a pot and a price are given.
export function potOddsFields() {
  if (state.pot === "" || state.toCall === "") return {};
  const f = { pot: Number(state.pot), to_call: Number(state.toCall), hero: state.player };
  if (state.betsToCome !== "") f.bets_to_come = Number(state.betsToCome);
  if (state.bigBet !== "") f.big_bet = Number(state.bigBet);
  return f;
}

// The word for a place at the table: "hole", "door", "4th" ... (the street its up card
// comes on, from the game's streets), "river".
export function slotLabel(group, index) {
  const game = state.game;
  if (group === "hole") return "hole";
  if (group === "river") return "river";
  // The street each up card comes on, from the game's streets: the first is the door card.
  let ups = 0;
  for (const street of game.streets) {
    if (street.up && index < ups + street.up) {
      return ups === 0 && index === 0 ? "door" : street.name.replace(" street", "");
    }
    ups += street.up;
  }
  return "up";
}


// ---- the address bar ----

export function toQuery() {
  const p = [];
  // encodeURIComponent keeps parentheses as they are: hand=(As%20Ks)%20Ah reads as written.
  const add = (key, value) => p.push(`${key}=${encodeURIComponent(value)}`);
  add("game", state.game.id);
  for (const h of hands()) add("hand", h);
  if (state.names.some((n) => n)) state.seats.forEach((_, i) => add("name", state.names[i] || ""));
  if (state.dead.length) add("dead", deadText());
  if (state.community) add("community", state.community);
  if (state.game.declare && state.declare.some((d) => d)) add("declare", state.declare.join(","));
  if (state.method === "exact") add("exact", "1");
  if (state.method === "trials") add("trials", String(state.trials));
  if (state.method === "precision") add("precision", String(state.precision));
  if (state.seed !== "") add("seed", state.seed);
  if (state.player !== 1) add("player", String(state.player));
  if (state.pot !== "") add("pot", state.pot);
  if (state.toCall !== "") add("to_call", state.toCall);
  if (state.betsToCome !== "") add("bets_to_come", state.betsToCome);
  if (state.bigBet !== "") add("big_bet", state.bigBet);
  return p.join("&");
}

export function syncAddress() {
  const url = `${location.pathname}?${toQuery()}`;
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

// Read a table from the address; false when it names no game (the page then shows its
// example). A bad value is kept as it is and the server's error names it.
export function fromQuery(search) {
  const p = new URLSearchParams(search);
  if (!p.has("game") && !p.has("hand")) return false;
  const game = gameById((p.get("game") || "stud7").trim().toLowerCase());
  if (!game) throw new Error(`unknown game '${p.get("game")}' in the address: expected one of ${state.games.map((g) => g.id).join(", ")}`);
  state.game = game;
  const s = handShape(game);
  let hs = p.getAll("hand");
  if (hs.length === 0) hs = ["", ""];
  state.seats = hs.map((h) => parseHand(h, s));
  state.names = p.getAll("name").slice(0, state.seats.length).map((n) => n.trim());
  const declare = (p.get("declare") || "").split(",").map((d) => d.trim().toLowerCase());
  state.declare = state.seats.map((_, i) => (game.declare ? declare[i] || "" : ""));
  state.dead = p.has("dead") ? (parseCardList(p.get("dead")) || p.get("dead").split(/[\s,]+/).filter(Boolean)) : [];
  state.community = p.get("community") ? (normaliseCard(p.get("community")) || p.get("community")) : null;
  state.method = "auto";
  if (p.has("exact") && p.get("exact") !== "0" && p.get("exact") !== "false") state.method = "exact";
  if (p.has("trials")) { state.method = "trials"; state.trials = p.get("trials"); }
  if (p.has("precision")) { state.method = "precision"; state.precision = p.get("precision"); }
  state.seed = p.get("seed") || "";
  state.player = Math.min(Math.max(1, parseInt(p.get("player") || "1", 10) || 1), state.seats.length);
  state.pot = p.get("pot") || "";
  state.toCall = p.get("to_call") || "";
  state.betsToCome = p.get("bets_to_come") || "";
  state.bigBet = p.get("big_bet") || "";
  return true;
}

// The example on a first visit: the README's first question (aces against a queen up,
// 7h and 2c folded).
export function loadExample() {
  state.game = gameById("stud7") || state.games[0];
  const s = handShape(state.game);
  state.seats = [parseHand("(As Ks) Ah", s), parseHand("(x x) Qd", s)];
  state.names = [];
  state.declare = ["", ""];
  state.dead = ["7h", "2c"];
  state.community = null;
}
