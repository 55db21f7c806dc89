// What the table says after the play: each finished deal (its result in the variant's words,
// the fair-play check, a replay of its record) and the end of the match with the rematch.

import { ANALYSED, analysisPath } from "../analysis/board.js";
import { t } from "../i18n.js";
import { cardArt, cardIn, v } from "./util.js";

// "Elemzés": a finished deal's analysis (analysis/), in the games the server analyses.
export function analysisLink(ctrl, number) {
  if (!ANALYSED.has(ctrl.client.match.variant)) return null;
  return v("a.analysis-link", {
    attrs: { href: analysisPath(ctrl.client.id, number), "data-link": "", "aria-label": t("analysis_open", { number }) },
  }, t("analysis"));
}

export function dealResults(ctrl) {
  // a deal's result only once its end has been shown at the table (after its last card)
  const deals = [...ctrl.client.deals.values()].filter((deal) => ctrl.client.resultShown(deal)).sort((a, b) => b.number - a.number);
  if (!deals.length) return null;
  const [latest, ...older] = deals.map((deal) => dealResult(ctrl, deal));
  return v(
    "section.deal-results",
    { key: "deal-results", attrs: { "aria-label": t("fair_play") } },
    latest,
    older.length
      ? v("details", { key: "older", props: { open: Boolean(ctrl.showOlder) }, on: { toggle: (event) => ctrl.setShowOlder(event.target.open) } },
          v("summary", {}, t("older_deals", { count: older.length })), older)
      : null,
  );
}

function dealResult(ctrl, deal) {
  const fair = { true: "verified", false: "failed", null: "unavailable" }[deal.verified] || "checking";
  return v(
    "div.deal-result",
    { key: `deal-${deal.number}`, attrs: { "data-deal": deal.number } },
    v("p", {}, v("strong", {}, t("deal_no", { number: deal.number })), ": ", ctrl.variant.dealText(ctrl, deal)),
    ctrl.variant.dealNotes(ctrl, deal),
    deal.result ? analysisLink(ctrl, deal.number) : null,
    v("p.fair", { class: { [`fair-${fair}`]: true }, attrs: { "data-fair": fair } }, `${t("fair_play")}: `, fairText(deal, fair)),
    seedsLine(ctrl, deal.record),
    deal.record ? v("button.link", { on: { click: () => ctrl.openReplay(deal) } }, t("replay")) : null,
  );
}

function fairText(deal, fair) {
  const seeded = deal.record && deal.record.scheme === "hmac-fy-1";
  return t(fair === "verified" && seeded ? "fair_verified_seeded" : `fair_${fair}`);
}

// Whose seeds went into a seeded deal's shuffle: each seat's name, with "own" for the seed its
// player sent, "server" for one the server filled in (none sent in time).
function seedsLine(ctrl, record) {
  if (!record || !record.seeds || !record.seeds.length) return null;
  const names = record.seeds.map((seed) => t(seed.by === "player" ? "fair_seed_player" : "fair_seed_server", { name: ctrl.name(seed.seat) }));
  return v("p.fair-seeds", { attrs: { "data-seeds": record.seeds.map((seed) => seed.by).join(" ") } }, t("fair_seeds", { list: names.join(", ") }));
}

export function replayDialog(ctrl) {
  const record = ctrl.replay.record;
  const cards = (list) => v("div.cards.small", {}, list);
  return v(
    "div.replay",
    { key: "replay", attrs: { role: "dialog", "aria-label": t("replay_title", { number: record.number }), "data-revealed": "" } },
    v("h2", {}, t("replay_title", { number: record.number })),
    analysisLink(ctrl, record.number),
    v("h3", {}, t("dealt_hands")),
    record.dealt_hands.map((hand, seat) =>
      v("div", {}, v("p", {}, ctrl.name(seat)), cards(hand.map((card) => cardIn("span.card-wrap", card, { key: card }))))),
    v("h3", {}, t("tricks_list")),
    v("ol.tricks", {}, record.tricks.map((trick) =>
      v("li", {}, cards(trick.cards.map((entry) => v("figure.played", { key: entry.card }, cardArt(entry.card), v("figcaption", {}, ctrl.name(entry.seat))))),
        ` → ${ctrl.name(trick.winner)}`))),
    v("button", { attrs: { "data-key": "replay-close" }, on: { click: () => ctrl.closeReplay() } }, t("close")),
  );
}

export function matchEnd(ctrl, result) {
  const { match, view } = ctrl.client;
  const me = view.seat;
  const rematch = match.rematch;
  const { heading, line } = ctrl.variant.matchEnd(ctrl, result);
  return v(
    "section.match-end",
    { key: "match-end", attrs: { role: "status" } },
    v("h2", {}, heading),
    line,
    result.schneider ? v("p.schneider", {}, t("schneider")) : null,
    result.ruckschneider ? v("p.schneider", {}, t("ruckschneider")) : null,
    result.radli !== null && result.radli !== undefined ? v("p", {}, t("radli", { list: ctrl.name(result.radli) })) : null,
    rematch && rematch.status === "offered" && rematch.offered_by_seat === me ? v("p", {}, t("rematch_offered_by_you")) : null,
    rematch && rematch.status === "offered" && rematch.offered_by_seat !== me
      ? v("p", {}, t("rematch_offered", { name: ctrl.name(rematch.offered_by_seat) }),
          " ", v("button.primary", { attrs: { "data-key": "rematch-accept" }, on: { click: () => ctrl.rematch(true) } }, t("rematch_accept")))
      : null,
    rematch && rematch.status === "started"
      ? v("a.button", { attrs: { href: `/m/${rematch.new_match_id}/`, "data-link": "" } }, t("rematch"))
      : null,
    !rematch ? v("button.primary", { attrs: { "data-key": "rematch" }, on: { click: () => ctrl.rematch(false) } }, t("rematch")) : null,
  );
}
