// Each game's own parts of the client, by the variant's name (the server's `variant`); a game
// without a module of its own gets the generic two-seat table. See two_seat.js for what a
// module declares.

import klub from "./klub.js";
import partnership from "./partnership.js";
import sixtySix from "./sixty-six.js";
import { twoSeat } from "./two_seat.js";

const VARIANTS = {
  klub,
  "sixty-six": sixtySix,
  partnership,
};

export function variantFor(name) {
  return VARIANTS[name] || twoSeat;
}
