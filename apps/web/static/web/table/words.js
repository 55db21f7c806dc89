// Every event shown at the table, in words, for the aria-live region: the variant's own
// events in its module's words, the rest here.

import { cardName, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";

export function eventWords(ctrl, event) {
  const own = ctrl.variant.eventWords(ctrl, event);
  if (own) return own;
  const name = event.seat !== undefined ? ctrl.name(event.seat) : "";
  switch (event.type) {
    case "card_played":
      return `${name}: ${cardName(event.card, LANG)}`;
    case "trick_taken":
      return t("trick_won", { name, points: event.points });
    case "marriage_announced":
      return `${name}: ${event.points} (${suitName(event.suit, LANG)})`;
    case "talon_closed":
      return t("talon_closed", { name });
    case "trump_exchanged":
      return t("trump_exchanged_log", { name, card: cardName(event.card, LANG), taken: cardName(event.taken, LANG) });
    case "enough_declared":
      return t("enough_word", { name });
    case "deal_started":
      return event.number ? t("deal_started_log", { number: event.number }) : null;
    case "deal_ended":
      return event.winner === null
        ? null
        : event.winner === ctrl.client.view.seat
          ? t("deal_won_you", { points: event.game_points, reason: t(`reason_${event.reason}`) })
          : t("deal_won", { name: ctrl.name(event.winner), points: event.game_points, reason: t(`reason_${event.reason}`) });
    case "match_ended":
      return `${t("match_result", { scores: event.scores.join(" : ") })} · ${t(`end_reason_${event.reason}`)}`;
    default:
      return null;
  }
}
