// The analysis screen (apps/web/static/web/analysis/) against what the real server sends:
// tests/js/fixtures/analysis-<game>.json are recorded by tests/web/test_client_fixtures.py (a
// seeded klub, sixty-six and partnership deal, seat 0's match, event feed, deal record and analysis). The
// positions rebuilt from the record and the feed must find the analysis's decisions, in order,
// each where its seat made it; the choices, the value strip, the words and the steps follow.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  ANALYSED,
  analysisPath,
  applyEvent,
  choices,
  dealEvents,
  dealtPosition,
  decisionsOf,
  markGlyph,
  signed,
  stepFromHash,
  strip,
} from "../../apps/web/static/web/analysis/board.js";
import { AnalysisCtrl } from "../../apps/web/static/web/analysis/ctrl.js";
import { actionText, analysisView } from "../../apps/web/static/web/analysis/view.js";
import { api } from "../../apps/web/static/web/api.js";

const GAMES = ["klub", "sixty-six"];
const fixture = (game) => JSON.parse(readFileSync(new URL(`./fixtures/analysis-${game}.json`, import.meta.url), "utf8"));
const bare = ({ type, card }) => (card ? { type, card } : { type });

// The text a view's tree shows (its text nodes, in order).
function text(node) {
  if (node === null || node === undefined) return "";
  if (typeof node === "string") return node;
  return (node.text ?? "") + (node.children ?? []).map(text).join(" ");
}

// Everything a view's tree says: its text and its labels (aria-label, title).
function words(node) {
  if (node === null || node === undefined || typeof node === "string") return node ?? "";
  const attrs = node.data?.attrs ?? {};
  const labels = [attrs["aria-label"], attrs.title].filter((value) => typeof value === "string");
  return [node.text ?? "", ...labels, ...(node.children ?? []).map(words)].join(" ");
}

// A controller on a fixture, its data given (no fetching), at a step.
function ctrlOn(data, { hash = "", analysis = data.analysis } = {}) {
  let address = hash;
  const ctrl = new AnalysisCtrl({
    matchId: "<match>",
    number: 1,
    effects: { hash: () => address, setHash: (h) => { address = h; }, listen: () => () => {} },
  });
  ctrl.match = { ...data.match, players: [{ seat: 0, is_you: true }, { seat: 1, name: "Kati", is_computer: true, strength: "expert" }] };
  ctrl.record = data.record;
  const { decisions, end } = decisionsOf(data.record, dealEvents(data.feed.events, 1));
  ctrl.boards = decisions;
  ctrl.end = end;
  ctrl.analysis = analysis;
  ctrl.status = "";
  ctrl.fromHash();
  return { ctrl, address: () => address };
}

describe("the positions rebuilt from the record and the feed", () => {
  for (const game of GAMES) {
    const data = fixture(game);
    const events = dealEvents(data.feed.events, 1);
    const { decisions, end } = decisionsOf(data.record, events);

    test(`${game}: the deal's events are its own, from its start to its end`, () => {
      assert.equal(events[0].type, "deal_started");
      assert.equal(events[0].number, 1);
      assert.equal(events.at(-1).type, "deal_ended");
      assert.equal(events.filter((e) => e.type === "deal_started").length, 1);
      assert.deepEqual(dealEvents(data.feed.events, 9), []);
    });

    test(`${game}: the decisions are the analysis's, in order, each by its seat`, () => {
      assert.equal(decisions.length, data.analysis.decisions.length);
      decisions.forEach((found, i) => {
        const analysed = data.analysis.decisions[i];
        assert.equal(found.seat, analysed.seat, `decision ${i}`);
        assert.deepEqual(found.action, bare(analysed.action), `decision ${i}`);
      });
    });

    test(`${game}: each card played was in its seat's hand, and the cards add up`, () => {
      const total = data.record.deck.length;
      for (const { seat, action, position } of decisions) {
        if (action.type === "play_card") assert.ok(position.hands[seat].includes(action.card), action.card);
        const held = position.hands.flat().length + position.talon.length + (position.trumpCard ? 1 : 0);
        const taken = position.tricks.reduce((a, b) => a + b, 0) * position.hands.length;
        assert.equal(held + position.table.length + taken, total);
      }
    });

    test(`${game}: the deal's end is the record's: hands, points, tricks`, () => {
      const sorted = (hands) => hands.map((hand) => [...hand].sort());
      assert.deepEqual(sorted(end.hands), sorted(data.record.hands));
      assert.deepEqual(end.points, data.record.points);
      assert.equal(end.tricks.reduce((a, b) => a + b, 0), data.record.tricks.length);
      assert.ok(end.over);
    });

    test(`${game}: the deal starts with the record's hands, trump card and talon`, () => {
      const start = dealtPosition(data.record);
      assert.deepEqual(start.hands.map((hand) => [...hand].sort()), data.record.dealt_hands.map((hand) => [...hand].sort()));
      assert.equal(start.trumpCard[0], data.record.trump_suit);
      assert.equal(start.talon.length + start.hands.flat().length + 1, data.record.deck.length);
    });
  }

  test("a klub marriage that reaches 66 ends the deal before its card: that lead is a decision", () => {
    const record = {
      dealer: 0,
      trump_suit: "T",
      deck: ["MX", "ZU", "PK", "PO", "ZX", "PA", "MO", "PX", "ZO", "ZK", "TK", "TU", "ZA", "TA", "MK", "TX", "MU", "PU", "TO", "MA"],
      dealt_hands: [["PA", "MO", "PX", "ZO", "ZK"], ["MX", "ZU", "PK", "PO", "ZX"]],
    };
    const events = [
      { type: "deal_started", number: 1 },
      { type: "marriage_announced", seat: 1, suit: "P", points: 20 },
      { type: "card_played", seat: 1, card: "PO" },
      { type: "card_played", seat: 0, card: "PA" },
      { type: "trick_taken", seat: 0, points: 14 },
      { type: "card_drawn", seat: 0, face_up: false },
      { type: "card_drawn", seat: 1, face_up: false },
      { type: "trump_exchanged", seat: 0, card: "TU", taken: "TK" },
      { type: "marriage_announced", seat: 0, suit: "Z", points: 20 },
      { type: "deal_ended", winner: 0 },
    ];
    const { decisions, end } = decisionsOf(record, events);
    assert.deepEqual(decisions.map((d) => [d.seat, bare(d.action)]), [
      [1, { type: "play_card", card: "PO" }],
      [0, { type: "play_card", card: "PA" }],
      [0, { type: "exchange_trump" }],
      [0, { type: "play_card", card: "ZO" }],
    ]);
    // the marriage lead's position is the one before its announcement
    assert.deepEqual(decisions[0].position.points, [0, 0]);
    assert.ok(decisions[3].position.hands[0].includes("ZO"));
    // the draws come off the talon in order; the exchange swaps the trump card
    assert.ok(decisions[2].position.hands[0].includes("TU"));
    assert.ok(decisions[2].position.hands[1].includes("ZA"));
    assert.equal(decisions[2].position.talon.length, 7);
    assert.ok(end.hands[0].includes("TK") && !end.hands[0].includes("TU"));
    assert.equal(end.trumpCard, "TU");
    assert.deepEqual(end.points, [14 + 20, 20]);
  });

  test("an event the board does not know changes nothing", () => {
    const start = dealtPosition({ dealer: 1, deck: Array.from({ length: 20 }, (_, i) => ["P", "T", "Z", "M"][i % 4] + "9UOKXA"[i % 5]), dealt_hands: [[], []] });
    assert.deepEqual(applyEvent(start, { type: "bid_made", seat: 0 }), start);
  });
});

describe("the numbers shown", () => {
  const data = fixture("klub");

  test("every choice with both values, best first; the choice made and the best marked", () => {
    for (const decision of data.analysis.decisions) {
      const rows = choices(decision);
      assert.equal(rows.length, decision.exact.values.length);
      assert.equal(rows.filter((r) => r.chosen).length, 1);
      assert.deepEqual(bare(rows.find((r) => r.chosen).action), bare(decision.action));
      const by = decision.own ? "own" : "exact";
      for (const r of rows) assert.equal(r.best, Math.abs(r[by] - decision[by].best) < 1e-9);
      assert.ok(rows[0].best);
      for (let i = 1; i < rows.length; i++) assert.ok((rows[i - 1].own ?? rows[i - 1].exact) >= (rows[i].own ?? rows[i].exact));
    }
  });

  test("a forced choice is valued by its exact value", () => {
    const forced = { seat: 0, action: { type: "play_card", card: "PA" }, forced: true, exact: { values: [{ action: { type: "play_card", card: "PA" }, value: -1 }], best: -1, value: -1, loss: 0 }, own: null };
    assert.deepEqual(choices(forced).map((r) => [r.exact, r.own, r.best, r.chosen]), [[-1, null, true, true]]);
  });

  test("where the deal decides the match, each choice's row says what it makes of it", () => {
    const decision = structuredClone(data.analysis.decisions.find((d) => d.exact.values.length > 1));
    decision.exact.values[0].match = "won";
    const rows = choices(decision);
    const same = (a, b) => JSON.stringify(bare(a)) === JSON.stringify(bare(b));
    const won = rows.find((r) => same(r.action, decision.exact.values[0].action));
    assert.equal(won.match, "won");
    assert.ok(rows.filter((r) => r !== won).every((r) => r.match === null));
    const index = data.analysis.decisions.indexOf(data.analysis.decisions.find((d) => d.exact.values.length > 1));
    const decisions = data.analysis.decisions.map((d, i) => (i === index ? decision : d));
    const { ctrl } = ctrlOn(data, { hash: `#${index + 1}`, analysis: { ...data.analysis, decisions } });
    const shown = words(analysisView(ctrl));
    assert.match(shown, /megnyeri a meccset/);
    assert.doesNotMatch(words(analysisView(ctrlOn(data, { hash: `#${index + 1}` }).ctrl)), /a meccset/);
  });

  test("the strip is from the viewer's side: the other seat's values turned over", () => {
    const points = strip(data.analysis, 0);
    assert.equal(points.length, data.analysis.decisions.length);
    data.analysis.decisions.forEach((d, i) => {
      const sign = d.seat === 0 ? 1 : -1;
      assert.equal(points[i].exact, sign * d.exact.value);
      assert.equal(points[i].own, d.own ? sign * d.own.value : sign * d.exact.value);
      assert.equal(points[i].mark, d.own?.mark ?? null);
    });
    assert.deepEqual(strip(data.analysis, 1).map((p) => p.exact), points.map((p) => -p.exact));
  });

  test("marks and values in a player's signs", () => {
    assert.deepEqual(["inaccuracy", "mistake", "blunder", null].map(markGlyph), ["?!", "?", "??", ""]);
    assert.equal(signed(1), "+1");
    assert.equal(signed(-0.35), "−0,35");
    assert.equal(signed(-0.35, "."), "−0.35");
    assert.equal(signed(0.001), "0");
    assert.equal(signed(null), "–");
  });

  test("the step from the address: #n, none the start, beyond the last the last", () => {
    assert.equal(stepFromHash("", 16), 0);
    assert.equal(stepFromHash("#3", 16), 3);
    assert.equal(stepFromHash("#99", 16), 16);
    assert.equal(stepFromHash("#x", 16), 0);
  });

  test("klub, sixty-six and partnership deals are analysed; the screen's address", () => {
    assert.ok(ANALYSED.has("klub") && ANALYSED.has("sixty-six") && ANALYSED.has("partnership"));
    assert.equal(analysisPath("abc", 2), "/matches/abc/deals/2/analysis/");
  });
});

describe("the screen", () => {
  for (const game of GAMES) {
    const data = fixture(game);

    test(`${game}: every step is drawn: its decision, the choice made, the best, the marks`, () => {
      const { ctrl } = ctrlOn(data);
      for (let step = 0; step <= ctrl.count; step++) {
        ctrl.step = step;
        const shown = text(analysisView(ctrl));
        assert.match(shown, new RegExp(`${step} / ${ctrl.count}`));
        // every word and label in the catalogue, filled
        const said = words(analysisView(ctrl));
        assert.ok(said.includes("Következő lépés") && said.includes("Kati (Mester)"));
        assert.doesNotMatch(said, /analysis_|reason_|strength_|\{\w+\}/);
        if (!step) continue;
        const d = data.analysis.decisions[step - 1];
        assert.match(shown, new RegExp(`${step}\\. döntés`));
        assert.ok(shown.includes(actionText(d.action)), actionText(d.action));
        if (d.own?.mark) assert.ok(shown.includes({ inaccuracy: "?! pontatlanság", mistake: "? hiba", blunder: "?? súlyos hiba" }[d.own.mark]));
        if (!d.forced) assert.ok(shown.includes("Legjobb:"));
      }
    });

    test(`${game}: the turning point is named at its decision`, () => {
      const tp = data.analysis.turning_point;
      assert.ok(tp, "the recorded deal has a turning point");
      const { ctrl } = ctrlOn(data, { hash: `#${tp.decision + 1}` });
      const shown = text(analysisView(ctrl));
      assert.ok(shown.includes({ lost_under_best_play: "itt fordult vesztesbe", largest_expected_loss: "legdrágább" }[tp.rule]), shown);
    });
  }

  test("the address, the arrows, Home and End step through the deal", () => {
    const { ctrl, address } = ctrlOn(fixture("klub"), { hash: "#2" });
    assert.equal(ctrl.step, 2);
    assert.equal(ctrl.key("ArrowRight"), true);
    assert.equal(ctrl.step, 3);
    assert.equal(address(), "#3");
    ctrl.key("End");
    assert.equal(ctrl.step, ctrl.count);
    ctrl.key("ArrowRight");
    assert.equal(ctrl.step, ctrl.count);
    ctrl.key("Home");
    ctrl.key("ArrowLeft");
    assert.equal(ctrl.step, 0);
    assert.equal(address(), "#0");
    assert.equal(ctrl.key("a"), false);
    ctrl.turning();
    assert.equal(ctrl.step, ctrl.turningPoint.decision + 1);
  });

  test("the deals around it: the one before, the one after once it is over", () => {
    const { ctrl } = ctrlOn(fixture("klub"));
    ctrl.match = { ...ctrl.match, view: { deals_played: 1 } }; // deal 2 is being played
    assert.equal(ctrl.previousDeal, null);
    assert.equal(ctrl.nextDeal, null);
    ctrl.match.view.deals_played = 3;
    assert.equal(ctrl.nextDeal, 2);
    ctrl.number = 3;
    assert.equal(ctrl.previousDeal, 2);
    assert.equal(ctrl.nextDeal, null);
  });

  test("a deal without a decision (resigned before its first card) says so", () => {
    const data = fixture("klub");
    const { ctrl } = ctrlOn(data, { analysis: { ...data.analysis, decisions: [], turning_point: null } });
    ctrl.boards = [];
    const shown = text(analysisView(ctrl));
    assert.match(shown, /0 \/ 0/);
    assert.match(shown, /senki sem döntött/);
  });

  test("a decision of a kind the screen does not know is shown by what is common", () => {
    const data = fixture("klub");
    const analysis = {
      variant: "partnership",
      result: { winner: 1, game_points: 2, reason: "opposing_trick" },
      decisions: [
        { index: 0, seat: 1, action: { type: "bid", level: 3 }, forced: false, exact: { values: [{ action: { type: "bid", level: 3 }, value: 1 }, { action: { type: "pass" }, value: 2 }], best: 2, value: 1, loss: 1 }, own: null, partner: 2 },
        { index: 1, seat: 0, action: { type: "mystery" } },
      ],
      turning_point: null,
      seats: [{ seat: 0, decisions: 1 }, { seat: 1, decisions: 1, lost_exact: 1 }],
      contract: { value: 3 },
    };
    const { ctrl } = ctrlOn(data, { analysis });
    ctrl.boards = null; // its positions are not rebuilt
    for (let step = 0; step <= 2; step++) {
      ctrl.step = step;
      const shown = text(analysisView(ctrl));
      assert.match(shown, new RegExp(`${step} / 2`));
    }
    ctrl.step = 1;
    assert.ok(text(analysisView(ctrl)).includes("bid"));
    assert.ok(text(analysisView(ctrl)).includes("pass"));
  });
});

describe("a partnership hand's analysis (docs/api.md §7.2: chips, a unit, the caller's side)", () => {
  const play = (card) => ({ type: "play", card, marriage: false });
  const analysis = {
    version: 1, variant: "partnership", seed: 1, thresholds: { blunder: 1.5, mistake: 0.7, inaccuracy: 0.3 },
    result: { winner: null, game_points: 0, reason: "opposing_trick" },
    count: { trick_counts: [1, 0, 2, 0], side_tricks: [2, 1], side_points: 38, claimed: false },
    contract: { caller: 2, card: "TK", level: "snapszer", value: 50, best: 150, loss: 100, bids: [] },
    decisions: [
      { index: 7, seat: 1, caller_side: true, unit: 100, trick: 1, action: play("ZA"), stand_in: false, forced: false,
        exact: { values: [{ action: play("ZU"), value: 100 }, { action: play("ZA"), value: -100 }], best: 100, value: -100, loss: 200 },
        own: { values: [{ action: play("ZU"), value: 25 }, { action: play("ZA"), value: 25 }], best: 25, value: 25, loss: 0, mark: null, layouts: 16, exhaustive: false } },
      { index: 9, seat: 0, caller_side: true, unit: 100, trick: 2, action: { type: "show_cards" }, stand_in: false, forced: false,
        exact: { values: [{ action: { type: "show_cards" }, value: -100 }, { action: { type: "continue" }, value: 100 }], best: 100, value: -100, loss: 200 },
        own: { values: [{ action: { type: "show_cards" }, value: -80 }, { action: { type: "continue" }, value: 60 }], best: 60, value: -80, loss: 140, mark: "blunder", layouts: 16, exhaustive: false } },
    ],
    turning_point: { decision: 1, seat: 0, rule: "lost_under_best_play" },
    seats: [0, 1, 2, 3].map((seat) => ({ seat, decisions: 1, lost_exact: 200, lost_expected: 140, inaccuracies: 0, mistakes: 0, blunders: seat ? 0 : 1 })),
  };

  test("drawn by what it has in common: its choices, its mark, chips, the side's words", () => {
    const { ctrl } = ctrlOn(fixture("klub"), { analysis, hash: "#2" });
    ctrl.boards = null; // its positions are not rebuilt here
    const shown = text(analysisView(ctrl));
    assert.match(shown, /2 \/ 2/);
    assert.match(shown, /az ellenoldal ütött/);
    assert.match(shown, /Lapok felfedése/);
    assert.match(shown, /Továbbjátszás/);
    assert.match(shown, /\?\? súlyos hiba/);
    assert.match(shown, /zseton/);
    assert.doesNotMatch(words(analysisView(ctrl)), /analysis_|reason_|\{\w+\}/);
  });

  test("its strip is scaled to its values: every bar inside the strip", () => {
    const { ctrl } = ctrlOn(fixture("klub"), { analysis });
    const bars = [];
    const walk = (node) => {
      if (!node || typeof node === "string") return;
      if (node.sel?.startsWith("rect.bar")) bars.push(node.data.attrs);
      (node.children ?? []).forEach(walk);
    };
    walk(analysisView(ctrl));
    assert.equal(bars.length, 2);
    for (const bar of bars) assert.ok(bar.y >= 0 && bar.y + bar.height <= 64, JSON.stringify(bar));
  });
});

describe("while the server makes the analysis", () => {
  test("202: computing, asked again after Retry-After; then the analysis", async () => {
    const data = fixture("klub");
    const answers = [{ status: 202, data: { status: "pending" }, retryAfter: 0.01 }, { status: 200, data: data.analysis }];
    const asked = [];
    const original = api.analysis;
    api.analysis = async (id, number) => {
      asked.push([id, number]);
      return answers.shift();
    };
    try {
      const ctrl = new AnalysisCtrl({ matchId: "m", number: 1, effects: { hash: () => "#1", setHash() {}, listen: () => () => {} } });
      const drawn = [];
      ctrl.redraw = () => drawn.push(ctrl.pending);
      await ctrl.load();
      assert.equal(ctrl.pending, true);
      assert.match(text(analysisView(ctrl)), /Számolás…/);
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.equal(ctrl.pending, false);
      assert.equal(ctrl.analysis, data.analysis);
      assert.equal(ctrl.step, 1);
      assert.deepEqual(asked, [["m", 1], ["m", 1]]);
      assert.deepEqual(drawn.at(-1), false);
      ctrl.stop();
    } finally {
      api.analysis = original;
    }
  });
});

describe("a partnership hand, as the server sends it (tests/js/fixtures/analysis-partnership.json)", () => {
  const data = fixture("partnership");
  const events = dealEvents(data.feed.events, 1);
  const { decisions, end } = decisionsOf(data.record, events);
  const players = [0, 1, 2, 3].map((seat) => (seat === 0 ? { seat, is_you: true } : { seat, name: `Kati ${seat}`, is_computer: false }));
  const on = (hash = "") => {
    const { ctrl } = ctrlOn(data, { hash });
    ctrl.match = { ...data.match, players };
    ctrl.fromHash();
    return ctrl;
  };

  test("the decisions are the analysis's, in order: each card by its seat, a marriage with its card", () => {
    assert.equal(decisions.length, data.analysis.decisions.length);
    decisions.forEach((found, i) => {
      const analysed = data.analysis.decisions[i];
      assert.equal(found.seat, analysed.seat, `decision ${i}`);
      assert.equal(found.action.card, analysed.action.card, `decision ${i}`);
      assert.equal(Boolean(found.action.marriage), Boolean(analysed.action.marriage), `decision ${i}`);
    });
    assert.ok(decisions.some((d) => d.action.marriage), "the recorded hand has a marriage");
  });

  test("four hands, no talon; each card played was in its seat's hand; the trick of four; the cards add up", () => {
    for (const { seat, action, position } of decisions) {
      assert.equal(position.hands.length, 4);
      assert.equal(position.talon.length, 0);
      assert.equal(position.trumpCard, null);
      assert.ok(position.hands[seat].includes(action.card), action.card);
      assert.ok(position.table.length <= 3);
      // the seat to play is the one after the last card on the table (or the leader)
      const next = position.table.length ? (position.table.at(-1).seat + 1) % 4 : position.leader;
      assert.equal(seat, next);
      const taken = position.tricks.reduce((a, b) => a + b, 0) * 4;
      assert.equal(position.hands.flat().length + position.table.length + taken, 24);
    }
    assert.ok(decisions.some((d) => d.position.table.length === 3), "a fourth card decided");
  });

  test("the contract from the bidding's events, the partner from the record; the end is the record's", () => {
    const bid = events.find((e) => e.type === "bidding_ended");
    assert.deepEqual(
      { caller: end.contract.caller, card: end.contract.card },
      { caller: bid.caller, card: bid.card },
    );
    assert.deepEqual(end.contract.doublings, events.filter((e) => e.type === "doubled").map((e) => e.word));
    assert.equal(end.holder, data.record.holder);
    assert.equal(end.trumpSuit, data.record.trump_suit);
    assert.equal(decisions[0].seat, bid.caller); // the caller leads
    const sorted = (hands) => hands.map((hand) => [...hand].sort());
    assert.deepEqual(sorted(end.hands), sorted(data.record.hands));
    assert.deepEqual(end.tricks, data.record.trick_counts);
  });

  test("the strip is from the viewer's side: the partner's values as they are, the opponents' turned over", () => {
    const points = strip(data.analysis, 0);
    data.analysis.decisions.forEach((d, i) => {
      const sign = d.caller_side === data.analysis.decisions.find((m) => m.seat === 0).caller_side ? 1 : -1;
      assert.equal(points[i].exact, sign * d.exact.value, `decision ${i}`);
    });
    assert.ok(data.analysis.decisions.some((d) => d.seat !== 0 && d.caller_side === true), "a partner's decision");
    // a solo caller's chips are thrice an opponent's: an opponent sees them in its own
    const solo = {
      decisions: [
        { seat: 0, caller_side: true, unit: 300, exact: { value: 300 }, own: null },
        { seat: 1, caller_side: false, unit: 100, exact: { value: -100 }, own: null },
      ],
    };
    assert.deepEqual(strip(solo, 1).map((p) => p.exact), [-100, -100]);
    assert.deepEqual(strip(solo, 0).map((p) => p.exact), [300, 300]);
  });

  test("a claim and \"enough\" are decisions; a marriage after its card counts after it", () => {
    const record = { dealer: 3, trump_suit: "P", holder: 2, deck: [], dealt_hands: [["PK", "PO"], ["T9"], ["TA"], ["Z9"]] };
    const events = [
      { type: "deal_started", number: 1 },
      { type: "bidding_ended", caller: 0, card: "TA", durchmarsch: false },
      { type: "doubled", seat: 1, word: "kontra" },
      { type: "doubling_closed" },
      { type: "card_played", seat: 0, card: "PO" },
      { type: "marriage_announced", seat: 0, suit: "P", points: 40 },
      { type: "card_played", seat: 1, card: "T9" },
      { type: "card_played", seat: 2, card: "TA" },
      { type: "partner_revealed", seat: 2, how: "called_card_played" },
      { type: "card_played", seat: 3, card: "Z9" },
      { type: "trick_taken", seat: 0, points: 14 },
      { type: "enough_declared", seat: 2 },
      { type: "cards_shown", seat: 0, cards: ["PK"] },
      { type: "deal_ended", winner: null },
    ];
    const { decisions, end } = decisionsOf(record, events);
    assert.deepEqual(decisions.map((d) => [d.seat, d.action]), [
      [0, { type: "play_card", card: "PO", marriage: true }],
      [1, { type: "play_card", card: "T9" }],
      [2, { type: "play_card", card: "TA" }],
      [3, { type: "play_card", card: "Z9" }],
      [2, { type: "declare_enough" }],
      [0, { type: "show_cards" }],
    ]);
    assert.deepEqual(decisions[0].position.points, [0, 0, 0, 0]);
    assert.deepEqual(decisions[1].position.points, [40, 0, 0, 0]);
    assert.equal(decisions[3].position.table.length, 3);
    assert.equal(decisions[0].position.leader, 0);
    assert.deepEqual(end.contract, { caller: 0, card: "TA", durchmarsch: false, doublings: ["kontra"], partner: 2 });
    assert.deepEqual(end.points, [54, 0, 0, 0]);
    assert.equal(actionText({ type: "show_cards" }), "Lapok felfedése (a többi ütés a miénk)");
    assert.equal(actionText({ type: "continue" }), "Továbbjátszás");
    assert.equal(actionText({ type: "declare_enough" }), "Elég! bemondása");
  });

  test("an all-pass hand: four hands, no contract, nothing to analyse, said so", () => {
    const hands = data.record.dealt_hands;
    const allPassed = {
      match: data.match,
      record: { ...data.record, trump_suit: null, holder: null, dealt_hands: hands, hands, tricks: [], trick_counts: [0, 0, 0, 0] },
      feed: { events: [{ event: { type: "deal_started", number: 1, dealer: 3 } }, ...[0, 1, 2, 3].map((seat) => ({ event: { type: "passed", seat } })), { event: { type: "deal_ended", winner: null, reason: "all_passed" } }] },
      analysis: { ...data.analysis, decisions: [], contract: null, turning_point: null, result: { winner: null, game_points: 0, reason: "all_passed" } },
    };
    const { ctrl } = ctrlOn(allPassed);
    const view = analysisView(ctrl);
    const shown = text(view);
    assert.ok(shown.includes("mindenki passzolt: nem volt kijátszás"), shown);
    assert.doesNotMatch(shown, /Talon|Licit\b/);
    assert.doesNotMatch(words(view), /analysis_|\{\w+\}/);
    assert.equal(ctrl.position.hands.length, 4);
  });

  test("three Katis are told apart by their seats, as at the table; short under a card", () => {
    const ctrl = on();
    ctrl.match = { ...data.match, players: [{ seat: 0, is_you: true }, ...[1, 2, 3].map((seat) => ({ seat, name: "Kati", is_computer: true, strength: "beginner" }))] };
    assert.deepEqual([0, 1, 2, 3].map((seat) => ctrl.name(seat)), ["Te", "Kati 2 (Kezdő)", "Kati 3 (Kezdő)", "Kati 4 (Kezdő)"]);
    assert.equal(ctrl.name(2, { short: true }), "Kati 3");
  });

  test("a card led with its marriage and without it are two choices", () => {
    const first = data.analysis.decisions[0];
    const rows = choices(first);
    assert.equal(rows.length, first.exact.values.length);
    assert.equal(rows.filter((r) => r.chosen).length, 1);
    assert.equal(Boolean(rows.find((r) => r.chosen).action.marriage), Boolean(first.action.marriage));
  });

  test("every step: four hands, the values in chips, the side named, the choices in words", () => {
    const ctrl = on();
    for (let step = 0; step <= ctrl.count; step++) {
      ctrl.step = step;
      const view = analysisView(ctrl);
      const shown = text(view);
      const said = words(view);
      assert.doesNotMatch(said, /analysis_|reason_|level_|doubling_|\{\w+\}/);
      assert.equal(shown.match(/Hívó/g)?.length >= 1, true);
      assert.ok(shown.includes("Te hívtál"), "the contract on the felt");
      if (!step) continue;
      const d = data.analysis.decisions[step - 1];
      assert.ok(shown.includes(d.caller_side ? "hívó oldal" : "ellenfelek"));
      assert.ok(shown.includes(`±${d.unit} zsetont`));
      assert.ok(shown.includes(actionText(d.action)));
      if (d.action.marriage) assert.match(actionText(d.action), /bemondással$/);
      if (d.action.marriage) assert.ok(shown.includes(d.action.card[0] === data.record.trump_suit ? "+40" : "+20"));
    }
  });

  test("the result as the table says it: why it ended, each seat's chips", () => {
    const shown = text(analysisView(on()));
    const { changes } = data.record.settlement;
    assert.ok(shown.includes(`Te ${changes[0] > 0 ? "+" : ""}${changes[0]}`), shown);
    assert.ok(shown.includes(`Kati 2 ${changes[2] > 0 ? "+" : ""}${changes[2]}`), shown);
  });

  test("the contract part: the bid made and its value, the best open bid, the loss, the doubled value, the 48 bids", () => {
    const c = data.analysis.contract;
    const shown = text(analysisView(on()));
    assert.ok(shown.includes("Licit"));
    assert.ok(shown.includes(`Értéke legjobb játékkal: ${signed(c.value)} zseton`), shown);
    assert.ok(shown.includes(c.bids.filter((bid) => bid.open && bid.value === c.best).length > 1 ? "A legjobb szabad licitek:" : "A legjobb szabad licit:"));
    assert.ok(shown.includes(c.loss ? "A licit vesztesége" : "A licit a legjobbak egyike volt."));
    assert.ok(shown.includes(`A kontrákkal együtt: ${signed(c.doubled_value)} zseton.`));
    assert.ok(shown.includes(`Mind a ${c.bids.length} licit`));
    const n = data.analysis.count;
    assert.ok(shown.includes(`a hívó oldalé ${n.side_points} pont és ${n.side_tricks[0]} ütés, az ellenfeleké ${n.side_tricks[1]} ütés`), shown);
    assert.equal(c.bids.length, 48);
  });
});
