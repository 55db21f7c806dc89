// The analysis screen's positions, rebuilt from what a seat of the match may read once the
// deal is over: the deal's record (GET …/deals/<n>/: the deck and both dealt hands, revealed
// at its end) and the deal's events from the match's feed (GET …/events/). No DOM, no
// fetching: pure functions, so node's test runner checks them on recorded fixtures.
//
// The decisions are found in the events as the server's analysis finds them
// (apps/bots/analysis.py `decisions`): every card played, trump exchange, close, surrender,
// "enough" and count, in order; a marriage is announced with its lead, so the decision is the
// position before the announcement; a klub marriage that reaches 66 ends the deal before its
// card is played, and that lead (the queen) is a decision too. Each decision's position is the
// one the seat decided in: both hands (the record shows them), the cards on the table, the
// face-up trump card and the talon, the tricks and points.
//
// Partnership (apps/bots/partnership/analysis.py `decisions`): four hands, no talon, a trick of
// four cards; every card played, "enough" and a claim (`cards_shown`) is a decision; a marriage
// is announced right after its card (the card is the decision), and the contract (caller,
// called card, level, doublings) comes from the bidding's events.

import { cardOrder } from "../cards.js";

// The games whose finished deals the server analyses (docs/analysis.md); a link to the
// analysis is offered for their deals only.
export const ANALYSED = new Set(["klub", "sixty-six", "partnership"]);

// The analysis screen's address for a deal.
export const analysisPath = (matchId, number) => `/matches/${matchId}/deals/${number}/analysis/`;

const DECISION_TYPES = new Set([
  "card_played",
  "trump_exchanged",
  "talon_closed",
  "deal_surrendered",
  "enough_declared",
  "count_chosen",
  "cards_shown",
]);

const ACTION_OF = {
  trump_exchanged: "exchange_trump",
  talon_closed: "close_talon",
  deal_surrendered: "surrender",
  enough_declared: "declare_enough",
  count_chosen: "let_count",
  cards_shown: "show_cards",
};

// The events of deal `number` in the match's feed (envelopes or bare events): from its
// `deal_started` to its `deal_ended`, both included; [] when the feed does not hold it.
export function dealEvents(feed, number) {
  const events = feed.map((item) => item.event ?? item);
  const start = events.findIndex((e) => e.type === "deal_started" && e.number === number);
  if (start < 0) return [];
  const end = events.findIndex((e, i) => i > start && e.type === "deal_ended");
  return end < 0 ? [] : events.slice(start, end + 1);
}

const sorted = (cards) => [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));

function remove(list, card) {
  const at = list.indexOf(card);
  if (at >= 0) list.splice(at, 1);
}

// The position as the deal is dealt: the record's hands, then the trump card and the talon in
// draw order (the deck after the hands: klub d[10] and d[11:20], sixty-six d[12] and d[13:24]).
export function dealtPosition(record) {
  const dealt = record.dealt_hands.map((hand) => [...hand]);
  const at = dealt.reduce((sum, hand) => sum + hand.length, 0);
  const deck = record.deck ?? [];
  return {
    hands: dealt.map(sorted),
    trumpCard: deck[at] ?? null,
    trumpSuit: record.trump_suit ?? (deck[at] ? deck[at][0] : null),
    talon: deck.slice(at + 1),
    closedBy: null,
    table: [],
    tricks: dealt.map(() => 0),
    points: dealt.map(() => 0),
    marriages: [],
    lastTrick: null,
    leader: (record.dealer + 1) % dealt.length,
    over: false,
    holder: record.holder ?? null, // partnership: the called card's holder (the record shows it)
    // partnership's contract, from the bidding's events (null in the two-seat games)
    contract: null,
  };
}

const copy = (p) => ({
  ...p,
  hands: p.hands.map((hand) => [...hand]),
  talon: [...p.talon],
  table: [...p.table],
  tricks: [...p.tricks],
  points: [...p.points],
  marriages: [...p.marriages],
  contract: p.contract && { ...p.contract, doublings: [...p.contract.doublings] },
});

// The position after one event (a new object; `p` is not changed). Events that do not change
// what the board shows are passed over.
export function applyEvent(p, event) {
  const next = copy(p);
  switch (event.type) {
    case "card_played":
      remove(next.hands[event.seat], event.card);
      next.table.push({ seat: event.seat, card: event.card });
      break;
    case "trick_taken":
      next.lastTrick = { cards: next.table, winner: event.seat };
      next.points[event.seat] += event.points ?? 0;
      next.tricks[event.seat] += 1;
      next.table = [];
      next.leader = event.seat;
      break;
    case "card_drawn": {
      // a face-down card is the talon's next; face up, the trump card (the last one drawn)
      const card = event.face_up || !next.talon.length ? next.trumpCard : next.talon.shift();
      if (event.face_up || card === next.trumpCard) next.trumpCard = null;
      if (card) next.hands[event.seat] = sorted([...next.hands[event.seat], card]);
      break;
    }
    case "trump_exchanged":
      remove(next.hands[event.seat], event.card);
      next.hands[event.seat] = sorted([...next.hands[event.seat], event.taken]);
      next.trumpCard = event.card;
      break;
    case "bidding_ended":
      next.contract = { caller: event.caller, card: event.card, durchmarsch: Boolean(event.durchmarsch), doublings: [], partner: null };
      next.trumpSuit = event.card ? event.card[0] : next.trumpSuit;
      next.leader = event.caller;
      break;
    case "doubled":
      if (next.contract) next.contract.doublings.push(event.word);
      break;
    case "partner_revealed":
      if (next.contract) next.contract.partner = event.seat;
      break;
    case "talon_closed":
      next.closedBy = event.seat;
      break;
    case "marriage_announced":
      next.marriages.push({ seat: event.seat, suit: event.suit, points: event.points });
      next.points[event.seat] += event.points ?? 0;
      break;
    case "deal_ended":
      next.over = true;
      break;
    default:
      break;
  }
  return next;
}

// The deal's decisions with the position each was made in: [{seat, action, position}], in the
// order of the analysis's `decisions`, and the position at the deal's end (`end`).
export function decisionsOf(record, events) {
  let position = dealtPosition(record);
  let pending = null; // the position before a marriage announced with its lead
  let marriage = null;
  let previous = null;
  const found = [];
  for (const event of events) {
    const after = previous?.type === "card_played" && previous.seat === event.seat;
    previous = event;
    if (event.type === "marriage_announced" && after) {
      // partnership: announced right after its card, which was the decision
      const made = found.at(-1);
      if (made) made.action = { ...made.action, marriage: true };
    } else if (event.type === "marriage_announced") {
      pending = position;
      marriage = event;
    } else if (DECISION_TYPES.has(event.type)) {
      const action = event.type === "card_played" ? { type: "play_card", card: event.card } : { type: ACTION_OF[event.type] };
      found.push({ seat: event.seat, action, position: pending ?? position });
      pending = marriage = null;
    } else if (event.type === "deal_ended" && marriage && pending) {
      // klub: the announcement reached 66 and ended the deal before its card was played
      found.push({ seat: marriage.seat, action: { type: "play_card", card: `${marriage.suit}O` }, position: pending });
      pending = marriage = null;
    }
    position = applyEvent(position, event);
  }
  return { decisions: found, end: position };
}

// --- the analysis's numbers -------------------------------------------------------------------

export const MARKS = Object.freeze({ inaccuracy: "?!", mistake: "?", blunder: "??" });

export const markGlyph = (mark) => MARKS[mark] ?? "";

// An action's key ("play_card:PA", "close_talon", partnership's "play:TK+marriage": a card led
// with its marriage is another choice than without it): equal actions, equal keys.
export const actionKey = (action) =>
  (action.card ? `${action.type}:${action.card}${action.marriage ? "+marriage" : ""}` : String(action.type));

const sameAction = (a, b) => Boolean(a && b) && actionKey(a) === actionKey(b);

// Every choice of a decision with both its values: [{action, own, exact, chosen, best}], best
// first (by what the seat knew, then by the exact value). `best` marks the choices whose value
// is the best one: the own value's, or the exact one's when the choice was forced (no own part).
export function choices(decision) {
  const rows = new Map();
  const row = (action) => {
    const key = actionKey(action);
    if (!rows.has(key)) rows.set(key, { action, own: null, exact: null, match: null, chosen: sameAction(action, decision.action), best: false });
    return rows.get(key);
  };
  for (const { action, value, match } of decision.exact?.values ?? []) Object.assign(row(action), { exact: value, match: match ?? null });
  for (const { action, value } of decision.own?.values ?? []) row(action).own = value;
  if (decision.action) row(decision.action).chosen = true;
  const list = [...rows.values()];
  const by = decision.own ? "own" : "exact";
  const best = decision[by]?.best;
  for (const r of list) r.best = best !== undefined && r[by] !== null && Math.abs(r[by] - best) < 1e-9;
  const key = (r) => [r.own ?? r.exact ?? -Infinity, r.exact ?? -Infinity];
  return list.sort((a, b) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return b1 - a1 || b2 - a2;
  });
}

// The value strip's points, each from `seat`'s side (a decision of the other side is negated):
// [{index, own, exact, mark}], own being the choice made's value by what its seat knew (the
// exact one where the choice was forced). Partnership's sides are the caller's and the
// opponents' (`caller_side`: a partner's values are the seat's own), and its values are in the
// deciding seat's chips (`unit`: a solo caller's are thrice an opponent's): turned into the
// seat's own by the ratio of the units.
export function strip(analysis, seat) {
  const decisions = analysis.decisions ?? [];
  const mine = decisions.find((d) => d.seat === seat && typeof d.caller_side === "boolean");
  const sideOf = (d) => {
    if (!mine || typeof d.caller_side !== "boolean") return d.seat === seat ? 1 : -1;
    return (d.caller_side === mine.caller_side ? 1 : -1) * (mine.unit && d.unit ? mine.unit / d.unit : 1);
  };
  return decisions.map((d, index) => {
    const sign = sideOf(d);
    const exact = typeof d.exact?.value === "number" ? sign * d.exact.value : null;
    const own = typeof d.own?.value === "number" ? sign * d.own.value : exact;
    return { index, seat: d.seat, own, exact, mark: d.own?.mark ?? null };
  });
}

// A value with its sign, as a player reads it: "+1", "−0,35" / "−0.35" (`decimal` the
// language's separator), "0".
export function signed(value, decimal = ",") {
  if (value === null || value === undefined) return "–";
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return "0";
  const text = Number.isInteger(rounded) ? String(Math.abs(rounded)) : Math.abs(rounded).toFixed(2).replace(".", decimal);
  return `${rounded > 0 ? "+" : "−"}${text}`;
}

// The step shown from the page's address: "#3" is decision 3 (counted from 1), "#0" or none
// the deal's start; a number beyond the decisions is the last one.
export function stepFromHash(hash, count) {
  const found = /^#(\d+)$/.exec(hash ?? "");
  if (!found) return 0;
  return Math.min(Number(found[1]), count);
}
