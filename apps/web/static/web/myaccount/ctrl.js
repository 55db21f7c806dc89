// The account page (/account/, no DOM; myaccount/view.js draws it). A visitor or a guest finds
// the forms to sign in there (/account/signup: the sign-up first; /account/password/reset: a
// forgotten password, where the mails lead). A member changes the e-mail address (confirmed by
// a code sent to the new one; the old one stays until then), the password, or deletes the
// account (its password once more, and a box ticked).

import { AccountCtrl, refusalText } from "../account/ctrl.js";
import { api } from "../api.js";
import { t } from "../i18n.js";
import { isMember, session, whoAmI } from "../session.js";

export class MyAccountCtrl {
  constructor({ navigate, path }) {
    this.navigate = navigate;
    this.redraw = () => {};
    this.account = new AccountCtrl({
      after: () => navigate("/", { replace: true }),
      start: /\/signup\/?$/.test(path) ? "signup" : "login",
    });
    if (/\/password\/reset\/?$/.test(path)) this.account.forgotPassword();
    this.addresses = []; // allauth's: [{email, verified, primary}]
    this.email = { address: "", code: "", pending: null, status: "" };
    this.password = { current: "", fresh: "", status: "" };
    this.erase = { password: "", sure: false, status: "" };
    this.deleted = false;
  }

  get member() {
    return isMember();
  }

  get address() {
    return this.addresses.find((a) => a.primary) ?? this.addresses[0] ?? null;
  }

  async start() {
    this.account.redraw = () => this.redraw();
    if (this.member) await this.loadAddresses();
  }

  async loadAddresses() {
    try {
      this.addresses = (await api.emails()).data;
    } catch (error) {
      this.email.status = refusalText(error);
    }
    this.redraw();
  }

  tell(record, text) {
    record.status = text;
    this.redraw();
  }

  async changeEmail() {
    const address = this.email.address.trim();
    try {
      await api.emailAdd(address);
    } catch (error) {
      this.tell(this.email, refusalText(error));
      return;
    }
    Object.assign(this.email, { pending: address, address: "", code: "" });
    this.tell(this.email, t("email_code_sent", { email: address }));
  }

  async confirmEmail() {
    const { email } = this;
    try {
      await api.verifyEmail(email.code.trim());
    } catch (error) {
      this.tell(email, refusalText(error));
      return;
    }
    const address = email.pending;
    Object.assign(email, { pending: null, code: "" });
    await this.loadAddresses();
    this.tell(email, t("email_changed", { email: address }));
  }

  async resendEmail() {
    try {
      await api.emailResend(this.email.pending);
      this.tell(this.email, t("code_resent"));
    } catch (error) {
      this.tell(this.email, error.status === 429 ? t("code_resend_wait") : refusalText(error));
    }
  }

  cancelEmail() {
    Object.assign(this.email, { pending: null, code: "", status: "" });
    this.redraw();
  }

  async changePassword() {
    const { password } = this;
    try {
      await api.passwordChange(password.current, password.fresh);
    } catch (error) {
      this.tell(password, refusalText(error));
      return;
    }
    Object.assign(password, { current: "", fresh: "" });
    this.tell(password, t("password_changed"));
  }

  async deleteAccount() {
    const { erase } = this;
    try {
      await api.accountDelete(erase.password);
    } catch (error) {
      this.tell(erase, refusalText(error));
      return;
    }
    this.deleted = true;
    await whoAmI().catch(() => { session.me = null; });
    this.onSession?.();
    this.redraw();
  }
}
