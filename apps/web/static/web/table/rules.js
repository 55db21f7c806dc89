// The rules at the table: a button in the top bar opens this game's rules (rules/<game>.js) in
// a drawer over the table, so the match stays where it is (its socket, its turn, the chat);
// × or Esc closes it and the focus goes back to the button. A link opens the rules page in a
// new tab as well.

import { gameName } from "../catalogue.js";
import { t } from "../i18n.js";
import { rulesFor } from "../rules/index.js";
import { rulesArticle } from "../rules/view.js";
import { v } from "./util.js";

const variantOf = (ctrl) => ctrl.client.match.variant;

export function rulesToggle(ctrl) {
  return v("button.rules-toggle", {
    key: "rules-toggle",
    attrs: { "data-key": "rules-toggle", "aria-expanded": ctrl.rulesOpen ? "true" : "false", "aria-controls": "rules-drawer" },
    on: { click: () => (ctrl.rulesOpen ? ctrl.closeRules() : ctrl.openRules()) },
  }, t("rules"));
}

// A contents link scrolls the drawer to its section and puts the focus there (no new entry in
// the table's history).
function toSection(id, event) {
  event.preventDefault();
  const section = document.getElementById(id);
  section?.scrollIntoView({ block: "start" });
  section?.focus({ preventScroll: true });
}

export function rulesDrawer(ctrl) {
  const variant = variantOf(ctrl);
  const rules = rulesFor(variant);
  const page = rules ? `/rules/${encodeURIComponent(variant)}/` : "/rules/";
  return v(
    "section.drawer.rules-drawer",
    {
      key: "rules-drawer",
      attrs: { id: "rules-drawer", role: "dialog", "aria-label": t("rules") },
      on: { keydown: (event) => { if (event.key === "Escape") { event.preventDefault(); ctrl.closeRules(); } } },
    },
    v("div.rules-drawer-bar", { key: "bar" },
      v("a.rules-new-tab", { attrs: { href: page, target: "_blank", rel: "noopener" } }, t("rules_new_tab")),
      v("button.drawer-close", {
        key: "rules-close",
        attrs: { "data-key": "rules-close", "aria-label": t("rules_close") },
        on: { click: () => ctrl.closeRules() },
      }, "×")),
    rules
      ? rulesArticle(rules, { level: 2, prefix: "rules-", onContents: toSection })
      : v("p.notice", { key: "none" }, t("rules_missing", { game: ctrl.game ? gameName(ctrl.game) : variant })),
  );
}
