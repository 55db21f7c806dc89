// i18n.js: both catalogues say everything, with the same placeholders; every error code the
// server may answer a player has its own words in both (the codes are recorded from the server's
// catalogue by tests/web/test_client_fixtures.py into fixtures/errors.json); t() fills them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import * as hu from "../../apps/web/static/web/i18n.js";

// The page's <html lang> picks the language when the module loads: English is the module
// loaded again (another URL, another instance) under a page that says "en".
globalThis.document = { documentElement: { lang: "en" } };
const en = await import("../../apps/web/static/web/i18n.js?lang=en");
delete globalThis.document;

const CATALOGUES = { hu, en };
const ERRORS = JSON.parse(readFileSync(new URL("./fixtures/errors.json", import.meta.url), "utf8"));
const LEDGER_KINDS = JSON.parse(readFileSync(new URL("./fixtures/ledger_kinds.json", import.meta.url), "utf8"));

// Codes no player's client is ever answered: the server's own commands to the engine (a deal,
// a deadline, a seat taken over), its internal and admin checks, and /readyz.
const SERVER_ONLY = new Set([
  "already_away",
  "invalid_deck",
  "invalid_salt",
  "invalid_seat",
  "match_already_started",
  "not_away",
  "not_due",
  "not_ready",
  "not_standing_in",
  "unknown_command",
]);
const ADMIN_OR_INTERNAL = /^(internal|admin|moderators' admin):/;
const playerCodes = Object.entries(ERRORS)
  .filter(([code, { meaning }]) => !SERVER_ONLY.has(code) && !ADMIN_OR_INTERNAL.test(meaning))
  .map(([code]) => code);

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the catalogues", () => {
  test("the languages are told apart by the page (Hungarian without one)", () => {
    assert.equal(hu.LANG, "hu");
    assert.equal(en.LANG, "en");
  });

  test("both languages have the same keys", () => {
    assert.deepEqual(hu.messageKeys("en").sort(), hu.messageKeys("hu").sort());
    assert.ok(hu.messageKeys("hu").length > 150);
  });

  test("every placeholder of one language is in the other", () => {
    for (const key of hu.messageKeys("hu")) {
      assert.deepEqual(placeholders(en.t(key)), placeholders(hu.t(key)), key);
    }
  });

  test("no message is empty, and the two languages differ where they can", () => {
    let same = 0;
    for (const key of hu.messageKeys("hu")) {
      for (const [lang, module] of Object.entries(CATALOGUES)) {
        assert.ok(module.t(key).trim(), `${lang} ${key}`);
      }
      if (hu.t(key) === en.t(key)) same += 1;
    }
    assert.ok(same < 20, `${same} messages are the same in both languages`);
  });
});

describe("error codes", () => {
  test("the recorded catalogue is the server's (a few of its codes checked)", () => {
    for (const code of ["version_conflict", "not_your_turn", "must_follow_suit", "room_full"]) {
      assert.ok(code in ERRORS, code);
    }
    assert.ok(playerCodes.length > 100);
  });

  for (const [lang, module] of Object.entries(CATALOGUES)) {
    test(`${lang}: every code a player may meet has words of its own`, () => {
      const keys = new Set(module.messageKeys(lang));
      const missing = playerCodes.filter((code) => !keys.has(`err_${code}`));
      assert.deepEqual(missing, []);
    });

    test(`${lang}: a refusal is shown in its own words, an unknown code by its message`, () => {
      for (const code of playerCodes) {
        const text = module.problemText({ code, message: "from the server" });
        assert.equal(text, module.t(`err_${code}`));
        assert.doesNotMatch(text, /\{\w+\}/, code); // nothing left unfilled
      }
      assert.equal(module.problemText({ code: "no_such_code", message: "it broke" }), module.t("error", { detail: "it broke" }));
      assert.match(module.problemText({ code: "no_such_code" }), /no_such_code/);
    });
  }

  test("no words for a code the server does not have", () => {
    const known = new Set(Object.keys(ERRORS));
    // the client's own (no answer at all), and allauth's refused log-in (its own endpoints)
    const local = new Set(["network", "invalid_credentials"]);
    const stray = hu
      .messageKeys("hu")
      .filter((key) => key.startsWith("err_"))
      .map((key) => key.slice(4))
      .filter((code) => !known.has(code) && !local.has(code));
    assert.deepEqual(stray, []);
  });
});

describe("ledger kinds", () => {
  test("the recorded kinds are the server's (a few checked)", () => {
    for (const kind of ["signup_grant", "stake", "payout", "refund"]) assert.ok(kind in LEDGER_KINDS, kind);
  });

  for (const [lang, module] of Object.entries(CATALOGUES)) {
    test(`${lang}: every kind of wallet entry has words of its own`, () => {
      const keys = new Set(module.messageKeys(lang));
      const missing = Object.keys(LEDGER_KINDS).filter((kind) => !keys.has(`ledger_${kind}`));
      assert.deepEqual(missing, []);
    });
  }

  test("the two languages name each kind differently", () => {
    for (const kind of Object.keys(LEDGER_KINDS)) assert.notEqual(hu.t(`ledger_${kind}`), en.t(`ledger_${kind}`), kind);
  });
});

describe("t()", () => {
  test("fills its parameters, in both languages", () => {
    assert.equal(hu.t("hello", { name: "Anna" }), "Szia, Anna!");
    assert.equal(en.t("hello", { name: "Anna" }), "Hello, Anna!");
    assert.equal(hu.t("match_score", { scores: "3 : 2", target: 7 }), "Meccs: 3 : 2 (cél: 7)");
    assert.equal(en.t("match_score", { scores: "3 : 2", target: 7 }), "Match: 3 : 2 (target 7)");
  });

  test("numbers: chips, coins, seconds, points (zero and negative included)", () => {
    assert.equal(hu.t("chips", { count: 3000 }), "3000 zseton");
    assert.equal(en.t("chips", { count: 0 }), "0 chips");
    assert.equal(en.t("balance", { coins: -50 }), "Balance: -50 coins");
    assert.equal(hu.t("doubling_countdown", { seconds: 5 }), "Kontraablak: még 5 mp");
    assert.equal(en.t("trick_won", { name: "Kati", points: 0 }), "Kati takes the trick (+0)");
    assert.equal(hu.t("declared_wrong", { name: "Kati", points: 61, game: 2 }), "Kati: 61 — nem elég: az ellenfél 2 pontot kap");
  });

  test("a parameter is filled wherever it stands, and each time it appears", () => {
    for (const module of [hu, en]) {
      for (const key of module.messageKeys(module.LANG)) {
        const names = placeholders(module.t(key));
        if (!names.length) continue;
        const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
        const text = module.t(key, params);
        assert.doesNotMatch(text, /\{\w+\}/, key);
        for (const name of names) assert.ok(text.includes(`<${name}>`), `${key} ${name}`);
      }
    }
  });

  test("a missing parameter stays visible, an extra one is ignored, text is not markup", () => {
    assert.equal(en.t("hello"), "Hello, {name}!");
    assert.equal(en.t("hello", { name: "<b>Anna</b>", other: 1 }), "Hello, <b>Anna</b>!");
    assert.equal(en.t("hello", { name: "$&$1" }), "Hello, $&$1!"); // no replacement patterns
  });

  test("an unknown key shows itself", () => {
    assert.equal(hu.t("no_such_message"), "no_such_message");
    assert.equal(en.t("no_such_message", { x: 1 }), "no_such_message");
  });
});
