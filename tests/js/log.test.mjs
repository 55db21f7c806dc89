// The table's log and the word on the table (static/web/table/log.js), fed with the envelopes
// recorded from the real server (fixtures/*.json): every event a player must be told of is a
// line, in Hungarian (the page's language under node), once per seq; the word on the table
// names who took the trick ("Elvitted" for the player), the trump taken, the talon closed, a
// marriage, "enough".

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { LOG_LINES, logLines, tableWord } from "../../apps/web/static/web/table/log.js";
import { eventWords } from "../../apps/web/static/web/table/words.js";
import { variantFor } from "../../apps/web/static/web/variants/index.js";

const fixture = (game) => JSON.parse(readFileSync(new URL(`./fixtures/${game}.json`, import.meta.url)));

// What eventWords reads of the table's controller: the variant, the names, the viewer's seat.
function table(game, recording) {
  const names = recording.seat === 0 ? ["Te", "Kati"] : ["Kati", "Te"];
  return {
    variant: variantFor(recording.initial.view.variant),
    name: (seat) => names[seat] ?? `Kati ${seat + 1}`,
    client: { view: { seat: recording.seat } },
  };
}

const envelopes = (recording) => recording.steps.flatMap((step) => step.envelopes);

const TOLD = ["card_played", "trick_taken", "marriage_announced", "talon_closed", "trump_exchanged", "deal_started"];

for (const game of ["klub", "sixty-six", "partnership"]) {
  test(`${game}: every event a player is told of is a line of the log, in Hungarian, once`, () => {
    const recording = fixture(game);
    const ctrl = table(game, recording);
    let lines = [];
    for (const envelope of envelopes(recording)) lines = logLines(lines, envelope, (event) => eventWords(ctrl, event));
    const all = envelopes(recording);
    for (const type of TOLD) {
      const count = all.filter((e) => e.event.type === type && (type !== "deal_started" || e.event.number)).length;
      assert.equal(lines.filter((line) => line.type === type).length, count, type);
    }
    // the same envelopes again (a resync, our own answer and the push): nothing twice
    const again = all.reduce((log, envelope) => logLines(log, envelope, (event) => eventWords(ctrl, event)), lines);
    assert.deepEqual(again, lines);
    assert.deepEqual(lines.map((l) => l.seq), [...lines.map((l) => l.seq)].sort((a, b) => a - b));
    for (const line of lines.filter((l) => l.type === "card_played")) {
      assert.match(line.text, /^(Te|Kati( \d)?): (piros|tök|zöld|makk) (kilences|alsó|felső|király|tízes|ász)$/);
    }
    for (const line of lines.filter((l) => l.type === "trick_taken")) assert.match(line.text, /^(Elvitted az ütést|Kati( \d)? vitte az ütést) \(\+\d+\)$/);
    // (a partnership hand's end says why it ended; its settlement is under the table)
    const ended = game === "partnership" ? /ütött|ütést|passzolt|Elég|lapok/ : /^(Te nyerted|Kati nyerte) a partit: \d+ pont/;
    for (const line of lines.filter((l) => l.type === "deal_ended")) assert.match(line.text, ended);
  });
}

test("the word on the table: who took the trick, and each move that is not a card", () => {
  const name = (seat) => ["Te", "Kati"][seat];
  assert.equal(tableWord({ type: "trick_taken", seat: 1, points: 12 }, 0, name), "Kati vitte");
  assert.equal(tableWord({ type: "trick_taken", seat: 0, points: 12 }, 0, name), "Elvitted");
  assert.equal(tableWord({ type: "trump_exchanged", seat: 1, card: "PU", taken: "PA" }, 0, name), "Kati cserélt");
  assert.equal(tableWord({ type: "talon_closed", seat: 1 }, 0, name), "Kati lezárta a talont");
  assert.equal(tableWord({ type: "talon_closed", seat: 0 }, 0, name), "Lezártad a talont");
  assert.equal(tableWord({ type: "trump_exchanged", seat: 0, card: "PU", taken: "PA" }, 0, name), "Elcserélted az adut");
  assert.equal(tableWord({ type: "marriage_announced", seat: 0, suit: "P", points: 40 }, 0, name), "Te: 40!");
  assert.equal(tableWord({ type: "enough_declared", seat: 1 }, 0, name), "Kati: Elég!");
  assert.equal(tableWord({ type: "card_played", seat: 1, card: "PA" }, 0, name), null);
  // the recorded moves of every game have their word
  for (const game of ["klub", "sixty-six"]) {
    const recording = fixture(game);
    for (const { event } of envelopes(recording)) {
      if (["trick_taken", "trump_exchanged", "talon_closed", "marriage_announced", "enough_declared"].includes(event.type)) {
        assert.ok(tableWord(event, recording.seat, name), `${game}: ${event.type}`);
      }
    }
  }
});

test("the log keeps its last lines", () => {
  let lines = [];
  for (let seq = 1; seq <= LOG_LINES + 10; seq += 1) lines = logLines(lines, { seq, event: { type: "x" } }, () => `line ${seq}`);
  assert.equal(lines.length, LOG_LINES);
  assert.equal(lines[0].text, "line 11");
  assert.equal(logLines(lines, { seq: 999, event: { type: "card_drawn" } }, () => null), lines);
});

test("the match's end in the log: the score in the two-seat games, no score where chips decide", () => {
  const ended = (scores) => ({ type: "match_ended", winner: 1, reason: "resigned", scores });
  const two = table("klub", fixture("klub"));
  assert.equal(eventWords(two, ended([1, 7])), "Eredmény: 1 : 7 · feladással");
  const four = table("partnership", fixture("partnership"));
  const line = eventWords(four, { ...ended([0, 0, 0, 0]), reason: "abandoned" });
  assert.equal(line, "A játék véget ért · mindenki felállt az asztaltól");
});
