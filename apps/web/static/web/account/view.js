// The account forms, drawn from an AccountCtrl: pure functions of its state.

import { t } from "../i18n.js";
import { h } from "../render.js";

// A form that hands its submit to `action` (the page is not reloaded).
export const form = (sel, action, children, data = {}) =>
  h(sel, { ...data, on: { submit: (event) => { event.preventDefault(); action(); } } }, children);

// A labelled input bound to `record[name]`: what is typed is kept in the controller, so a
// redraw never loses it.
export function field(id, label, record, name, attrs = {}) {
  return [
    h("label", { attrs: { for: id } }, label),
    h(`input#${id}`, {
      attrs: { name, ...attrs },
      props: { value: record[name] },
      on: { input: (event) => { record[name] = event.target.value; } },
    }),
  ];
}

export const statusLine = (text, data = {}) => h("p.form-status", { attrs: { role: "status" }, ...data }, text || "");

export function loginForm(ctrl) {
  return form("form.login", () => ctrl.logIn(), [
    h("h3", t("login")),
    ...field("login-email", t("email"), ctrl.login, "email", { type: "email", autocomplete: "email", required: true }),
    ...field("login-password", t("password"), ctrl.login, "password",
      { type: "password", autocomplete: "current-password", required: true }),
    h("button.primary", { attrs: { type: "submit" } }, t("login")),
  ]);
}

export function signupForm(ctrl) {
  if (ctrl.verifying) {
    return form("form.verify", () => ctrl.verify(), [
      h("p", t("verify_help")),
      h("label", { attrs: { for: "verify-code" } }, t("verify_code")),
      h("input#verify-code", {
        attrs: { autocomplete: "one-time-code", required: true },
        props: { value: ctrl.code },
        on: { input: (event) => { ctrl.code = event.target.value; } },
        hook: { insert: (vnode) => vnode.elm.focus() },
      }),
      h("button.primary", { attrs: { type: "submit" } }, t("verify")),
    ]);
  }
  return form("form.signup", () => ctrl.signUp(), [
    h("h3", t("signup")),
    ...field("signup-email", t("email"), ctrl.signup, "email", { type: "email", autocomplete: "email", required: true }),
    ...field("signup-password", t("password"), ctrl.signup, "password",
      { type: "password", autocomplete: "new-password", required: true, minlength: 8 }),
    h("button", { attrs: { type: "submit" } }, t("signup")),
  ]);
}
