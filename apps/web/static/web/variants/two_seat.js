// The two-seat table, the default for any game the client has no module for: the opponent
// across, the talon and the trump card beside the trick, the match score. klub.js and
// sixty-six.js are this with their own few differences.
//
// A variant module declares what differs between games (see docs/client.md, "Adding a game's
// table"):
//   playTypes       the legal action types that play a card
//   boxed           action types drawn by the variant's own boxes (not the action bar)
//   confirmations   action type -> the question asked first (an i18n key)
//   myTurn(view)    whether the table waits for this seat
//   area(ctrl, deal, parts)   the table itself, from the shared parts
//   seatFacts(ctrl, deal, seat), seatMarriages(deal, seat), marriageHint(ctrl, card, hand)
//   eventWords(ctrl, event)   its own events in words (null: the generic words)
//   dealText(ctrl, deal), dealNotes(ctrl, deal), matchEnd(ctrl, result) -> {heading, line}
//   foldFetches(view, event)  an event whose effect only the server knows: fetch the view
//   foldEvent(view, event)    fold its own part of an event into the (cloned) view; true if it did
//   foldChecks(folded, fetched)  the deal fields of its own the fold must get right
//   guide           {tips(view), dealEnd(result, seat)} for a learning deal, or null

import { cardBackSvg, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";
import { arrive } from "../table/motion.js";
import { cardIn, markup, suitArt, v } from "../table/util.js";
import { guideDealEnd, guideTips } from "./two_seat_guide.js";

export const CONFIRM = {
  surrender: "surrender_confirm",
  resign: "resign_confirm",
  leave: "leave_confirm",
};

function removeCard(hand, card) {
  const at = hand.indexOf(card);
  if (at >= 0) hand.splice(at, 1);
}

function talon(ctrl, deal) {
  return v(
    "div.talon",
    { key: "talon" },
    v("div.trump-suit", {}, suitArt(deal.trump_suit, "1.2em"), " ", t("trump", { suit: suitName(deal.trump_suit, LANG) })),
    // keyed by the card: an exchanged trump is a new card turned up
    deal.trump_card ? cardIn("div.trump-card", deal.trump_card, { key: `trump-${deal.trump_card}`, attrs: { title: t("trump_card") }, hook: { insert: arrive } }) : null,
    deal.talon_size > 0 && deal.phase === "open"
      ? // the count on the pile, a badge (the whole words for a screen reader and a tooltip)
        v(
          "div.talon-pile",
          { key: "talon-pile", attrs: { role: "img", "aria-label": t("talon", { count: deal.talon_size }), title: t("talon", { count: deal.talon_size }) } },
          markup("span.art", cardBackSvg()),
          v("span.count", { attrs: { "aria-hidden": "true" } }, String(deal.talon_size)),
        )
      : null,
    deal.phase === "closed" ? v("p.talon-state", { key: "closed" }, deal.closed_by === ctrl.client.view.seat ? t("talon_closed_you") : t("talon_closed", { name: ctrl.name(deal.closed_by) })) : null,
    deal.phase === "exhausted" ? v("p.talon-state", { key: "exhausted" }, t("talon_exhausted")) : null,
  );
}

function scorePanel(ctrl, deal) {
  const view = ctrl.client.view;
  const seats = view.scores.map((_, seat) => seat);
  const mine = deal.marriages[view.seat];
  return v(
    "div.scores",
    { key: "scores" },
    v("p.match-score", {}, t("match_score", { scores: view.scores.join(" : "), target: view.target })),
    v("p.radli-count", {}, seats.map((seat) => t("to_go", { name: ctrl.name(seat), points: Math.max(0, view.target - view.scores[seat]) })).join(" · ")),
    v("p.deal-no", {}, t("deal_no", { number: deal.number })),
    deal.bonus ? v("p.bonus", { key: "bonus", attrs: { "data-bonus": deal.bonus } }, t("bonus_pending", { points: deal.bonus })) : null,
    v("p.my-tricks", { key: "my-tricks", attrs: { "data-tricks": deal.trick_counts[view.seat] } }, t("your_tricks", { count: deal.trick_counts[view.seat] })),
    v("p.my-points", { key: "my-points" }, t("your_points", { points: deal.points }),
      deal.pending_marriage_points ? ` ${t("pending_points", { points: deal.pending_marriage_points })}` : ""),
    mine.length ? v("p", { key: "marriages" }, t("marriages", { list: mine.map((s) => suitName(s, LANG)).join(", ") })) : null,
  );
}

export const twoSeat = {
  playTypes: ["play_card", "play"],
  boxed: new Set(),
  confirmations: CONFIRM,

  myTurn: (view) => view.deal.turn === view.seat && view.legal_actions.length > 0,

  area(ctrl, deal, parts) {
    return v(
      "section.table",
      { key: "table", attrs: { "aria-label": t("table") } },
      v("div.opponents", { key: "opponents" }, parts.others().map((seat) => parts.seat(seat))),
      v("div.felt", { key: "felt" }, talon(ctrl, deal), parts.trick(), parts.lastTrick()),
      scorePanel(ctrl, deal),
      parts.status(),
      parts.hand(),
      parts.actions(),
    );
  },

  seatFacts: () => null,
  seatMarriages: (deal, seat) => deal.marriages[seat].map((s) => suitName(s, LANG)),

  // 20 or 40 on a K or O whose partner is in hand: a hint (the server announces marriages).
  marriageHint(ctrl, card, hand) {
    const partner = card[1] === "K" ? `${card[0]}O` : card[1] === "O" ? `${card[0]}K` : null;
    if (!partner || !hand.includes(partner)) return null;
    return card[0] === ctrl.client.view.deal.trump_suit ? 40 : 20;
  },

  eventWords: () => null,
  // a move of the game's own in words (a hint says it), where the generic words do not do
  actionText: () => null,
  guide: { tips: (view) => guideTips(view), dealEnd: guideDealEnd },

  dealText(ctrl, deal) {
    const result = deal.result;
    if (result.winner === null) return t(result.reason === "draw" ? "reason_draw" : "reason_match_ended");
    const words = { points: result.game_points, reason: t(`reason_${result.reason}`) };
    return result.winner === ctrl.client.view.seat ? t("deal_won_you", words) : t("deal_won", { name: ctrl.name(result.winner), ...words });
  },

  dealNotes: () => null,

  matchEnd(ctrl, result) {
    const me = ctrl.client.view.seat;
    const heading = result.winner === me ? t("you_won") : result.winner === null ? t(`end_reason_${result.reason}`) : t("you_lost");
    const line = v("p", {}, t("match_result", { scores: result.scores.join(" : ") }), " · ", t(`end_reason_${result.reason}`),
      result.winner !== null && result.winner !== me ? ` · ${t("winner", { name: ctrl.name(result.winner) })}` : "");
    return { heading, line };
  },

  foldFetches: () => false,

  foldEvent(view, event) {
    const deal = view.deal;
    const me = view.seat;
    switch (event.type) {
      case "marriage_announced":
        deal.marriages[event.seat].push(event.suit);
        // points count every announced marriage; the pending part counts once a trick is won
        if (event.seat === me) {
          deal.points += event.points;
          if (deal.trick_counts[me] === 0) deal.pending_marriage_points += event.points;
        }
        return true;
      case "trick_taken": // (before the shared part takes the cards off the table)
        if (event.seat === me) {
          deal.captured.push(...deal.table.map((entry) => entry.card));
          deal.points += event.points;
          deal.pending_marriage_points = 0;
        }
        return true;
      case "card_drawn":
        deal.talon_size -= 1;
        deal.hand_sizes[event.seat] += 1;
        if (event.seat === me && event.card) deal.hand.push(event.card);
        if (event.face_up) deal.trump_card = null;
        if (deal.talon_size === 0 && deal.phase === "open") deal.phase = "exhausted";
        return true;
      case "trump_exchanged":
        if (event.seat === me) {
          removeCard(deal.hand, event.card);
          deal.hand.push(event.taken);
        }
        deal.trump_card = event.card;
        return true;
      case "talon_closed":
        deal.phase = "closed";
        deal.closed_by = event.seat;
        deal.trump_card = null;
        return true;
      default:
        return false;
    }
  },

  foldChecks(a, b) {
    const sorted = (cards) => [...(cards || [])].sort().join(",");
    return {
      talon_size: [a.talon_size, b.talon_size],
      trump_card: [a.trump_card, b.trump_card],
      pending_marriage_points: [a.pending_marriage_points, b.pending_marriage_points],
      captured: [sorted(a.captured), sorted(b.captured)],
    };
  },
};

export default twoSeat;
