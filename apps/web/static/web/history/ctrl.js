// "Meccseim", the player's matches (no DOM; history/view.js draws them): a page of rows from
// GET /api/v1/matches/, newest first, a filter by game (the catalogue's games) and paging.
// A row opens its match (an unfinished one goes on from where it stopped) and its opponents'
// profiles.

import { api } from "../api.js";
import { games } from "../catalogue.js";
import { problemText, t } from "../i18n.js";

export const PAGE_SIZE = 10;

export class HistoryCtrl {
  constructor({ navigate }) {
    this.navigate = navigate;
    this.redraw = () => {};
    this.games = [];
    this.variant = ""; // "": every game
    this.offset = 0;
    this.rows = null; // null while the first page loads
    this.count = 0;
    this.status = "";
  }

  async prepare() {
    try {
      this.games = await games();
    } catch (error) {
      this.status = problemText(error);
    }
    await this.load();
  }

  async load() {
    this.status = this.rows === null ? t("loading") : "";
    try {
      const page = await api.matches(PAGE_SIZE, this.offset, this.variant || null);
      this.rows = page.results;
      this.count = page.count;
      this.status = "";
    } catch (error) {
      this.rows ??= [];
      this.status = problemText(error);
    }
    this.redraw();
  }

  chooseGame(variant) {
    this.variant = variant;
    this.offset = 0;
    return this.load();
  }

  get hasPrevious() {
    return this.offset > 0;
  }

  get hasNext() {
    return this.offset + PAGE_SIZE < this.count;
  }

  page(step) {
    this.offset = Math.max(0, this.offset + step * PAGE_SIZE);
    return this.load();
  }
}
