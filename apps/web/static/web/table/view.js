// The table's view: a pure function of the controller (table/ctrl.js) that returns the
// snabbdom tree; render.js patches the page with it. The variant module draws the table area
// (variants/*.js: the centre, the boxes of its own) from the shared parts below.

import { LANG, problemText, t } from "../i18n.js";
import { chatToggle, clubPanel } from "./club.js";
import { actions, hand, status } from "./hand.js";
import { dealResults, matchEnd, replayDialog } from "./results.js";
import { rulesDrawer, rulesToggle } from "./rules.js";
import { lastTrick, otherSeats, seatPanel, trick } from "./seats.js";
import { tableStory } from "./story.js";
import { v } from "./util.js";

export function view(ctrl) {
  const { match, view } = ctrl.client;
  if (!match) return v("p.loading", {}, t("loading"));
  const deal = view.deal;
  return v(
    "div.table-screen",
    {
      // fit: a deal on the table, the page one screen high (club.css, "the table fits the
      // screen"); ended: the match is over, its end a sheet at the table's foot
      class: { fit: Boolean(deal), ended: Boolean(view.result) },
      attrs: {
        "data-version": ctrl.client.version,
        "data-my-turn": ctrl.isMyTurn() ? "yes" : "no",
        "data-settled": ctrl.client.settled ? "yes" : "no",
      },
    },
    topBar(ctrl),
    match.status === "waiting" ? waitingRoom(ctrl) : null,
    !deal && view.next_deal && !view.result ? shuffling(ctrl, view.next_deal) : null,
    deal ? ctrl.variant.area(ctrl, deal, parts(ctrl, deal)) : null,
    deal ? tableStory(ctrl) : null,
    deal ? guidePanel(ctrl) : null,
    view.result ? matchEnd(ctrl, view.result) : null,
    dealResults(ctrl),
    hasClub(ctrl) && ctrl.chatOpen ? clubPanel(ctrl) : null,
    ctrl.replay ? replayDialog(ctrl) : null,
    ctrl.rulesOpen ? rulesDrawer(ctrl) : null,
  );
}

// A learning deal's guide: this turn's tips in a card over the top of the table (the hand
// and its buttons stay free); "Got it" folds it into a Tips button until the table moves on.
function guidePanel(ctrl) {
  const tips = ctrl.guideTips();
  if (!tips.length) return null;
  if (!ctrl.guideOpen()) {
    return v("button.guide-show", { key: "guide-show", attrs: { "data-key": "guide-show" }, on: { click: () => ctrl.setGuideRead(false) } }, t("guide_show"));
  }
  return v(
    "section.guide",
    { key: "guide", attrs: { "aria-label": t("guide_title"), "aria-live": "polite" } },
    v("h2", {}, t("guide_title")),
    v("ul", {}, tips.map((tip) => v("li", { key: tip.key, attrs: { "data-tip": tip.key } }, tip.text))),
    v("button.primary", { attrs: { "data-key": "guide-ok" }, on: { click: () => ctrl.setGuideRead(true) } }, t("guide_ok")),
  );
}

// Friends' and ranked matches have the club's drawer: chat, moderation, the call.
const hasClub = (ctrl) => ctrl.hasClub();

// What every table is made of, for the variant's layout.
function parts(ctrl, deal) {
  return {
    others: () => otherSeats(ctrl, deal),
    seat: (seat) => seatPanel(ctrl, deal, seat),
    trick: (options) => trick(ctrl, deal, options),
    lastTrick: () => lastTrick(ctrl, deal),
    status: () => status(ctrl, deal),
    hand: () => hand(ctrl, deal),
    actions: () => actions(ctrl),
  };
}

function topBar(ctrl) {
  const { match, status: connection, sending, notice } = ctrl.client;
  return v(
    "div.topbar",
    { key: "topbar" },
    v("a.back", { attrs: { href: "/", "data-link": "" } }, t("back_home")),
    // the table's own <h1> (the page has one): the game and whom it is against; focused when
    // the match starts (table.js), so a screen reader begins at the table
    v("h1.table-title", { attrs: { tabindex: "-1", "data-key": "table-title" } },
      gameLabel(ctrl), v("span.mode", {}, gameLabel(ctrl) ? " · " : "", t(`mode_${match.mode}`), match.stake ? ` · ${t("stake")}: ${match.stake}` : "")),
    v(
      "span.connection",
      { class: { [`conn-${connection}`]: true }, attrs: { role: "status", "data-connection": connection } },
      t(`connection_${connection}`),
      sending ? ` · ${t("sending")}` : "",
    ),
    // the rules: here, or under "More" where the chat's button takes the room (table/rules.js)
    ctrl.rulesInMore() ? null : rulesToggle(ctrl),
    hasClub(ctrl) ? chatToggle(ctrl) : null,
    notice ? v("p.notice", { key: "notice" }, problemText(notice)) : null,
    ctrl.info ? v("p.info", { key: "info", attrs: { role: "status" } }, ctrl.info) : null,
  );
}

// The game's short name, as its variant declares it (the catalogue's labels), with a separator.
function gameLabel(ctrl) {
  const labels = ctrl.game && ctrl.game.labels;
  const name = labels && (labels[LANG] || labels.en);
  return name || "";
}

// A match the server made waits a moment before its first deal for every seat's seed (sent by
// each browser as the table opens): who is in, and when it is dealt without the missing.
function shuffling(ctrl, next) {
  const seats = ctrl.client.view.scores.length;
  const left = next.until ? Math.max(0, Math.ceil((new Date(next.until).getTime() - Date.now()) / 1000)) : null;
  const seat = (index) => {
    const done = next.seeded.includes(index);
    return v(
      "li",
      { key: `seed-${index}`, attrs: { "data-seeded": done ? "yes" : "no" } },
      t(done ? "shuffle_seed_in" : "shuffle_seed_waiting", { name: ctrl.name(index) }),
    );
  };
  // Kati adds no seed (she is the server): only the people's seats are waited for
  const computer = new Set(ctrl.client.match.players.filter((p) => p.is_computer).map((p) => p.seat));
  const people = Array.from({ length: seats }, (_, index) => index).filter((index) => !computer.has(index));
  return v(
    "section.shuffling",
    { key: "shuffling", attrs: { "aria-live": "polite" } },
    v("h2", {}, t("shuffle_title", { number: next.number })),
    v("p", {}, t("shuffle_why")),
    v("ul.shuffle-seeds", {}, people.map(seat)),
    left !== null ? v("p.shuffle-until", {}, t("shuffle_until", { seconds: left })) : null,
  );
}

function waitingRoom(ctrl) {
  const invite = ctrl.client.match.invite;
  const many = ctrl.seatCount > 2; // a room that waits for more than one player lists its seats
  return v(
    "section.waiting",
    { key: "waiting" },
    v("h2", {}, t(many ? "waiting_players" : "waiting_room")),
    many ? roomSeats(ctrl, Boolean(invite)) : null,
    invite
      ? [
          v("p", {}, t("invite_code", { code: invite.code })),
          v("label", { attrs: { for: "invite-link" } }, t("invite_link")),
          v("input", { attrs: { id: "invite-link", readonly: true }, props: { value: invite.join_url } }),
          v("button", { on: { click: () => ctrl.copyInvite() } }, t("copy")),
          v("button", { on: { click: () => ctrl.cancelRoom() } }, t("cancel_room")),
        ]
      : null,
  );
}

// A room's seats as they fill; the host may seat Kati, at one of her levels in this game, in
// the next empty one (the server fills the seats in order, friends and Kati alike).
function roomSeats(ctrl, host) {
  const players = ctrl.client.match.players;
  const seats = Array.from({ length: ctrl.seatCount }, (_, seat) => seat);
  const next = seats.find((seat) => !players.some((p) => p.seat === seat));
  const levels = ctrl.computerLevels;
  return v("ol.room-seats", {}, seats.map((seat) => {
    const player = players.find((p) => p.seat === seat);
    const data = { key: `room-seat-${seat}`, attrs: { "data-seat": seat } };
    if (player) {
      return v("li.taken", data, player.is_you ? t("you") : player.name,
        player.is_computer ? ` (${t(`strength_${player.strength}`)})` : "");
    }
    if (!host || seat !== next || !levels.length) return v("li.empty", data, t("empty_seat"));
    const chosen = levels.includes(ctrl.katiLevel) ? ctrl.katiLevel : levels[0];
    return v("li.empty", data, t("empty_seat"), " ",
      v("label.visually-hidden", { attrs: { for: `kati-seat-${seat}` } }, t("strength")),
      v("select", {
        attrs: { id: `kati-seat-${seat}` },
        on: { change: (event) => { ctrl.katiLevel = event.target.value; } },
      }, levels.map((level) => v("option", { key: level, attrs: { value: level }, props: { selected: level === chosen } }, t(`strength_${level}`)))),
      v("button", { attrs: { "data-key": "seat-kati" }, on: { click: () => ctrl.seatKati() } }, t("seat_kati")));
  }));
}
