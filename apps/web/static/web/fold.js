// Folding pushed events into the view the player sees, so that the table can show them one at
// a time (Kati's card, then the trick taken, then the draws). Only what an event says is
// applied; no rule is decided here: the legal actions are emptied while events are folded, and
// the server's own view (fetched once the queue is empty) replaces the folded one. An event
// whose effect the client cannot know by itself (a new deal, its end, the end of the match)
// returns null: the caller then fetches the view from the server.

import { variantFor } from "./variants/index.js";

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

// What every game's events change alike: a card played, a trick taken, who is away, paused or
// showing a hand. (The variant's part of an event is folded first: it may read the trick
// before it is taken off the table.)
function foldShared(view, event) {
  const deal = view.deal;
  const me = view.seat;
  const seats = deal.hand_sizes.length;
  const presence = view.presence;
  switch (event.type) {
    case "card_played": {
      deal.table.push({ seat: event.seat, card: event.card });
      if (event.seat === me) removeCard(deal.hand, event.card);
      deal.hand_sizes[event.seat] -= 1;
      deal.turn = deal.table.length < seats ? (event.seat + 1) % seats : null;
      if (event.stand_in) view.stand_in_cards = [...(view.stand_in_cards || []), event.card];
      // a shown hand shows the cards the seat still holds
      for (const shown of deal.shown_hands || []) removeCard(shown.cards, event.card);
      return true;
    }
    case "trick_taken": {
      deal.last_trick = { leader: deal.leader, cards: deal.table, winner: event.seat };
      deal.table = [];
      deal.trick_counts[event.seat] += 1;
      deal.leader = event.seat;
      deal.turn = event.seat;
      return true;
    }
    case "player_disconnected":
      if (presence) presence.away_until[event.seat] = event.deadline;
      return true;
    case "player_reconnected":
      if (presence) presence.away_until[event.seat] = null;
      return true;
    case "pause_started":
      if (presence) presence.paused[event.seat] = { until: event.until, stand_in: false };
      return true;
    case "stand_in_started":
      if (presence && presence.paused[event.seat]) presence.paused[event.seat].stand_in = true;
      return true;
    case "pause_ended":
      if (presence) presence.paused[event.seat] = null;
      return true;
    case "hand_shown":
      if (presence) presence.shown_until[event.seat] = event.until;
      if (event.seat !== me && event.cards) {
        deal.shown_hands = (deal.shown_hands || []).filter((s) => s.seat !== event.seat);
        deal.shown_hands.push({ seat: event.seat, cards: event.cards, until: event.until });
      }
      return true;
    case "seed_given":
      // a seat's seed for the next deal is in (the deck stays unknown until that deal ends)
      if (view.next_deal && !view.next_deal.seeded.includes(event.seat)) {
        view.next_deal.seeded = [...view.next_deal.seeded, event.seat].sort((a, b) => a - b);
      }
      return true;
    case "hand_hidden":
      if (presence) presence.shown_until[event.seat] = null;
      if (deal.shown_hands) deal.shown_hands = deal.shown_hands.filter((s) => s.seat !== event.seat);
      return true;
    default:
      return false;
  }
}

export function fold(view, envelope) {
  const event = envelope.event;
  if (STRUCTURAL.has(event.type) || !view || !view.deal) return null;
  const variant = variantFor(view.variant);
  if (variant.foldFetches(view, event)) return null;
  const next = clone(view);
  next.legal_actions = [];
  const own = variant.foldEvent(next, event);
  const shared = foldShared(next, event);
  return own || shared ? next : null;
}

// The fields the fold must get right: compared with the server's view once the queue is empty
// (the check of Zulip's clients: pushed events folded by a client equal a fresh fetch). The
// variant adds the fields of its own deal.
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
    phase: [a.phase, b.phase],
    marriages: [JSON.stringify(a.marriages), JSON.stringify(b.marriages)],
    points: [a.points, b.points],
    scores: [folded.scores.join(), fetched.scores.join()],
    ...variantFor(fetched.variant).foldChecks(a, b),
  };
  return Object.entries(checks)
    .filter(([, [x, y]]) => x !== y)
    .map(([name, [x, y]]) => `${name}: folded ${x}, fetched ${y}`);
}
