// A partnership hand's result line (static/web/variants/partnership.js, `dealText`): why it
// ended and the chips; a hand ended by a claim says the caller's side took the remaining
// cards, with its final count once the deal record is there (rules §6: the unplayed cards
// count as the claiming seat's tricks), in Hungarian (the page's language under node).

import assert from "node:assert/strict";
import { test } from "node:test";

import { variantFor } from "../../apps/web/static/web/variants/index.js";

const partnership = variantFor("partnership");
const ctrl = { client: { view: { seat: 1 } }, name: (seat) => `Kati ${seat + 1}` };
const settlement = { winners: [0, 2], value: 50, changes: [50, -50, 50, -50], chips: [3050, 2950, 3050, 2950], pot: 0 };

// The words of a snabbdom tree (or of a string).
const words = (node) =>
  typeof node === "string" ? node : node && (node.text ?? "") + (node.children || []).map(words).join("");

test("a claimed hand says the caller's side took the remaining cards", () => {
  const deal = { number: 1, result: { winner: 0, game_points: 1, reason: "claimed" }, settlement };
  const line = partnership.dealText(ctrl, deal).map(words).join("");
  assert.match(line, /^Terítés: a hívó oldala elvitte a maradék lapokat · /);
  assert.doesNotMatch(line, /ütés/); // no count before the record is fetched
});

test("with the deal record, the claimed hand's line gives the side's final count", () => {
  const record = { claimed: true, side_tricks: [6, 0], side_card_points: [120, 0] };
  const deal = { number: 1, result: { winner: 0, game_points: 1, reason: "claimed" }, settlement, record };
  const line = partnership.dealText(ctrl, deal).map(words).join("");
  assert.match(line, /Terítés: a hívó oldala elvitte a maradék lapokat \(a hívó oldala: 6 ütés, 120 kártyapont\)/);
});

test("a hand not claimed keeps its reason", () => {
  const deal = { number: 1, result: { winner: null, game_points: 0, reason: "opposing_trick" }, settlement };
  const line = partnership.dealText(ctrl, deal).map(words).join("");
  assert.match(line, /^az ellenoldal ütött · /);
  assert.doesNotMatch(line, /Terítés/);
});
