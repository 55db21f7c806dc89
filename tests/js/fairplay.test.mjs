// The browser's fair-play check (fairplay.js) against the worked example of docs/api.md section
// 7.0, which tests/engine/test_fairness.py holds to the server's own shuffle: the deck this
// recomputes with Web Crypto is the server's, card by card, and an altered secret, seed, deck
// or commitment fails the check.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { seededDeck, sha256Hex, verifyDeal } from "../../apps/web/static/web/fairplay.js";

function workedExample() {
  const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const found = /<!-- hmac-fy-1 worked example.*?-->\n```json\n([\s\S]*?)```/.exec(text);
  assert.ok(found, "docs/api.md has no hmac-fy-1 worked example");
  return JSON.parse(found[1]);
}

// The example as a deal record (the server's shape: the secret is the record's salt).
function record() {
  const example = workedExample();
  return {
    scheme: "hmac-fy-1",
    salt: example.secret,
    commitment: example.commitment,
    deck: example.deck,
    seeds: example.seeds.map((value, seat) => ({ seat, value, by: "player" })),
  };
}

test("the deck recomputed in the browser is the worked example's, card by card", async () => {
  const example = workedExample();
  assert.deepEqual(await seededDeck(example.secret, example.seeds, example.deck), example.deck);
  assert.equal(await sha256Hex(example.secret), example.commitment);
  assert.equal(await verifyDeal(record(), example.commitment), true);
});

test("the seeds count in seat order, whatever order the record lists them in", async () => {
  const shuffled = record();
  shuffled.seeds.reverse();
  assert.equal(await verifyDeal(shuffled, shuffled.commitment), true);
});

test("an altered secret, seed, deck or commitment fails the check", async () => {
  const honest = record();
  const flip = (hex) => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
  const altered = [
    { ...honest, salt: flip(honest.salt) },
    { ...honest, seeds: [{ ...honest.seeds[0], value: flip(honest.seeds[0].value) }, honest.seeds[1]] },
    { ...honest, seeds: [honest.seeds[0], { ...honest.seeds[1], value: flip(honest.seeds[1].value) }] },
    { ...honest, deck: [honest.deck[1], honest.deck[0], ...honest.deck.slice(2)] },
  ];
  for (const record of altered) assert.equal(await verifyDeal(record, honest.commitment), false);
  // a record whose own commitment was changed with its secret still fails against the one seen
  const forged = { ...honest, salt: flip(honest.salt), commitment: await sha256Hex(flip(honest.salt)) };
  assert.equal(await verifyDeal(forged, honest.commitment), false);
});

test("a deal from before seeds still verifies under the old scheme", async () => {
  const deck = record().deck;
  const salt = "0123456789abcdef";
  const commitment = await sha256Hex(salt + deck.join(""));
  assert.equal(await verifyDeal({ salt, deck, commitment }, commitment), true);
  assert.equal(await verifyDeal({ salt, deck: [...deck].reverse(), commitment }, commitment), false);
});
