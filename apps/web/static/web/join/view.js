// The join page, drawn from a JoinCtrl.

import { accountForms } from "../account/view.js";
import { panel } from "../home/view.js";
import { t } from "../i18n.js";
import { h } from "../render.js";
import { homeLink } from "../notice/view.js";

export function joinView(ctrl) {
  const title = h("h1", t("join_title"));
  if (ctrl.stage === "failed") {
    return h("div.join", [title, h("p.notice", { attrs: { role: "alert" } }, ctrl.failure), homeLink()]);
  }
  if (ctrl.stage === "loading") return h("div.join", [title, h("p.loading", t("loading"))]);
  return h("div.join", [
    title,
    h("p", t("invite_code", { code: ctrl.code })),
    h("p", t("err_registration_required")),
    h("div.panels", [panel(t("account"), accountForms(ctrl.account))]),
  ]);
}
