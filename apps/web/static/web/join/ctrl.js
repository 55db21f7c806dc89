// /join/<code>: a member takes a seat in the room and goes to its table. A guest or a visitor
// logs in or signs up first, here. A member already in the room (its host, or someone who
// joined before and opened the link again) goes to the room's match: the server's
// `already_in_room` names it.

import { AccountCtrl } from "../account/ctrl.js";
import { joinedWithSeed } from "../fairplay.js";
import { problemText } from "../i18n.js";
import { isMember, whoAmI } from "../session.js";

export class JoinCtrl {
  constructor({ code, navigate }) {
    this.code = code;
    this.navigate = navigate;
    this.redraw = () => {};
    this.stage = "loading"; // "loading" | "account" | "failed"
    this.failure = "";
    this.account = new AccountCtrl({ after: () => this.start() });
  }

  async start() {
    this.account.redraw = () => this.redraw();
    await whoAmI();
    this.onSession?.();
    if (!isMember()) {
      this.stage = "account";
      this.redraw();
      return;
    }
    try {
      const match = await joinedWithSeed(this.code);
      this.navigate(`/m/${match.id}/`, { replace: true });
    } catch (error) {
      if (error.code === "already_in_room" && error.body.match_id) {
        this.navigate(`/m/${error.body.match_id}/`, { replace: true });
        return;
      }
      this.stage = "failed";
      this.failure = problemText(error);
      this.redraw();
    }
  }

  stop() {}
}
