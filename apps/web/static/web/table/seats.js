// The seats around the table and the cards on it: a panel per other seat (placed where it sits
// for the viewer), the trick, the last trick. Pure views of the controller.

import { cardBackSvg } from "../cards.js";
import { t } from "../i18n.js";
import { travel } from "./motion.js";
import { cardArt, cardIn, countdown, markup, v } from "./util.js";

// Where a seat sits for the viewer: the viewer at the bottom, then in the turn order (seat
// s + 1 after s, clockwise) around the table. A spectator sees seat 0 at the bottom.
const PLACES = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};

export function position(seat, me, seats) {
  const places = PLACES[seats] || PLACES[2];
  return places[(seat - (me ?? 0) + seats) % seats];
}

// The seats other than the viewer's, in seat order.
export const otherSeats = (ctrl, deal) => deal.hand_sizes.map((_, seat) => seat).filter((seat) => seat !== ctrl.client.view.seat);

// A person's name at a friend or ranked table opens their profile in a new tab: the match
// goes on in its own (leaving the table would start a reconnect window).
function seatName(ctrl, player, name) {
  if (!player || player.is_computer || player.is_you || player.user_id === null) return name;
  if (ctrl.client.match.mode === "computer") return name;
  return v("a.profile-link", {
    attrs: {
      href: `/p/${player.user_id}/`, target: "_blank", rel: "noopener",
      "aria-label": t("profile_new_tab", { name }),
    },
  }, name);
}

export function seatPanel(ctrl, deal, seat) {
  const { view, match } = ctrl.client;
  const presence = view.presence;
  const player = match.players.find((p) => p.seat === seat);
  const shown = (deal.shown_hands || []).find((s) => s.seat === seat);
  const paused = presence && presence.paused[seat];
  const away = presence && presence.away_until[seat];
  const name = ctrl.name(seat);
  const marriages = ctrl.variant.seatMarriages(deal, seat);
  return v(
    "div.seat",
    {
      key: `seat-${seat}`,
      class: { "on-turn": deal.turn === seat && !ctrl.client.ended },
      attrs: { "data-seat": seat, "data-pos": position(seat, view.seat, deal.hand_sizes.length) },
    },
    v("div.seat-name", {}, seatName(ctrl, player, name), player && player.is_computer ? v("span.strength", {}, ` (${t(`strength_${player.strength}`)})`) : ""),
    ctrl.variant.seatFacts(ctrl, deal, seat),
    v(
      "div.backs",
      { attrs: { "aria-label": t("hand_of", { name, count: deal.hand_sizes[seat] }), role: "img" } },
      Array.from({ length: deal.hand_sizes[seat] }, (_, i) => markup("span.back", cardBackSvg(), { key: i })),
    ),
    v("div.seat-facts", {}, t("tricks", { count: deal.trick_counts[seat] }),
      marriages.length ? ` · ${t("marriages", { list: marriages.join(", ") })}` : ""),
    away ? v("p.away", { attrs: { "data-until": away } }, countdown("away", away, name)) : null,
    paused && !paused.stand_in
      ? v("p.paused", { attrs: { "data-until": paused.until } }, countdown("paused", paused.until, name))
      : null,
    paused && paused.stand_in ? v("p.stand-in", {}, t("stand_in", { name })) : null,
    shown
      ? v(
          "div.shown",
          {},
          v("p", { attrs: { "data-until": shown.until } }, countdown("shown_hand", shown.until, name)),
          v("div.cards.small", {}, shown.cards.map((card) => cardIn("span.card-wrap", card, { key: card }))),
        )
      : null,
  );
}

// The cards on the table. With `slots`, every seat has its place (a card lands where its
// player sits and never moves); else the cards in the order played.
export function trick(ctrl, deal, { slots = false } = {}) {
  const seats = deal.hand_sizes.length;
  const me = ctrl.client.view.seat;
  const places = ["top", "left", "right", "bottom"].filter((pos) => (PLACES[seats] || PLACES[2]).includes(pos));
  const taking = ctrl.client.taking;
  return v(
    "div.trick",
    {
      class: { slots, gathering: taking !== null && deal.table.length > 0 },
      attrs: { role: "group", "aria-label": t("table"), "data-to": taking !== null ? position(taking, me, seats) : false },
    },
    // the word on the table: who took the trick, a move that is not a card (not live: the
    // table's log says it to a screen reader)
    ctrl.word ? v("p.table-word", { key: `word-${ctrl.word.seq}`, attrs: { "aria-hidden": "true", "data-word": ctrl.word.type } }, ctrl.word.text) : null,
    slots
      ? places.map((pos) => {
          const entry = deal.table.find((e) => position(e.seat, me, seats) === pos);
          return entry ? playedCard(ctrl, entry, pos) : v("div.slot", { key: `slot-${pos}`, attrs: { "data-pos": pos } });
        })
      : deal.table.map((entry) => playedCard(ctrl, entry, null)),
  );
}

export function playedCard(ctrl, entry, pos) {
  return v(
    "figure.played",
    { key: entry.card, attrs: { "data-seat": entry.seat, "data-card": entry.card, "data-pos": pos ?? false }, hook: { insert: travel(entry.card, entry.seat) } },
    cardArt(entry.card),
    v("figcaption", {}, ctrl.name(entry.seat), ctrl.client.standIn.has(entry.card) ? ` · ${t("stand_in_card")}` : ""),
  );
}

export function lastTrick(ctrl, deal) {
  return v(
    "div.last-trick",
    { key: "last-trick" },
    v("button.link", {
      attrs: { "data-key": "last-trick", "aria-expanded": ctrl.showLast ? "true" : "false" },
      on: { click: () => ctrl.toggleLastTrick() },
    }, ctrl.showLast ? t("hide_last_trick") : t("last_trick")),
    ctrl.showLast
      ? deal.last_trick
        ? v("div.cards.small", {}, deal.last_trick.cards.map((entry) =>
            v("figure.played", { key: entry.card }, cardArt(entry.card), v("figcaption", {}, ctrl.name(entry.seat)))))
        : v("p", {}, t("no_last_trick"))
      : null,
  );
}
