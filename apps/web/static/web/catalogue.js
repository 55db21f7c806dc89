// The games the server plays (GET /api/v1/games/: each variant's declaration), asked once per
// page: every list of games, targets, Kati's levels and actions is made from it, none is
// written in the client.

import { api } from "./api.js";
import { LANG, t } from "./i18n.js";

let asked = null;

export function games() {
  asked ??= api.games().catch((error) => {
    asked = null; // asked again next time
    throw error;
  });
  return asked;
}

const inLanguage = (labels, fallback) => labels?.[LANG] ?? labels?.en ?? fallback;

// A game's name: the client's own longer words for it when it has them (with the cards and the
// target), else the name its variant declares in the page's language.
export function gameName(game) {
  const key = `variant_${game.variant}`;
  const text = t(key);
  return text === key ? inLanguage(game.labels, game.variant) : text;
}

// A game's short name, as its variant declares it in the page's language (a history's rows).
export const gameLabel = (game) => inLanguage(game.labels, game.variant);

// An action's name in a game, as the game declares it (the catalogue's `actions`).
export function actionName(game, type) {
  const action = game?.actions?.find((a) => a.type === type);
  return inLanguage(action?.labels, type);
}
