// The account page, drawn from a MyAccountCtrl: a visitor's forms to sign in, or a member's
// address, password and the deletion of the account.

import { accountForms, field, form, statusLine } from "../account/view.js";
import { panel } from "../home/view.js";
import { t } from "../i18n.js";
import { homeLink } from "../notice/view.js";
import { h } from "../render.js";

const NEW_PASSWORD = { type: "password", autocomplete: "new-password", required: true, minlength: 8 };

function emailPanel(ctrl) {
  const { email, address } = ctrl;
  const now = address
    ? h("p.email-now", [t("email_now", { email: address.email }), address.verified ? "" : ` ${t("email_unverified")}`])
    : null;
  const change = email.pending
    ? form("form.email-code", () => ctrl.confirmEmail(), [
      ...field("email-code", t("verify_code"), email, "code",
        { autocomplete: "one-time-code", required: true, autocapitalize: "characters" },
        { hook: { insert: (vnode) => vnode.elm.focus() } }),
      h("button.primary", { attrs: { type: "submit" } }, t("verify")),
      h("p.choice", [
        h("button.link", { attrs: { type: "button" }, on: { click: () => ctrl.resendEmail() } }, t("code_resend")), " ",
        h("button.link", { attrs: { type: "button" }, on: { click: () => ctrl.cancelEmail() } }, t("cancel")),
      ]),
    ])
    : form("form.email-change", () => ctrl.changeEmail(), [
      ...field("email-new", t("email_new"), email, "address", { type: "email", autocomplete: "email", required: true }),
      h("button", { attrs: { type: "submit" } }, t("email_change")),
    ]);
  return panel(t("email_section"), [now, change, statusLine(email.status)], "section.panel.account-email");
}

function passwordPanel(ctrl) {
  const { password } = ctrl;
  return panel(t("password_section"), [
    form("form.password-change", () => ctrl.changePassword(), [
      ...field("password-current", t("password_current"), password, "current",
        { type: "password", autocomplete: "current-password", required: true }),
      ...field("password-new", t("new_password"), password, "fresh", NEW_PASSWORD),
      h("p.help", t("password_help")),
      h("button", { attrs: { type: "submit" } }, t("password_change")),
    ]),
    statusLine(password.status),
  ], "section.panel.account-password");
}

function deletePanel(ctrl) {
  const { erase } = ctrl;
  return panel(t("delete_section"), [
    h("p", t("delete_help")),
    form("form.account-delete", () => ctrl.deleteAccount(), [
      ...field("delete-password", t("password"), erase, "password",
        { type: "password", autocomplete: "current-password", required: true }),
      h("p.check", [
        h("input#delete-sure", {
          attrs: { type: "checkbox", required: true },
          props: { checked: erase.sure },
          on: { change: (e) => { erase.sure = e.target.checked; ctrl.redraw(); } },
        }),
        " ",
        h("label", { attrs: { for: "delete-sure" } }, t("delete_confirm")),
      ]),
      h("button.danger", { attrs: { type: "submit", disabled: !erase.sure } }, t("delete_button")),
    ]),
    statusLine(erase.status),
  ], "section.panel.account-delete");
}

export function myAccountView(ctrl) {
  if (ctrl.deleted) {
    return h("div.account-screen", [h("h1", t("deleted_title")), h("p", t("deleted_text")), homeLink()]);
  }
  if (!ctrl.member) {
    return h("div.account-screen", [
      h("h1", t("account_title")),
      h("div.panels", [h("section.panel", { attrs: { "aria-label": t("account") } }, accountForms(ctrl.account))]),
      h("p", homeLink()),
    ]);
  }
  return h("div.account-screen", [
    h("h1", t("my_account")),
    h("p", t("my_account_help")),
    h("div.panels", [emailPanel(ctrl), passwordPanel(ctrl), deletePanel(ctrl)]),
    h("p", homeLink()),
  ]);
}
