// The rules pages' texts, one module per game (each: {variant, facts, hu, en}). A game of the
// catalogue without one has no rules page yet (the screen says so); nothing else names a game.

import klub from "./klub.js";
import partnership from "./partnership.js";
import sixtySix from "./sixty-six.js";

export const RULES = Object.freeze({ klub, "sixty-six": sixtySix, partnership });

export const rulesFor = (variant) => (Object.hasOwn(RULES, variant) ? RULES[variant] : null);
