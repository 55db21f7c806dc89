// The rules pages' texts (apps/web/static/web/rules/<game>.js): each game has both languages
// with the same sections, blocks, table rows and examples; every number the text and the
// tables show comes from the game's facts, and the facts are the engine's (recorded from the
// engine and the games' catalogue by tests/web/test_rules_facts.py into fixtures/rules.json).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { RULES, rulesFor } from "../../apps/web/static/web/rules/index.js";
import { factAt, fill, pieces, placeholders, strings, tableFacts } from "../../apps/web/static/web/rules/text.js";

const ENGINE = JSON.parse(readFileSync(new URL("./fixtures/rules.json", import.meta.url), "utf8"));
const LANGUAGES = ["hu", "en"];

// What a block is, to compare the two languages' shapes.
function shape(block) {
  if (typeof block === "string") return "text";
  if (block.cards) return `cards:${block.cards.join(",")}:${Boolean(block.values)}:${Boolean(block.caption)}`;
  if (block.table) return `table:${block.table.head.length}:${block.table.rows.map((r) => (r.group ? "g" : r.fact ?? "-")).join("|")}`;
  if (block.list) return `list:${block.list.length}`;
  if (block.terms) return `terms:${block.terms.length}`;
  if (block.example) return `example:${block.example.lines.length}`;
  return "unknown";
}

test("every game the engine's numbers are recorded for has a rules page, under its name", () => {
  assert.deepEqual(Object.keys(RULES).sort(), Object.keys(ENGINE).sort());
  for (const [variant, rules] of Object.entries(RULES)) assert.equal(rules.variant, variant);
  assert.equal(rulesFor("no-such-game"), null);
  assert.equal(rulesFor("toString"), null);
});

for (const [variant, rules] of Object.entries(RULES)) {
  describe(`${variant}'s rules`, () => {
    test("its facts are the engine's numbers", () => {
      assert.deepEqual(rules.facts, ENGINE[variant]);
    });

    test("Hungarian and English have the same sections, blocks, rows and examples", () => {
      const [hu, en] = LANGUAGES.map((lang) => rules[lang]);
      assert.deepEqual(en.sections.map((s) => s.id), hu.sections.map((s) => s.id));
      for (const [i, section] of hu.sections.entries()) {
        assert.deepEqual(en.sections[i].blocks.map(shape), section.blocks.map(shape), `section ${section.id}`);
      }
      assert.ok(hu.sections.length >= 8);
      assert.equal(new Set(hu.sections.map((s) => s.id)).size, hu.sections.length, "section ids are unique");
    });

    for (const lang of LANGUAGES) {
      test(`${lang}: every number in the text is a fact, every card a card, nothing left unfilled`, () => {
        for (const text of strings(rules[lang])) {
          assert.equal(typeof text, "string");
          assert.ok(text.trim(), "no empty text");
          for (const path of placeholders(text)) {
            const value = factAt(rules.facts, path);
            assert.ok(typeof value === "number" || typeof value === "string", `{${path}} in "${text}"`);
          }
          const filled = fill(text, rules.facts);
          assert.doesNotMatch(filled, /[{}]/, filled);
          // a card is written [PA]: anything else in brackets is a mistake
          const cards = pieces(filled).filter((p) => p.card).length;
          assert.equal((filled.match(/\[[^\]]*\]/g) ?? []).length, cards, filled);
          assert.equal((filled.match(/\*\*/g) ?? []).length, 2 * pieces(filled).filter((p) => p.bold).length, filled);
        }
      });

      test(`${lang}: the scoring tables show the engine's game points`, () => {
        const shown = tableFacts(rules[lang]);
        assert.ok(shown.length > 0);
        for (const { section, path } of shown) {
          assert.equal(typeof factAt(ENGINE[variant], path), "number", `${section}: ${path}`);
        }
        if (ENGINE[variant].points) {
          // every way a deal is scored has its row
          const rows = new Set(shown.map((s) => s.path));
          for (const key of Object.keys(ENGINE[variant].points)) assert.ok(rows.has(`points.${key}`), key);
        }
      });
    }

    test("the match's target and the marriages are said in the text", () => {
      const hu = strings(rules.hu).join(" ");
      assert.match(hu, /\{marriage\}/);
      assert.match(hu, /\{trump_marriage\}/);
      assert.match(hu, /\{win\}/);
      if (ENGINE[variant].targets) for (const i of ENGINE[variant].targets.keys()) assert.match(hu, new RegExp(`\\{targets\\.${i}\\}`));
    });
  });
}

test("the text's little language: facts, bold words and cards", () => {
  const facts = { win: 66, targets: [7, 11], points: { last: 1 } };
  assert.equal(fill("{win} · {targets.1} · {points.last} · {nope}", facts), "66 · 11 · 1 · {nope}");
  assert.equal(fill("{points}", facts), "{points}");
  assert.deepEqual(pieces("a **b** [PA] c [XY]"), [
    { text: "a " },
    { bold: "b" },
    { text: " " },
    { card: "PA" },
    { text: " c [XY]" },
  ]);
});
