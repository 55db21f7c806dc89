// The account forms, drawn from an AccountCtrl: pure functions of its state.

import { t } from "../i18n.js";
import { h } from "../render.js";

// A form that hands its submit to `action` (the page is not reloaded).
export const form = (sel, action, children, data = {}) =>
  h(sel, { ...data, on: { submit: (event) => { event.preventDefault(); action(); } } }, children);

// A labelled input bound to `record[name]`: what is typed is kept in the controller, so a
// redraw never loses it.
export function field(id, label, record, name, attrs = {}, data = {}) {
  return [
    h("label", { attrs: { for: id } }, label),
    h(`input#${id}`, {
      ...data,
      attrs: { name, ...attrs },
      props: { value: record[name] },
      on: { input: (event) => { record[name] = event.target.value; } },
    }),
  ];
}

export const statusLine = (text, data = {}) => h("p.form-status", { attrs: { role: "status" }, ...data }, text || "");

const button = (sel, text, click) => h(sel, { attrs: { type: "button" }, on: { click } }, text);
const focused = { hook: { insert: (vnode) => vnode.elm.focus() } };
const NEW_PASSWORD = { type: "password", autocomplete: "new-password", required: true, minlength: 8 };

export function loginForm(ctrl) {
  return form("form.login", () => ctrl.logIn(), [
    h("h3", t("login")),
    ...field("login-email", t("email"), ctrl.login, "email", { type: "email", autocomplete: "email", required: true }),
    ...field("login-password", t("password"), ctrl.login, "password",
      { type: "password", autocomplete: "current-password", required: true }),
    h("button.primary", { attrs: { type: "submit" } }, t("login")),
    h("p.forgot", [button("button.link.forgot-password", t("forgot_password"), () => ctrl.forgotPassword())]),
  ]);
}

// The mailed code: typed in, sent again, or back to the forms.
export function verifyForm(ctrl) {
  return form("form.verify", () => ctrl.verify(), [
    h("h3", t("verify")),
    h("p", t("verify_help")),
    ...field("verify-code", t("verify_code"), ctrl, "code",
      { autocomplete: "one-time-code", required: true, autocapitalize: "characters" }, focused),
    h("button.primary", { attrs: { type: "submit" } }, t("verify")),
    h("p.choice", [
      button("button.link.resend-code", t("code_resend"), () => ctrl.resend()), " ",
      button("button.link", t("back"), () => ctrl.restart()),
    ]),
  ]);
}

export function signupForm(ctrl) {
  return form("form.signup", () => ctrl.signUp(), [
    h("h3", t("signup")),
    ...field("signup-email", t("email"), ctrl.signup, "email", { type: "email", autocomplete: "email", required: true }),
    ...field("signup-password", t("password"), ctrl.signup, "password", NEW_PASSWORD),
    h("p.help", t("password_help")),
    h("button", { attrs: { type: "submit" } }, t("signup")),
  ]);
}

// A forgotten password: the address, then the mailed code with the new password.
export function forgotForm(ctrl) {
  const { forgot } = ctrl;
  if (forgot.step === "email") {
    return form("form.forgot", () => ctrl.forgotSend(), [
      h("h3", t("forgot_title")),
      h("p", t("forgot_help")),
      ...field("forgot-email", t("email"), forgot, "email",
        { type: "email", autocomplete: "email", required: true }, focused),
      h("button.primary", { attrs: { type: "submit" } }, t("forgot_send")),
      h("p", [button("button.link", t("back"), () => ctrl.restart())]),
    ]);
  }
  return form("form.forgot-code", () => ctrl.forgotFinish(), [
    h("h3", t("forgot_title")),
    ...field("forgot-code", t("verify_code"), forgot, "code",
      { autocomplete: "one-time-code", required: true, autocapitalize: "characters" }, focused),
    ...field("forgot-password", t("new_password"), forgot, "password", NEW_PASSWORD),
    h("p.help", t("password_help")),
    h("button.primary", { attrs: { type: "submit" } }, t("forgot_finish")),
    h("p.choice", [
      button("button.link", t("code_resend"), () => ctrl.forgotSend()), " ",
      button("button.link", t("back"), () => ctrl.restart()),
    ]),
  ]);
}

// What a visitor is shown to sign in: the code asked for, or a forgotten password, with what
// was sent where above it; else the forms (the one the page is about first), with the status
// line (a refusal) under them.
export function accountForms(ctrl) {
  const status = statusLine(ctrl.status);
  if (ctrl.verifying) return [status, verifyForm(ctrl)];
  if (ctrl.forgot) return [status, forgotForm(ctrl)];
  const forms = ctrl.first === "signup" ? [signupForm(ctrl), loginForm(ctrl)] : [loginForm(ctrl), signupForm(ctrl)];
  return [...forms, status];
}
