// Every event shown at the table, in words, for the aria-live region: the variant's own
// events in its module's words, the rest here.

import { cardName, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";

export function eventWords(ctrl, event) {
  const own = ctrl.variant.eventWords(ctrl, event);
  if (own) return own;
  const name = event.seat !== undefined ? ctrl.name(event.seat) : "";
  // one's own doing is said to the player, in the second person ("Lezártad a talont")
  const mine = event.seat !== undefined && event.seat === ctrl.client.view.seat;
  const said = (key, params = {}) => (mine ? t(`${key}_you`, params) : t(key, { name, ...params }));
  switch (event.type) {
    case "card_played":
      return `${name}: ${cardName(event.card, LANG)}`;
    case "trick_taken":
      return said("trick_won", { points: event.points });
    case "marriage_announced":
      return said(`marriage_${event.points === 40 ? 40 : 20}`, { suit: suitName(event.suit, LANG) });
    case "talon_closed":
      return said("talon_closed");
    case "trump_exchanged":
      return mine
        ? t("trump_exchanged_you")
        : t("trump_exchanged_log", { name, card: cardName(event.card, LANG), taken: cardName(event.taken, LANG) });
    case "enough_declared":
      return t("enough_word", { name });
    case "deal_started":
      return event.number ? t("deal_started_log", { number: event.number }) : null;
    case "deal_ended": {
      if (event.winner === null) return null;
      const words = { points: event.game_points, reason: t(`reason_${event.reason}`) };
      return event.winner === ctrl.client.view.seat ? t("deal_won_you", words) : t("deal_won", { name: ctrl.name(event.winner), ...words });
    }
    case "match_ended":
      return `${t("match_result", { scores: event.scores.join(" : ") })} · ${t(`end_reason_${event.reason}`)}`;
    default:
      return null;
  }
}
