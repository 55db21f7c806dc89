// The player's own part of the table: whose turn it is, the hand (tap twice to play, arrows to
// walk it, Alt+arrows or drag and drop to reorder it), the Play buttons and the action bar with
// its confirmations. Pure views: what a tap does is the controller's.

import { cardImg, cardName } from "../cards.js";
import { LANG, t } from "../i18n.js";
import { dealtIn, rememberPlace } from "./motion.js";
import { analysisLink } from "./results.js";
import { rulesToggle } from "./rules.js";
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
    // one's own seat is always "your turn", also while the view that offers the moves is on its
    // way (a folded view): never "You to play"; once the deal is over, its end and nobody's turn
    ctrl.client.ended
      ? dealOver(ctrl)
      : ctrl.isMyTurn() || (deal.turn !== null && deal.turn === view.seat)
        ? v("strong.your-turn", {}, t("your_turn"))
        : deal.turn !== null && !allPlayed(deal) ? t("their_turn", { name: ctrl.name(deal.turn) }) : "",
    mine && !mine.stand_in ? v("p.paused", { attrs: { "data-until": mine.until } }, countdown("paused_you", mine.until)) : null,
    mine && mine.stand_in ? v("p.stand-in", {}, t("stand_in_you")) : null,
    ctrl.hintOffered ? hint(ctrl) : null,
  );
}

// A legal action in words: the game's own (a bid, a doubling), a card to play, or the action's
// name.
function moveText(ctrl, action) {
  const own = ctrl.variant.actionText(ctrl, action);
  if (own) return own;
  if (ctrl.variant.playTypes.includes(action.type)) {
    const card = cardName(action.card, LANG);
    const points = action.card[0] === ctrl.client.view.deal.trump_suit ? 40 : 20;
    return action.marriage ? t("hint_marriage", { card, points }) : card;
  }
  return t(ACTION_LABEL[action.type] || action.type);
}

// Against Kati: "Tipp" asks what she would do here; her answer in words beside it.
function hint(ctrl) {
  const given = ctrl.currentHint();
  const said = given && given.action ? t("hint_given", { move: moveText(ctrl, given.action) })
    : given && given.error ? t("hint_failed") : null;
  return v("span.hint", { key: "hint" },
    v("button.link.hint-ask", {
      attrs: { "data-key": "hint", "aria-busy": given && given.asking ? "true" : "false", disabled: Boolean(given && given.asking) },
      on: { click: () => ctrl.askHint() },
    }, t("hint_ask")),
    said ? v("span.hint-text", { attrs: { role: "status" } }, said) : null);
}

// Every card played and the table empty: the deal is over, whoever the view says leads.
const allPlayed = (deal) => deal.table.length === 0 && deal.hand_sizes.every((size) => size === 0);

// A deal's end on the table, before the next deal: its result where the turn is said, and
// "next deal" with its countdown (before the match's end: the result alone).
function dealOver(ctrl) {
  const ended = ctrl.client.ended;
  const deal = ctrl.client.deals.get(ended.number);
  const seconds = Math.max(0, Math.ceil((ended.until - Date.now()) / 1000));
  return v(
    "div.deal-over",
    { key: `deal-over-${ended.seq}`, attrs: { "data-deal": ended.number } },
    v("strong", {}, t("deal_over")),
    deal && deal.result ? v("p.deal-over-result", {}, ctrl.variant.dealText(ctrl, deal)) : null,
    deal && deal.result ? analysisLink(ctrl, ended.number) : null,
    ended.over
      ? null
      : [
          v("button.primary.next-deal", { key: "next-deal", attrs: { "data-key": "next-deal" }, on: { click: () => ctrl.nextDeal() } }, t("next_deal")),
          v("span.next-deal-in", { key: "next-deal-in", attrs: { "data-until": ended.until } }, t("next_deal_in", { seconds })),
        ],
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

// Arrow keys walk the hand, Home and End go to its first and last card; Alt+arrows move the card.
function handKeys(ctrl, card) {
  return (event) => {
    const buttons = () => [...event.currentTarget.parentNode.querySelectorAll("[data-card-button]")];
    if (event.altKey && event.key === "ArrowLeft") ctrl.moveCard(card, -1);
    else if (event.altKey && event.key === "ArrowRight") ctrl.moveCard(card, 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const all = buttons();
      const next = all[all.indexOf(event.currentTarget) + (event.key === "ArrowLeft" ? -1 : 1)];
      if (next) next.focus();
    } else if (event.key === "Home") buttons()[0].focus();
    else if (event.key === "End") buttons().at(-1).focus();
    else return;
    event.preventDefault();
  };
}

function cardButton(ctrl, card, cards, playable) {
  const legal = playable.has(card);
  const selected = ctrl.selected === card;
  const marriage = ctrl.variant.marriageHint(ctrl, card, cards);
  const badge = marriage ? `<span class="marriage-badge" aria-hidden="true">${Number(marriage)}</span>` : "";
  // the face is a picture (cardImg): the button's label is the card's name, its whole name
  return markup("button.card-button", cardImg(card, LANG) + badge, {
    key: card,
    class: { legal, "not-legal": !legal, selected },
    attrs: {
      "data-key": `card-${card}`,
      "data-card-button": card,
      "aria-disabled": legal ? "false" : "true",
      "aria-pressed": selected ? "true" : "false",
      "aria-label": [
        marriage ? t("card_marriage", { card: cardName(card, LANG), points: marriage }) : cardName(card, LANG),
        selected ? t("tap_again") : null,
      ].filter(Boolean).join(" – "),
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
    hook: { insert: dealtIn, remove: (vnode, removed) => { rememberPlace(vnode); keepFocusInHand(vnode, removed); } },
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
// button; one that asks first turns into its question. The table's own are in the "More" sheet
// (open while one of them asks).
export function actions(ctrl) {
  const offered = ctrl.offered();
  if (!offered.length && !ctrl.confirming) return null;
  const table = ctrl.tableActions();
  const open = table.length > 0 && (ctrl.moreOpen || table.some((action) => action.type === ctrl.confirming));
  return v(
    "div.actions",
    { key: "actions" },
    offered.filter((action) => !table.includes(action)).map((action) => actionButton(ctrl, action)),
    table.length
      ? v("button.more", {
          key: "more",
          attrs: { "data-key": "more", "aria-expanded": open ? "true" : "false", "aria-controls": "more-actions" },
          on: { click: () => ctrl.toggleMore() },
        }, t(open ? "more_close" : "more_actions"))
      : null,
    open
      ? v("div.more-actions", {
          key: "more-actions",
          attrs: { id: "more-actions", role: "group", "aria-label": t("more_actions") },
          on: { keydown: (event) => { if (event.key === "Escape") { event.preventDefault(); ctrl.toggleMore(false); } } },
        }, table.map((action) => actionButton(ctrl, action)), ctrl.rulesInMore() ? rulesToggle(ctrl) : null)
      : null,
  );
}

function actionButton(ctrl, action) {
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
}
