// The club around the table (friends' and ranked matches): the chat, blocking and reporting
// any other person at the table by name, and the voice call between two people.

import { t } from "../i18n.js";
import { v } from "./util.js";

const CATEGORIES = ["abuse", "threat", "harassment", "cheating", "other"];

// The button that opens the chat drawer, with the count of messages not seen yet.
export function chatToggle(ctrl) {
  const unread = ctrl.unreadChat();
  return v("button.chat-toggle", {
    key: "chat-toggle",
    attrs: { "data-key": "chat-toggle", "aria-expanded": ctrl.chatOpen ? "true" : "false", "aria-controls": "club-drawer" },
    on: { click: () => (ctrl.chatOpen ? ctrl.closeChat() : ctrl.openChat()) },
  }, t("chat_open"),
  // a call offered while the drawer is closed is not missed
  ctrl.call.state === "incoming" ? v("span.ringing", { key: "ringing" }, ` · ${t("call")}`) : null,
  unread ? v("span.unread", { key: "unread", attrs: { "data-unread": unread } }, ` ${t("chat_unread", { count: unread })}`) : null);
}

// The chat, moderation and the call in a drawer over the table (open: ctrl.chatOpen).
export function clubPanel(ctrl) {
  const match = ctrl.client.match;
  const others = match.players.filter((p) => !p.is_you && !p.is_computer);
  return v(
    "section.club.drawer",
    {
      key: "club",
      attrs: { id: "club-drawer", role: "dialog", "aria-label": t("chat") },
      on: { keydown: (event) => { if (event.key === "Escape") { event.preventDefault(); ctrl.closeChat(); } } },
    },
    v("button.drawer-close", {
      key: "drawer-close",
      attrs: { "data-key": "chat-close", "aria-label": t("chat_close") },
      on: { click: () => ctrl.closeChat() },
    }, "×"),
    chatPanel(ctrl, others),
    match.status === "active" && match.players.length === 2 ? callPanel(ctrl, others[0]) : null,
  );
}

function chatPanel(ctrl, others) {
  const me = ctrl.client.match.your_seat;
  return v(
    "div.chat",
    { key: "chat" },
    v("h2", {}, t("chat")),
    v("ol.messages", {}, ctrl.client.chat.map((message) =>
      v("li", { key: message.id, class: { mine: message.sender_seat === me, theirs: message.sender_seat !== me } },
        v("strong", {}, ctrl.name(message.sender_seat), ": "), message.text))),
    v(
      "form.chat-form",
      { key: "chat-form", on: { submit: (event) => { event.preventDefault(); ctrl.sendChat(); } } },
      v("label.visually-hidden", { attrs: { for: "chat-input" } }, t("chat_placeholder")),
      v("input", {
        attrs: { id: "chat-input", maxlength: 500, placeholder: t("chat_placeholder"), autocomplete: "off", "data-key": "chat-input" },
        props: { value: ctrl.chatDraft },
        on: { input: (event) => { ctrl.chatDraft = event.target.value; } },
        // the field shows the draft: what was typed (kept on every input), "" once it is sent
        hook: { update: (_, vnode) => { if (vnode.elm.value !== ctrl.chatDraft) vnode.elm.value = ctrl.chatDraft; } },
      }),
      v("button", { attrs: { type: "submit" } }, t("send")),
    ),
    others.length ? moderation(ctrl, others) : null,
  );
}

// Blocking or reporting any other person at the table (each by name: at four seats, three).
function moderation(ctrl, others) {
  const other = others.find((player) => player.user_id === ctrl.reporting);
  if (other) {
    const report = ctrl.report;
    return v(
      "form.report",
      { key: "report", on: { submit: (event) => { event.preventDefault(); ctrl.sendReport(other); } } },
      v("p", {}, v("strong", {}, `${t("report")}: ${other.name}`)),
      v("label", { attrs: { for: "report-category" } }, t("report_category")),
      v("select", {
        attrs: { id: "report-category" },
        props: { value: report.category },
        on: { change: (event) => { report.category = event.target.value; } },
      }, CATEGORIES.map((c) => v("option", { key: c, attrs: { value: c }, props: { selected: report.category === c } }, t(`category_${c}`)))),
      v("label", { attrs: { for: "report-reason" } }, t("report_reason")),
      v("textarea", {
        attrs: { id: "report-reason", maxlength: 2000 },
        props: { value: report.reason },
        on: { input: (event) => { report.reason = event.target.value; } },
      }),
      v("button", { attrs: { type: "submit" } }, t("report")),
      v("button", { attrs: { type: "button" }, on: { click: () => ctrl.cancelReport() } }, t("cancel")),
    );
  }
  const undo = ctrl.unblockable;
  return v(
    "div.moderation",
    { key: "moderation" },
    others.flatMap((player) => [
      ctrl.blocking === player.user_id
        ? blockQuestion(ctrl, player)
        : v("button", {
            key: `block-${player.user_id}`,
            attrs: { "data-key": `block-${player.user_id}` },
            on: { click: () => ctrl.askBlock(player) },
          }, `${t("block")}: ${player.name}`),
      v("button", { key: `report-${player.user_id}`, on: { click: () => ctrl.startReport(player) } }, `${t("report")}: ${player.name}`),
    ]),
    // a block just made can be undone here, at once (and later from the profile)
    undo
      ? v("p.block-undo", { key: "block-undo", attrs: { role: "status" } },
          t("blocked_who", { name: undo.name }), " ",
          v("button", { attrs: { "data-key": "block-undo" }, on: { click: () => ctrl.undoBlock() } }, t("block_undo")))
      : null,
  );
}

// Block asks first: what it does, then yes or no.
function blockQuestion(ctrl, player) {
  const question = t("block_confirm", { name: player.name });
  return v("span.confirm", { key: `block-confirm-${player.user_id}`, attrs: { role: "alertdialog", "aria-label": question } },
    question, " ",
    v("button.danger", { attrs: { "data-key": "confirm-block" }, on: { click: () => ctrl.block(player) } }, t("confirm")),
    v("button", { on: { click: () => ctrl.cancelBlock() } }, t("cancel")));
}

function callPanel(ctrl, other) {
  const call = ctrl.call;
  const name = other ? other.name : "";
  const buttons = [];
  const online = ctrl.client.connection === "open"; // the call's signalling needs the socket
  const button = (sel, key, label, click, attrs = {}) =>
    v(sel, { key, attrs: { "data-key": key, ...attrs }, on: { click } }, label);
  if (online && (call.state === "idle" || call.state === "ended")) buttons.push(button("button", "call-propose", t("call_propose"), () => call.propose()));
  if (online && call.state === "incoming") {
    buttons.push(button("button.primary", "call-accept", t("call_accept"), () => call.accept()));
    buttons.push(button("button", "call-decline", t("call_decline"), () => call.decline()));
  }
  if (online && ["proposed", "connecting", "connected"].includes(call.state)) {
    if (call.state !== "proposed") {
      buttons.push(button("button", "call-mute", call.muted ? t("call_unmute") : t("call_mute"), () => call.toggleMute(),
        { "aria-pressed": call.muted ? "true" : "false" }));
    }
    buttons.push(button("button.danger", "call-hangup", t("call_hangup"), () => call.hangup()));
  }
  const status = {
    idle: "",
    proposed: t("call_ringing"),
    incoming: t("call_incoming", { name }),
    connecting: t("call_connecting"),
    connected: t("call_connected"),
    ended: t("call_ended"),
  }[call.state];
  return v(
    "div.call",
    { key: "call", attrs: { "data-call": call.state } },
    v("h2", {}, t("call")),
    v("p.call-status", { attrs: { role: "status" } }, status, call.muted ? ` · ${t("call_muted")}` : "", call.peerMuted ? ` · ${name}: ${t("call_muted")}` : ""),
    call.error ? v("p.notice", {}, call.error) : null,
    buttons,
  );
}
