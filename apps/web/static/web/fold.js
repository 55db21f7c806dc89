// Folding pushed events into the view the player sees, so that the table can show them one at
// a time (Kati's card, then the trick taken, then the draws). Only what an event says is
// applied; no rule is decided here: the legal actions are emptied while events are folded, and
// the server's own view (fetched once the queue is empty) replaces the folded one. An event
// whose effect the client cannot know by itself (a new deal, its end, the end of the match)
// returns null: the caller then fetches the view from the server.

const STRUCTURAL = new Set([
  "match_started",
  "deal_started",
  "deal_surrendered",
  "deal_ended",
  "match_ended",
]);

const clone = (value) => JSON.parse(JSON.stringify(value));

function removeCard(hand, card) {
  const at = hand.indexOf(card);
  if (at >= 0) hand.splice(at, 1);
}

// The four-seat game's events that change the view in ways only the server knows (the
// contract, the doubling window, the settlement) are not folded: the view is fetched.
const NOT_FOLDED_FOUR_SEAT = new Set(["marriage_announced"]);

// A marriage announced in the trick under way (the four-seat game's marriages carry its index).
function pendingMarriage(deal) {
  const trick = deal.trick_counts.reduce((sum, count) => sum + count, 0);
  return deal.marriages.some((marriage) => marriage.trick === trick);
}

export function fold(view, envelope) {
  const event = envelope.event;
  if (STRUCTURAL.has(event.type) || !view || !view.deal) return null;
  const partnership = view.variant === "partnership";
  if (partnership && NOT_FOLDED_FOUR_SEAT.has(event.type)) return null;
  // whether a marriage counts depends on the side that wins its trick: the server says
  if (partnership && event.type === "trick_taken" && pendingMarriage(view.deal)) return null;
  const next = clone(view);
  next.legal_actions = [];
  const deal = next.deal;
  const me = next.seat;
  const seats = deal.hand_sizes.length;
  const presence = next.presence;
  switch (event.type) {
    case "card_played": {
      deal.table.push({ seat: event.seat, card: event.card });
      if (event.seat === me) removeCard(deal.hand, event.card);
      deal.hand_sizes[event.seat] -= 1;
      deal.turn = deal.table.length < seats ? (event.seat + 1) % seats : null;
      if (event.stand_in) next.stand_in_cards = [...(next.stand_in_cards || []), event.card];
      break;
    }
    case "marriage_announced": {
      deal.marriages[event.seat].push(event.suit);
      // points count every announced marriage; the pending part counts once a trick is won
      if (event.seat === me) {
        deal.points += event.points;
        if (deal.trick_counts[me] === 0) deal.pending_marriage_points += event.points;
      }
      break;
    }
    case "trick_taken": {
      deal.last_trick = { leader: deal.leader, cards: deal.table, winner: event.seat };
      if (event.seat === me && !partnership) {
        deal.captured.push(...deal.table.map((entry) => entry.card));
        deal.points += event.points;
        deal.pending_marriage_points = 0;
      }
      deal.table = [];
      deal.trick_counts[event.seat] += 1;
      deal.leader = event.seat;
      deal.turn = event.seat;
      break;
    }
    case "card_drawn": {
      deal.talon_size -= 1;
      deal.hand_sizes[event.seat] += 1;
      if (event.seat === me && event.card) deal.hand.push(event.card);
      if (event.face_up) deal.trump_card = null;
      if (deal.talon_size === 0 && deal.phase === "open") deal.phase = "exhausted";
      break;
    }
    case "trump_exchanged": {
      if (event.seat === me) {
        removeCard(deal.hand, event.card);
        deal.hand.push(event.taken);
      }
      deal.trump_card = event.card;
      break;
    }
    case "talon_closed": {
      deal.phase = "closed";
      deal.closed_by = event.seat;
      deal.trump_card = null;
      break;
    }
    case "passed": {
      deal.bids.push({ seat: event.seat, card: null, level: null, value: 0 });
      deal.turn = (event.seat + 1) % seats;
      break;
    }
    case "partner_revealed": // public from now on: the event says who it is
      deal.partner = event.seat;
      break;
    case "player_disconnected":
      if (presence) presence.away_until[event.seat] = event.deadline;
      break;
    case "player_reconnected":
      if (presence) presence.away_until[event.seat] = null;
      break;
    case "pause_started":
      if (presence) presence.paused[event.seat] = { until: event.until, stand_in: false };
      break;
    case "stand_in_started":
      if (presence && presence.paused[event.seat]) presence.paused[event.seat].stand_in = true;
      break;
    case "pause_ended":
      if (presence) presence.paused[event.seat] = null;
      break;
    case "hand_shown": {
      if (presence) presence.shown_until[event.seat] = event.until;
      if (event.seat !== me && event.cards) {
        deal.shown_hands = (deal.shown_hands || []).filter((s) => s.seat !== event.seat);
        deal.shown_hands.push({ seat: event.seat, cards: event.cards, until: event.until });
      }
      break;
    }
    case "hand_hidden": {
      if (presence) presence.shown_until[event.seat] = null;
      if (deal.shown_hands) deal.shown_hands = deal.shown_hands.filter((s) => s.seat !== event.seat);
      break;
    }
    default:
      return null;
  }
  // A shown hand shows the cards the seat still holds.
  if (event.type === "card_played" && deal.shown_hands) {
    for (const shown of deal.shown_hands) removeCard(shown.cards, event.card);
  }
  return next;
}

// The fields the fold must get right: compared with the server's view once the queue is empty
// (the check of Zulip's clients: pushed events folded by a client equal a fresh fetch).
export function foldDifferences(folded, fetched) {
  if (!folded || !fetched || !folded.deal || !fetched.deal) return [];
  const a = folded.deal;
  const b = fetched.deal;
  const sorted = (cards) => [...(cards || [])].sort().join(",");
  const checks = {
    hand: [sorted(a.hand), sorted(b.hand)],
    table: [JSON.stringify(a.table), JSON.stringify(b.table)],
    last_trick: [JSON.stringify(a.last_trick), JSON.stringify(b.last_trick)],
    hand_sizes: [a.hand_sizes.join(), b.hand_sizes.join()],
    trick_counts: [a.trick_counts.join(), b.trick_counts.join()],
    talon_size: [a.talon_size, b.talon_size],
    trump_card: [a.trump_card, b.trump_card],
    phase: [a.phase, b.phase],
    marriages: [JSON.stringify(a.marriages), JSON.stringify(b.marriages)],
    points: [a.points, b.points],
    pending_marriage_points: [a.pending_marriage_points, b.pending_marriage_points],
    captured: [sorted(a.captured), sorted(b.captured)],
    scores: [folded.scores.join(), fetched.scores.join()],
  };
  if (fetched.variant === "partnership") {
    checks.bids = [JSON.stringify(a.bids), JSON.stringify(b.bids)];
    checks.partner = [a.partner, b.partner];
    checks.turn = [a.turn, b.turn];
  }
  return Object.entries(checks)
    .filter(([, [x, y]]) => x !== y)
    .map(([name, [x, y]]) => `${name}: folded ${x}, fetched ${y}`);
}
