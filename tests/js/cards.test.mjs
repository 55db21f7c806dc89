// cards.js: the cards' names and corner letters in both languages, and the SVG markup.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  RANKS,
  SUITS,
  cardBackSvg,
  cardName,
  cardSvg,
  rankLabel,
  suitName,
  suitSymbol,
} from "../../apps/web/static/web/cards.js";

const LANGS = ["hu", "en"];
const CODES = SUITS.flatMap((suit) => RANKS.map((rank) => suit + rank));
// a letter without its accents: "Á" and "A" are one letter to a glance at a card's corner
const base = (label) => label.normalize("NFD").replace(/\p{Diacritic}/gu, "").toUpperCase();

describe("rank letters", () => {
  for (const lang of LANGS) {
    test(`${lang}: no two ranks share a letter, accents aside`, () => {
      const labels = RANKS.map((rank) => base(rankLabel(`P${rank}`, lang)));
      assert.equal(new Set(labels).size, RANKS.length, labels.join(" "));
      // nor does one label begin another's (a corner shows the first glyph boldest)
      const initials = labels.map((label) => label[0]);
      assert.equal(new Set(initials).size, RANKS.length, initials.join(" "));
    });
  }

  test("a letter names the same rank in both languages", () => {
    const rankOf = new Map();
    for (const lang of LANGS) {
      for (const rank of RANKS) {
        const letter = base(rankLabel(`P${rank}`, lang));
        if (rankOf.has(letter)) assert.equal(rankOf.get(letter), rank, `${letter} in ${lang}`);
        else rankOf.set(letter, rank);
      }
    }
  });

  test("the labels as docs/client.md lists them", () => {
    const shown = (lang) => RANKS.map((rank) => rankLabel(`Z${rank}`, lang)).join(" ");
    assert.equal(shown("hu"), "9 U F K 10 Á");
    assert.equal(shown("en"), "9 U O K 10 A");
  });

  test("a label is the same in every suit", () => {
    for (const lang of LANGS) {
      for (const rank of RANKS) {
        const labels = new Set(SUITS.map((suit) => rankLabel(suit + rank, lang)));
        assert.equal(labels.size, 1);
      }
    }
  });
});

describe("names", () => {
  test("Hungarian: suit then rank", () => {
    assert.equal(cardName("PA", "hu"), "piros ász");
    assert.equal(cardName("TU", "hu"), "tök alsó");
    assert.equal(cardName("ZO"), "zöld felső"); // Hungarian by default
    assert.equal(cardName("MX", "hu"), "makk tízes");
    assert.equal(cardName("P9", "hu"), "piros kilences");
  });

  test("English: rank of suit", () => {
    assert.equal(cardName("PA", "en"), "Ace of Hearts");
    assert.equal(cardName("TU", "en"), "Under of Bells");
    assert.equal(cardName("ZO", "en-GB"), "Over of Leaves");
    assert.equal(cardName("MK", "EN"), "King of Acorns");
  });

  test("every card has a name of its own in each language", () => {
    for (const lang of LANGS) {
      const names = CODES.map((code) => cardName(code, lang));
      assert.equal(new Set(names).size, 24);
    }
  });

  test("suit names", () => {
    assert.deepEqual(SUITS.map((s) => suitName(s)), ["piros", "tök", "zöld", "makk"]);
    assert.deepEqual(SUITS.map((s) => suitName(s, "en")), ["Hearts", "Bells", "Leaves", "Acorns"]);
  });
});

describe("unknown codes are refused", () => {
  const bad = ["", "P", "PAA", "P7", "XA", "pa", "Pa", null, undefined, 12, "<A", "P<"];
  for (const code of bad) {
    test(`${JSON.stringify(code)}`, () => {
      assert.throws(() => cardName(code), /Unknown card code/);
      assert.throws(() => cardSvg(code), /Unknown card code/);
      assert.throws(() => rankLabel(code), /Unknown card code/);
    });
  }

  test("unknown suits and sizes", () => {
    assert.throws(() => suitName("X"), /Unknown suit/);
    assert.throws(() => suitSymbol("<svg>"), /Unknown suit/);
    assert.throws(() => suitSymbol("P", '1em" onload="x'), /Invalid suit symbol size/);
    assert.throws(() => suitSymbol("P", -1), /Invalid suit symbol size/);
  });
});

// A small well-formedness check: tags and attributes in order, text without a raw < > or a
// bare &, every element closed.
function wellFormed(markup) {
  const stack = [];
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match;
  let end = 0;
  while ((match = token.exec(markup))) {
    end = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    const values = [...(attributes || "").matchAll(/="([^"]*)"/g)].map((m) => m[1]);
    for (const value of [...values, text || ""]) {
      assert.doesNotMatch(value, /[<>]|&(?!(amp|lt|gt|quot|#39);)/, `unescaped in ${value}`);
    }
    if (text) continue;
    if (closing) assert.equal(stack.pop(), name);
    else if (!selfClosing) stack.push(name);
  }
  assert.equal(end, markup.length, `not markup from ${markup.slice(end, end + 40)}`);
  assert.deepEqual(stack, []);
}

const unescape = (text) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]);

describe("SVG markup", () => {
  test("every card, in each language, is well-formed and labelled with its name", () => {
    for (const lang of LANGS) {
      for (const code of CODES) {
        const svg = cardSvg(code, lang);
        wellFormed(svg);
        const label = svg.match(/aria-label="([^"]*)"/)[1];
        assert.equal(unescape(label), cardName(code, lang));
        assert.equal(unescape(svg.match(/<title>([^<]*)<\/title>/)[1]), cardName(code, lang));
        assert.match(svg, new RegExp(`data-card="${code}"`));
        assert.match(svg, /role="img"/);
      }
    }
  });

  test("the corner shows the rank's label, in each language", () => {
    for (const lang of LANGS) {
      for (const code of CODES) {
        const texts = [...cardSvg(code, lang).matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]));
        assert.ok(texts.includes(rankLabel(code, lang)), `${code} ${lang}: ${texts}`);
        assert.ok(texts.every((text) => text === rankLabel(code, lang)));
      }
    }
  });

  test("the back and the suit symbols are well-formed and hidden from assistive technology", () => {
    wellFormed(cardBackSvg());
    assert.match(cardBackSvg(), /aria-hidden="true"/);
    for (const suit of SUITS) {
      for (const size of ["1em", 18, "1.2rem"]) {
        const svg = suitSymbol(suit, size);
        wellFormed(svg);
        assert.match(svg, /aria-hidden="true"/);
      }
    }
  });

  test("a card's markup carries no id (any number of cards share a page)", () => {
    for (const code of CODES) assert.doesNotMatch(cardSvg(code), /\sid="/);
    assert.doesNotMatch(cardBackSvg(), /\sid="/);
  });
});
