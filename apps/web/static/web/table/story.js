// Under the table (issue 37): the table's log (what happened, a line an event, in the page's
// language; its aria-live region is what a screen reader hears of the play, so the events are
// not announced a second time) and the sounds' toggle (off unless turned on). A pure view.

import { t } from "../i18n.js";
import { v } from "./util.js";

// The log's newest line stays in sight: scrolled to the end after every patch.
const toEnd = (vnode) => {
  vnode.elm.scrollTop = vnode.elm.scrollHeight;
};

export function tableStory(ctrl) {
  return v(
    "section.table-story",
    { key: "table-story", attrs: { "aria-label": t("table_log") } },
    v(
      "div.story-bar",
      {},
      v("h2.story-title", {}, t("table_log")),
      v("button.link.log-toggle", {
        attrs: { "data-key": "log-toggle", "aria-expanded": ctrl.logOpen ? "true" : "false", "aria-controls": "table-log" },
        on: { click: () => ctrl.toggleLog() },
      }, t(ctrl.logOpen ? "log_less" : "log_more")),
      v("button.sound-toggle", {
        attrs: { "data-key": "sound-toggle", "aria-pressed": ctrl.sound ? "true" : "false" },
        on: { click: () => ctrl.toggleSound() },
      }, t("sounds")),
    ),
    v(
      "ol.table-log",
      {
        class: { open: ctrl.logOpen },
        // a list (no role="log" over it: its items would be outside a list), read aloud as it grows
        // (focusable: it scrolls, and a keyboard must be able to scroll it)
        attrs: { id: "table-log", tabindex: "0", "aria-live": "polite", "aria-relevant": "additions" },
        hook: { insert: toEnd, postpatch: (_, vnode) => toEnd(vnode) },
      },
      ctrl.log.map((line) => v("li", { key: line.seq, attrs: { "data-type": line.type } }, line.text)),
    ),
  );
}
