// /rules/ and /rules/<game>/: the games of the catalogue and their rules. Open to everyone:
// nothing here signs anyone in or makes a guest.

import { games, gameName } from "../catalogue.js";
import { problemText } from "../i18n.js";
import { rulesFor } from "./index.js";

export class RulesCtrl {
  // variant: the game of /rules/<game>/, or null for the list
  constructor({ variant = null } = {}) {
    this.variant = variant;
    this.games = [];
    this.status = "";
    this.redraw = () => {};
  }

  // The catalogue first (the list and the games' names); a page of rules shows without it.
  async prepare() {
    try {
      this.games = await games();
    } catch (error) {
      this.status = problemText(error);
    }
  }

  rules() {
    return rulesFor(this.variant);
  }

  hasRules(variant) {
    return rulesFor(variant) !== null;
  }

  // A game's name as the catalogue gives it, else its variant's name.
  name(variant) {
    const game = this.games.find((g) => g.variant === variant);
    return game ? gameName(game) : variant;
  }

  stop() {}
}
