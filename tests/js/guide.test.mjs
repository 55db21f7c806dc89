// The learning deal's guide (variants/two_seat_guide.js): from the player's view alone it says
// why the offered cards are the ones that may be played (free while the talon lasts; strict
// after: follow suit and win if you can, else trump), which cards win, what the last trick was
// worth, a marriage in hand, closing and the exchange, and the deal's end.

import assert from "node:assert/strict";
import { test } from "node:test";

import { guideDealEnd, guideTips } from "../../apps/web/static/web/variants/two_seat_guide.js";

const plays = (...cards) => cards.map((card) => ({ type: "play_card", card }));

function view(deal, actions) {
  return {
    seat: 0,
    deal: { phase: "open", trump_suit: "T", trump_card: "TA", table: [], last_trick: null, hand: [],
            trick_counts: [0, 0], points: 0, ...deal },
    legal_actions: actions,
  };
}

const tips = (v, options) => Object.fromEntries(guideTips(v, options).map((tip) => [tip.key, tip.text]));

test("while the talon lasts, anything may follow; the cards that win are named", () => {
  const got = tips(view({ hand: ["ZA", "PU", "TU"], table: [{ seat: 1, card: "ZK" }] }, plays("ZA", "PU", "TU")));
  assert.match(got.follow, /^Kati hívása: zöld király\. Amíg a talonban van lap, bármit/);
  assert.equal(got.win, "Ezekkel elviheted az ütést: zöld ász, tök alsó. A hívott lap 4 pontot ér.");
  assert.match(got.points, /^Pontjaid: 0\. A győzelemhez 66 pont kell \(még 66\) és legalább egy ütés/);
});

test("strict play: follow and win, follow without winning, trump when void, anything else", () => {
  const strict = (hand, playable) => tips(view({ phase: "closed", hand, table: [{ seat: 1, card: "ZK" }] }, plays(...playable)));
  assert.match(strict(["ZA", "ZX", "ZU"], ["ZA", "ZX"]).follow, /színt kell adnod, és mivel tudsz, felül is kell ütnöd/);
  assert.match(strict(["ZU", "PA"], ["ZU"]).follow, /színt kell adnod \(zöld\); felülütni nem tudod/);
  assert.equal(strict(["ZU", "PA"], ["ZU"]).win, "Ezt az ütést nem tudod elvinni: tegyél rá kevés pontot érő lapot.");
  assert.match(strict(["TU", "PA"], ["TU"]).follow, /Nincs zöld lapod, ezért adut \(tök\) kell adnod/);
  assert.match(strict(["PU", "MA"], ["PU", "MA"]).follow, /Se zöld lapod, se adud nincs/);
});

test("on the lead: the last trick's worth, a marriage, the exchange and closing", () => {
  const got = tips(view(
    { hand: ["PK", "PO", "TU"], last_trick: { cards: [{ seat: 1, card: "MA" }, { seat: 0, card: "MX" }], winner: 0 },
      trick_counts: [1, 0], points: 21 },
    [...plays("PK", "PO", "TU"), { type: "exchange_trump" }, { type: "close_talon" }],
  ));
  assert.equal(got.last, "Az előző ütést te vitted: 21 pont (makk ász 11 + makk tízes 10).");
  assert.match(got.lead, /^Te hívsz: bármelyik lapodat kijátszhatod/);
  assert.match(got["marriage-P"], /piros király és felső.*20 pont/);
  assert.match(got.exchange, /felfordított adura \(tök ász\)/);
  assert.match(got.close, /^Betakarhatsz/);
  assert.match(got.points, /^Pontjaid: 21\. 66 kell a parti megnyeréséhez, még 45 hiányzik/);
  assert.equal(got.enough, undefined);
  assert.match(tips(view({ hand: ["PK"] }, [...plays("PK"), { type: "declare_enough" }]), { enough: true }).enough, /Elég!/);
});

test("the deal's end: who won, why, and how game points are counted", () => {
  assert.match(guideDealEnd({ winner: 0, game_points: 2, reason: "reached_66" }, 0), /^Megnyerted a partit \(66 pont\): 2 pontot kaptál\./);
  assert.match(guideDealEnd({ winner: 1, game_points: 1, reason: "last_trick" }, 0), /^Kati nyerte a partit \(utolsó ütés\): 1 pontot kapott\./);
  assert.equal(guideDealEnd({ winner: null, game_points: 0, reason: "match_ended" }, 0), null);
});
