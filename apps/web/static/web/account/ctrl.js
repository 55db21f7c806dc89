// Signing in: log in, sign up, verify the e-mailed code (allauth's headless browser endpoints).
// State and actions only; account/view.js draws it. `after()` runs once signed in (the join
// page goes on to the room; elsewhere the page is opened again as a member). A guest signs up
// or logs in as it is: signing up makes the guest itself the member (its matches, the one it
// is playing, its blocks go on); logging in to another account leaves the guest behind, and
// the home page then offers to bring its finished matches along.

import { api } from "../api.js";
import { problemText, t } from "../i18n.js";
import { whoAmI } from "../session.js";

export class AccountCtrl {
  constructor({ after, redraw = () => {} }) {
    this.after = after;
    this.redraw = redraw;
    this.login = { email: "", password: "" };
    this.signup = { email: "", password: "" };
    this.code = "";
    this.verifying = false; // the signup was sent: the e-mailed code is asked for
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
      this.say(error.status === 400 ? t("err_invalid_credentials") : problemText(error));
      return;
    }
    await this.signedIn();
  }

  async signUp() {
    try {
      await api.signup(this.signup.email, this.signup.password);
    } catch (error) {
      const flows = error.body?.data?.flows || [];
      const pending = error.status === 401 && flows.some((f) => f.id === "verify_email" && f.is_pending);
      if (!pending) {
        const errors = error.body?.errors || [];
        this.say(errors.length ? errors.map((e) => e.message).join(" ") : problemText(error));
        return;
      }
    }
    this.verifying = true;
    this.say("");
  }

  async verify() {
    try {
      await api.verifyEmail(this.code.trim());
    } catch (error) {
      // a 401 answer is allauth's "verified, and now signed in"
      if (error.status !== 401) {
        this.say(problemText(error));
        return;
      }
    }
    await this.signedIn();
  }
}
