// The player's own part of the table: whose turn it is, the hand (tap twice to play, arrows to
// walk it, Alt+arrows or drag and drop to reorder it), the Play buttons and the action bar with
// its confirmations. Pure views: what a tap does is the controller's.

import { cardName, cardSvg } from "../cards.js";
import { LANG, t } from "../i18n.js";
import { countdown, markup, v } from "./util.js";

// A private type: a dragged card never drops into the chat (or another program) as its code.
const DRAG_TYPE = "application/x-snapszer-card";

const ACTION_LABEL = {
  declare_enough: "declare_enough",
  let_count: "let_count",
  exchange_trump: "exchange_trump",
  close_talon: "close_talon",
  pause: "pause",
  resume: "resume",
  show_hand: "show_hand",
  show_cards: "show_cards",
  surrender: "surrender",
  resign: "resign",
  leave: "leave",
};

export function status(ctrl, deal) {
  const view = ctrl.client.view;
  const presence = view.presence;
  const mine = presence && presence.paused[view.seat];
  return v(
    "div.turn",
    { key: "turn", attrs: { "aria-live": "off" } },
    ctrl.isMyTurn()
      ? v("strong.your-turn", {}, t("your_turn"))
      : deal.turn !== null ? t("their_turn", { name: ctrl.name(deal.turn) }) : "",
    mine && !mine.stand_in ? v("p.paused", { attrs: { "data-until": mine.until } }, countdown("paused_you", mine.until)) : null,
    mine && mine.stand_in ? v("p.stand-in", {}, t("stand_in_you")) : null,
  );
}

// A focused button that goes (a card played, the Play button once it is pressed): the keyboard
// stays in the hand, on its first card.
function keepFocusInHand(vnode, removed) {
  const button = vnode.elm;
  const area = button.closest(".hand-area");
  const focused = document.activeElement === button;
  removed();
  if (focused && area) area.querySelector("[data-card-button]")?.focus();
}

// Arrow keys walk the hand; Alt+arrows move the card.
function handKeys(ctrl, card) {
  return (event) => {
    if (event.altKey && event.key === "ArrowLeft") ctrl.moveCard(card, -1);
    else if (event.altKey && event.key === "ArrowRight") ctrl.moveCard(card, 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const buttons = [...event.currentTarget.parentNode.querySelectorAll("[data-card-button]")];
      const at = buttons.indexOf(event.currentTarget);
      const next = buttons[at + (event.key === "ArrowLeft" ? -1 : 1)];
      if (next) next.focus();
    } else return;
    event.preventDefault();
  };
}

function cardButton(ctrl, card, cards, playable) {
  const legal = playable.has(card);
  const selected = ctrl.selected === card;
  const marriage = ctrl.variant.marriageHint(ctrl, card, cards);
  const badge = marriage ? `<span class="marriage-badge" aria-hidden="true">${Number(marriage)}</span>` : "";
  return markup("button.card-button", cardSvg(card, LANG) + badge, {
    key: card,
    class: { legal, "not-legal": !legal, selected },
    attrs: {
      "data-key": `card-${card}`,
      "data-card-button": card,
      "aria-disabled": legal ? "false" : "true",
      "aria-pressed": selected ? "true" : "false",
      "aria-label": `${cardName(card, LANG)}${marriage ? ` (${marriage})` : ""}${selected ? ` – ${t("tap_again")}` : ""}`,
      draggable: "true",
    },
    on: {
      click: () => ctrl.tapCard(card),
      keydown: handKeys(ctrl, card),
      dragstart: (event) => event.dataTransfer.setData(DRAG_TYPE, card),
      dragover: (event) => event.preventDefault(),
      drop: (event) => {
        event.preventDefault();
        ctrl.dropCard(event.dataTransfer.getData(DRAG_TYPE), card);
      },
    },
    hook: { remove: keepFocusInHand },
  });
}

export function hand(ctrl, deal) {
  const playable = ctrl.playable();
  const cards = ctrl.orderedHand(deal.hand);
  const selected = ctrl.selected;
  const marriage = selected ? ctrl.playAction(selected, true) : null;
  return v(
    "div.hand-area",
    { key: "hand-area" },
    v("h2.visually-hidden", {}, t("your_hand")),
    v(
      "div.hand",
      // --n: the cards in it, for the one-row fan (club.css, "the table fits the screen")
      { attrs: { role: "group", "aria-label": t("your_hand") }, style: { "--n": String(cards.length) } },
      cards.map((card) => cardButton(ctrl, card, cards, playable)),
    ),
    selected
      ? v("button.primary.play", {
          key: "play",
          attrs: { "data-key": "play" },
          on: { click: () => ctrl.tapCard(ctrl.selected) },
          hook: { remove: keepFocusInHand },
        }, t("play", { card: cardName(selected, LANG) }))
      : null,
    // a K or O whose marriage may be announced as it is led: the Play button has a twin
    marriage
      ? v("button.primary.play-marriage", {
          key: "play-marriage",
          attrs: { "data-key": "play-marriage" },
          on: { click: () => ctrl.playMarriage() },
          hook: { remove: keepFocusInHand },
        }, t("play_marriage", { card: cardName(selected, LANG), points: selected[0] === deal.trump_suit ? 40 : 20 }))
      : null,
  );
}

// The legal actions that are neither a card nor in one of the variant's own boxes, each a
// button; one that asks first turns into its question.
export function actions(ctrl) {
  const actions = (ctrl.client.view.legal_actions || [])
    .filter((action) => !ctrl.variant.playTypes.includes(action.type) && !ctrl.variant.boxed.has(action.type));
  if (!actions.length && !ctrl.confirming) return null;
  return v(
    "div.actions",
    { key: "actions" },
    actions.map((action) => {
      const question = ctrl.confirmText(action.type);
      return ctrl.confirming === action.type
        ? v("span.confirm", { key: `confirm-${action.type}`, attrs: { role: "alertdialog", "aria-label": t(question) } },
            t(question), " ",
            v("button.danger", { attrs: { "data-key": `confirm-${action.type}` }, on: { click: () => ctrl.send(action) } }, t("confirm")),
            v("button", { on: { click: () => ctrl.cancelConfirm() } }, t("cancel")))
        : v(`button.action-${action.type}`, {
            key: `action-${action.type}`,
            class: { "danger-outline": Boolean(question) },
            attrs: { "data-key": `action-${action.type}` },
            on: { click: () => ctrl.send(action) },
          }, t(ACTION_LABEL[action.type] || action.type));
    }),
  );
}
