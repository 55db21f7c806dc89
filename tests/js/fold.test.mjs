// fold(view, envelope) against what the real server sends: tests/js/fixtures/<game>.json are
// recorded by tests/web/test_client_fixtures.py (a seeded match of each game, seat 0's client).
// Each step is (the view before, the feed's envelopes after one action, the view fetched after
// them); the client folds the envelopes one by one, and where fold returns null it fetches the
// view instead (MatchClient.pump): the folded view must agree with the fetched one on every
// field foldDifferences compares.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { fold, foldDifferences } from "../../apps/web/static/web/fold.js";

const GAMES = ["klub", "sixty-six", "partnership"];

function fixture(game) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${game}.json`, import.meta.url), "utf8"));
}

// (before, envelopes, after) for every step of a recording
function triples(recording) {
  let before = recording.initial;
  return recording.steps.map((step, index) => {
    const triple = { index, action: step.action, before, envelopes: step.envelopes, after: step };
    before = step;
    return triple;
  });
}

// What the client shows after a step: the envelopes folded in turn, or (at the first one fold
// leaves to the server) the fetched view. Also which event types were folded and which fetched.
function replay({ before, envelopes, after }) {
  let view = before.view;
  const folded = [];
  for (const envelope of envelopes) {
    const next = fold(view, envelope);
    if (next === null) return { view: after.view, folded, fetchedAt: envelope.event.type };
    folded.push(envelope.event.type);
    view = next;
  }
  return { view, folded, fetchedAt: null };
}

// The events whose effect the client cannot know alone, in every game.
const ALWAYS_FETCHED = new Set(["match_started", "deal_started", "deal_ended", "match_ended"]);
// The events the fold must fold, per game (none of them may fall back to a fetch).
const MUST_FOLD = {
  klub: ["card_played", "trick_taken", "card_drawn", "marriage_announced", "trump_exchanged", "talon_closed"],
  "sixty-six": ["card_played", "trick_taken", "card_drawn", "marriage_announced", "trump_exchanged", "talon_closed"],
  partnership: ["card_played", "trick_taken", "passed", "partner_revealed"],
};

for (const game of GAMES) {
  describe(`fold, ${game}`, () => {
    const recording = fixture(game);
    const steps = triples(recording);

    test("the recording is of this game, seen by one seat, with its envelopes in seq order", () => {
      assert.equal(recording.game, game);
      assert.equal(recording.initial.view.variant, game);
      assert.ok(steps.length > 10);
      let seq = recording.initial.version;
      for (const { envelopes, after } of steps) {
        for (const envelope of envelopes) assert.equal(envelope.seq, ++seq);
        assert.equal(after.version, seq);
        assert.equal(after.view.seat, recording.seat);
      }
    });

    for (const step of steps) {
      const types = step.envelopes.map((e) => e.event.type).join(", ");
      test(`step ${step.index}: seat ${step.action.seat} ${step.action.type} → ${types}`, () => {
        const { view, fetchedAt } = replay(step);
        assert.deepEqual(foldDifferences(view, step.after.view), []);
        if (fetchedAt === null) {
          // nothing can be tapped on a folded view: the server's view brings the actions back
          assert.deepEqual(view.legal_actions, []);
        }
      });
    }

    test("every event the game must fold is folded somewhere, and never fetched", () => {
      const folded = new Set();
      for (const step of steps) {
        const { folded: types, fetchedAt } = replay(step);
        types.forEach((type) => folded.add(type));
        if (fetchedAt && game !== "partnership") {
          assert.ok(!MUST_FOLD[game].includes(fetchedAt), `${fetchedAt} fetched at step ${step.index}`);
        }
      }
      for (const type of MUST_FOLD[game]) assert.ok(folded.has(type), `${type} never folded`);
    });

    test("a new deal, its end and the match's end are left to the server (fold returns null)", () => {
      const structural = steps.flatMap((step) =>
        step.envelopes.filter((e) => ALWAYS_FETCHED.has(e.event.type)).map((e) => [step, e]),
      );
      assert.ok(structural.length > 0);
      for (const [step, envelope] of structural) assert.equal(fold(step.before.view, envelope), null);
    });

    test("fold does not change the view it is given", () => {
      for (const step of steps) {
        const before = JSON.stringify(step.before.view);
        fold(step.before.view, step.envelopes[0]);
        assert.equal(JSON.stringify(step.before.view), before);
      }
    });
  });
}

describe("foldDifferences catches a wrong fold", () => {
  // a step whose envelopes are all folded, and whose fetched view has a trick on record
  const klub = triples(fixture("klub"));
  const step = klub.find((s) => replay(s).fetchedAt === null && s.envelopes.some((e) => e.event.type === "trick_taken"));

  test("the chosen step folds cleanly", () => {
    assert.ok(step);
    assert.deepEqual(foldDifferences(replay(step).view, step.after.view), []);
  });

  const plants = {
    hand: (deal) => deal.hand.pop(),
    table: (deal) => deal.table.push({ seat: 0, card: "PA" }),
    last_trick: (deal) => (deal.last_trick = null),
    hand_sizes: (deal) => (deal.hand_sizes[1] += 1),
    trick_counts: (deal) => (deal.trick_counts[0] += 1),
    talon_size: (deal) => (deal.talon_size += 1),
    trump_card: (deal) => (deal.trump_card = "ZA"),
    phase: (deal) => (deal.phase = "closed"),
    marriages: (deal) => deal.marriages[0].push("P"),
    points: (deal) => (deal.points += 1),
    pending_marriage_points: (deal) => (deal.pending_marriage_points += 20),
    captured: (deal) => deal.captured.push("MA"),
  };
  for (const [field, plant] of Object.entries(plants)) {
    test(`a difference in ${field} is named`, () => {
      const view = structuredClone(replay(step).view);
      plant(view.deal);
      const differences = foldDifferences(view, step.after.view);
      assert.equal(differences.length, 1, differences.join("; "));
      assert.match(differences[0], new RegExp(`^${field}: folded `));
    });
  }

  test("a difference in the scores is named", () => {
    const view = structuredClone(replay(step).view);
    view.scores[0] += 1;
    assert.deepEqual(
      foldDifferences(view, step.after.view).map((d) => d.split(":")[0]),
      ["scores"],
    );
  });

  test("the hand and the captured cards are compared as sets, the table in order", () => {
    const view = structuredClone(replay(step).view);
    view.deal.hand.reverse();
    view.deal.captured.reverse();
    assert.deepEqual(foldDifferences(view, step.after.view), []);
  });

  test("partnership: the bids, the partner and the turn are compared too", () => {
    const partnership = triples(fixture("partnership"));
    const played = partnership.find((s) => s.after.view.deal.partner !== null && replay(s).fetchedAt === null);
    assert.ok(played);
    const view = structuredClone(replay(played).view);
    view.deal.partner = null;
    view.deal.turn = (view.deal.turn + 1) % 4;
    view.deal.bids.pop();
    assert.deepEqual(
      foldDifferences(view, played.after.view).map((d) => d.split(":")[0]).sort(),
      ["bids", "partner", "turn"],
    );
  });

  test("nothing to compare without a deal on both sides", () => {
    assert.deepEqual(foldDifferences(null, step.after.view), []);
    assert.deepEqual(foldDifferences({ ...step.after.view, deal: null }, step.after.view), []);
  });
});

describe("fold without a deal", () => {
  test("a view without a deal (or none) leaves every event to the server", () => {
    const envelope = fixture("klub").steps[0].envelopes[0];
    assert.equal(fold(null, envelope), null);
    assert.equal(fold({ ...fixture("klub").initial.view, deal: null }, envelope), null);
  });
});
