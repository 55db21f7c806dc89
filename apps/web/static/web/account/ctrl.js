// Signing in: log in, sign up, the e-mailed code (and sending it again), a forgotten password
// set anew by a code (allauth's headless browser endpoints). State and actions only;
// account/view.js draws it. `after()` runs once signed in (the join page goes on to the room;
// elsewhere the page is opened again as a member). A guest signs up or logs in as it is:
// signing up makes the guest itself the member (its matches, the one it is playing, its blocks
// go on); logging in to another account leaves the guest behind, and the home page then offers
// to bring its finished matches along.
//
// Nobody is stranded half-way: a login to an account whose code was never typed asks for the
// code (a new one is mailed), as does signing up again with the same address and password;
// "forgot password" mails a code that sets a new one and signs the player in.

import { api } from "../api.js";
import { problemText, t } from "../i18n.js";
import { whoAmI } from "../session.js";

// What allauth says of a refusal (in the page's language), else the problem's words.
export function refusalText(error) {
  const errors = error.body?.errors || [];
  return errors.length ? errors.map((e) => e.message).join(" ") : problemText(error);
}

// allauth answers 401 with the flow that waits for the player: the code of a sign-up or login
// ("verify_email"), the code of a forgotten password ("password_reset_by_code").
const waitsFor = (error, flow) =>
  error.status === 401 && (error.body?.data?.flows || []).some((f) => f.id === flow && f.is_pending);

export class AccountCtrl {
  constructor({ after, redraw = () => {}, start = "login" }) {
    this.after = after;
    this.redraw = redraw;
    this.first = start; // which form comes first: "login" or "signup"
    this.login = { email: "", password: "" };
    this.signup = { email: "", password: "" };
    this.code = "";
    this.verifying = false; // a code was mailed: it is asked for, in place of the forms
    this.forgot = null; // a forgotten password: {step: "email" | "code", email, code, password}
    this.status = "";
  }

  say(text) {
    this.status = text;
    this.redraw();
  }

  async signedIn() {
    await whoAmI();
    this.after();
  }

  async logIn() {
    try {
      await api.login(this.login.email, this.login.password);
    } catch (error) {
      if (waitsFor(error, "verify_email")) {
        this.askCode(t("verify_login"));
        return;
      }
      this.say(error.status === 400 ? refusalText(error) || t("err_invalid_credentials") : problemText(error));
      return;
    }
    await this.signedIn();
  }

  async signUp() {
    try {
      await api.signup(this.signup.email, this.signup.password);
    } catch (error) {
      if (!waitsFor(error, "verify_email")) {
        this.say(refusalText(error));
        return;
      }
    }
    this.askCode("");
  }

  askCode(text) {
    this.verifying = true;
    this.code = "";
    this.say(text);
  }

  async verify() {
    try {
      await api.verifyEmail(this.code.trim());
    } catch (error) {
      // a 401 answer is allauth's "verified, and now signed in"
      if (error.status !== 401) {
        this.say(refusalText(error));
        return;
      }
    }
    await this.signedIn();
  }

  async resend() {
    try {
      await api.resendCode();
      this.say(t("code_resent"));
    } catch (error) {
      this.say(error.status === 429 ? t("code_resend_wait") : refusalText(error));
    }
  }

  // Back to the forms (another address, or the code never came).
  restart() {
    this.verifying = false;
    this.forgot = null;
    this.say("");
  }

  forgotPassword() {
    this.verifying = false;
    this.forgot = { step: "email", email: this.login.email, code: "", password: "" };
    this.say("");
  }

  async forgotSend() {
    const { forgot } = this;
    try {
      await api.passwordRequest(forgot.email.trim());
    } catch (error) {
      if (!waitsFor(error, "password_reset_by_code")) {
        this.say(refusalText(error));
        return;
      }
    }
    forgot.step = "code";
    this.say(t("forgot_sent", { email: forgot.email.trim() }));
  }

  async forgotFinish() {
    const { forgot } = this;
    try {
      await api.passwordReset(forgot.code.trim(), forgot.password);
    } catch (error) {
      this.say(refusalText(error));
      return;
    }
    this.forgot = null;
    await this.signedIn();
  }
}
