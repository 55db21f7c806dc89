// A player's public profile (no DOM; profile/view.js draws it): GET /api/v1/players/<id>/ and
// the catalogue, for the games' names. A profile that does not exist for the viewer (no such
// player, a guest, a block either way) is a 404: the route shows a notice instead.

import { api } from "../api.js";
import { games } from "../catalogue.js";

export class ProfileCtrl {
  constructor({ userId }) {
    this.userId = userId;
    this.redraw = () => {};
    this.games = [];
    this.profile = null;
  }

  // Both before the page is drawn; a refusal of the profile is the route's to show.
  async prepare() {
    const [catalogue, profile] = await Promise.all([games().catch(() => []), api.profile(this.userId)]);
    this.games = catalogue;
    this.profile = profile;
  }
}
