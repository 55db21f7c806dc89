// The guided deal of the two-seat games (a learning deal against Kati): on each of the
// player's turns, what the table offers and why, in the page's language, read from the
// player's own view only (pure: no DOM, no state). Klub and sixty-six share it; sixty-six
// adds its nines and "enough" (`words.enough`).
//
// Card points: ace 11, ten 10, king 4, over (felső) 3, under (alsó) 2, nine 0.

import { RANKS, cardName, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";

export const CARD_POINTS = Object.freeze({ A: 11, X: 10, K: 4, O: 3, U: 2, 9: 0 });

const points = (card) => CARD_POINTS[card[1]];
const beats = (card, led, trump) =>
  card[0] === led[0] ? RANKS.indexOf(card[1]) > RANKS.indexOf(led[1]) : card[0] === trump;

// The tips for `view` (the player's), each {key, text}: the last trick's worth, then what
// this turn offers (the lead or the reply; free or strict), the trump exchange, closing, a
// marriage in hand, the points so far and what they are for. `enough`: the game has the
// declaration (sixty-six).
export function guideTips(view, { enough = false } = {}) {
  const deal = view && view.deal;
  if (!deal || !deal.hand) return [];
  const tips = [];
  const me = view.seat;
  const offered = new Set((view.legal_actions || []).map((action) => action.type));
  const playable = (view.legal_actions || []).filter((action) => action.card).map((action) => action.card);
  const trump = deal.trump_suit;
  const strict = deal.phase !== "open";

  if (deal.last_trick) {
    const cards = deal.last_trick.cards.map((entry) => entry.card);
    const worth = cards.reduce((sum, card) => sum + points(card), 0);
    const list = cards.map((card) => `${cardName(card, LANG)} ${points(card)}`).join(" + ");
    tips.push({
      key: "last",
      text: t(deal.last_trick.winner === me ? "guide_last_you" : "guide_last_them", { points: worth, list }),
    });
  }

  if (playable.length) {
    if (deal.table.length === 0) {
      tips.push({ key: "lead", text: t(strict ? "guide_lead_strict" : "guide_lead_free") });
    } else {
      const led = deal.table[0].card;
      const words = { card: cardName(led, LANG), suit: suitName(led[0], LANG), trump: suitName(trump, LANG) };
      if (!strict) tips.push({ key: "follow", text: t("guide_follow_free", words) });
      else {
        const why = playable.every((card) => card[0] === led[0])
          ? playable.every((card) => beats(card, led, trump)) ? "guide_follow_beat" : "guide_follow_suit"
          : playable.every((card) => card[0] === trump) ? "guide_follow_trump" : "guide_follow_any";
        tips.push({ key: "follow", text: t(why, words) });
      }
      const winners = playable.filter((card) => beats(card, led, trump));
      tips.push({
        key: "win",
        text: winners.length
          ? t("guide_can_win", { cards: winners.map((card) => cardName(card, LANG)).join(", "), points: points(led) })
          : t("guide_cannot_win"),
      });
    }
  }

  if (offered.has("exchange_trump")) {
    tips.push({ key: "exchange", text: t("guide_exchange", { card: cardName(deal.trump_card, LANG) }) });
  }
  if (offered.has("close_talon")) tips.push({ key: "close", text: t("guide_close") });
  if (deal.table.length === 0 && playable.length) {
    const pairs = ["P", "T", "Z", "M"].filter((suit) => deal.hand.includes(`${suit}K`) && deal.hand.includes(`${suit}O`));
    for (const suit of pairs) {
      tips.push({ key: `marriage-${suit}`, text: t("guide_marriage", { suit: suitName(suit, LANG), points: suit === trump ? 40 : 20 }) });
    }
  }

  if (playable.length || offered.size) {
    tips.push({
      key: "points",
      text: t(deal.trick_counts[me] ? "guide_points" : "guide_points_no_trick", { points: deal.points, missing: Math.max(0, 66 - deal.points) }),
    });
  }
  if (enough && offered.has("declare_enough")) tips.push({ key: "enough", text: t("guide_enough") });
  if (strict && deal.phase === "exhausted" && playable.length && deal.table.length === 0) {
    tips.push({ key: "last-trick", text: t("guide_exhausted") });
  }
  return tips;
}

// The deal's end explained: who won it, why, and what the game points were for.
export function guideDealEnd(result, me) {
  if (!result || result.winner === null || result.winner === undefined) return null;
  return t(result.winner === me ? "guide_end_you" : "guide_end_them", {
    points: result.game_points,
    reason: t(`reason_${result.reason}`),
  });
}
