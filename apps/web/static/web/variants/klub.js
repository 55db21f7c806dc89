// Klub (20 cards, to 7): the two-seat table as it is.

import { twoSeat } from "./two_seat.js";

export default { ...twoSeat };
