// Sixty-six (24 cards, "enough!"): the two-seat table, with "enough" asked first (under 66 the
// opponent scores) and a finished deal's declaration and what it was worth.

import { t } from "../i18n.js";
import { v } from "../table/util.js";
import { CONFIRM, twoSeat } from "./two_seat.js";
import { guideDealEnd, guideTips } from "./two_seat_guide.js";

// "61 — not enough: the opponent scores 2" (from the deal record)
function declaration(ctrl, deal) {
  const declared = deal.record && deal.record.declared;
  if (!declared) return null;
  const who = declared.seat === ctrl.client.view.seat ? t("you") : ctrl.name(declared.seat);
  const text = declared.right
    ? t("declared_right", { name: who, points: declared.points })
    : t("declared_wrong", { name: who, points: declared.points, game: deal.result.game_points });
  return v("p.declaration", { attrs: { "data-right": declared.right } }, text);
}

export default {
  ...twoSeat,
  confirmations: { ...CONFIRM, declare_enough: "declare_confirm" },
  dealNotes: declaration,
  guide: { tips: (view) => guideTips(view, { enough: true }), dealEnd: guideDealEnd },
};
