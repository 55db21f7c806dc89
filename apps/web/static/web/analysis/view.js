// The analysis screen, drawn from an AnalysisCtrl: the deal's position at the step shown (both
// hands: the deal is over and its record shows them), the step's controls, the decision with
// every choice's value beside the choice made, the value strip along the deal, the decisions
// with their marks (?! ? ??), and each seat's totals. A decision of a kind this screen does not
// know is shown by what every decision has (its seat, its action's type, its values).

import { cardName, RANKS, rankLabel, SUITS, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";
// (snabbdom's `h` alone, not render.js: the view is drawn under node's test runner too)
import { h } from "../vendor/snabbdom/h.js";
import { position } from "../table/seats.js";
import partnership from "../variants/partnership.js";
import { cardIn, suitArt, v } from "../table/util.js";
import { analysisPath, choices, markGlyph, signed, strip } from "./board.js";

const DECIMAL = LANG === "en" ? "." : ",";
const num = (value) => signed(value, DECIMAL);
const fixed = (value) => (Math.round(value * 100) / 100).toFixed(2).replace(".", DECIMAL);

// An action in words: a card by its name, any other by its type's words (its type itself when
// the catalogue has none: a kind this screen does not know yet).
export function actionText(action) {
  if (!action) return "–";
  if (action.card) {
    try {
      const name = cardName(action.card, LANG);
      return action.marriage ? t("analysis_with_marriage", { card: name }) : name;
    } catch {
      return String(action.card);
    }
  }
  const key = `analysis_act_${action.type}`;
  const text = t(key);
  return text === key ? String(action.type) : text;
}

const markText = (mark) => (mark ? `${markGlyph(mark)} ${t(`analysis_${mark}`)}` : "");

// A decision in words: "3. döntés: Te, piros alsó, ? hiba" (the turning point said too).
function decisionLabel(ctrl, d, index) {
  const turning = ctrl.turningPoint && ctrl.turningPoint.decision === index ? t("analysis_turning_point") : "";
  return [t("analysis_decision", { n: index + 1, name: ctrl.name(d.seat) }), actionText(d.action), markText(d.own?.mark), turning]
    .filter(Boolean).join(", ");
}

function resultLine(ctrl) {
  const result = ctrl.analysis?.result ?? ctrl.record?.result;
  if (!result) return null;
  if (ctrl.analysis?.variant === "partnership" && ctrl.record) {
    // a hand is paid in chips: said as the table says it (why it ended, the winners, each
    // seat's chips won or lost, the pot)
    const table = { client: { view: { seat: ctrl.seat } }, name: (seat) => ctrl.name(seat, { short: true }) };
    return h("p.analysis-result", partnership.dealText(table, { result, settlement: ctrl.record.settlement ?? null, record: ctrl.record }));
  }
  if (result.winner === null || result.winner === undefined) {
    // no winner: a drawn deal, a match that ended in it, or a game whose result names a side
    const key = `reason_${result.reason}`;
    return h("p.analysis-result", t(key) === key ? t("reason_match_ended") : t(key));
  }
  const words = { points: result.game_points, reason: t(`reason_${result.reason}`) };
  return h("p.analysis-result", result.winner === ctrl.seat ? t("deal_won_you", words) : t("deal_won", { name: ctrl.name(result.winner), ...words }));
}

function links(ctrl) {
  const link = (number, label, rel) => h(`a.analysis-deal`, {
    attrs: { href: analysisPath(ctrl.matchId, number), "data-link": "", rel },
  }, label);
  return h("nav.analysis-links", { attrs: { "aria-label": t("analysis_deals") } }, [
    h("a.back", { attrs: { href: `/m/${ctrl.matchId}/`, "data-link": "" } }, t("analysis_to_match")),
    ctrl.previousDeal ? link(ctrl.previousDeal, t("analysis_previous_deal"), "prev") : null,
    ctrl.nextDeal ? link(ctrl.nextDeal, t("analysis_next_deal"), "next") : null,
  ]);
}

// --- the board ----------------------------------------------------------------------------------

function hand(ctrl, seat, cards, decision, best) {
  const deciding = decision && decision.seat === seat;
  const chosen = deciding && decision.action?.card;
  // (where the seat sits for the viewer, as at the table: a wide screen draws four in a ring)
  return h("div.analysis-seat", { attrs: { "data-seat": seat, "data-pos": position(seat, ctrl.seat, ctrl.position.hands.length) } }, [
    h("p.analysis-seat-name", [
      h("strong", ctrl.name(seat)),
      ` · ${t("analysis_seat_facts", { points: ctrl.position.points[seat], tricks: ctrl.position.tricks[seat] })}`,
      ...roleBadges(ctrl, seat),
      deciding ? h("span.analysis-to-move", ` · ${t("analysis_to_decide")}`) : null,
    ]),
    h("div.cards.small.analysis-hand", cards.map((card) => cardIn("span.card-wrap", card, {
      key: card,
      class: { chosen: card === chosen, best: deciding && best.has(card) },
      attrs: card === chosen ? { "data-chosen": "" } : best.has(card) && deciding ? { "data-best": "" } : {},
    }))),
  ]);
}

// Partnership: the caller's and its partner's badges (the deal is over: the record names the
// called card's holder); none in the two-seat games.
function roleBadges(ctrl, seat) {
  const contract = ctrl.position.contract;
  if (!contract) return [];
  const holder = ctrl.position.holder;
  const badge = (key, word) => h(`span.badge.${key}`, { attrs: { "data-role": key } }, word);
  if (seat === contract.caller) return [" ", badge("caller", holder === seat ? `${t("caller")} · ${t("solo")}` : t("caller"))];
  if (seat === holder) return [" ", badge("partner", t("partner"))];
  return [];
}

// Partnership's felt: the contract (the called card, its caller, level, doublings, trump)
// beside the trick in progress, each card under its seat's name.
function contractFelt(ctrl, p) {
  const c = p.contract;
  const level = t(`level_${c.durchmarsch ? "durchmarsch" : "snapszer"}`);
  const called = { card: cardName(c.card, LANG) };
  return h("div.analysis-felt.four", [
    h("div.analysis-called", [
      cardIn("span.card-wrap.called", c.card, { attrs: { title: t("called_card") } }),
      h("p", [
        c.caller === ctrl.seat ? t("called_by_you", called) : t("called_by", { name: ctrl.name(c.caller), ...called }),
        h("br"),
        [level, ...c.doublings.map((word) => t(`doubling_${word}`))].join(" · "),
        h("br"),
        suitArt(p.trumpSuit, "1em"), " ", t("analysis_trump", { suit: suitName(p.trumpSuit, LANG) }),
      ]),
    ]),
    h("div.analysis-table.trick", { attrs: { "aria-label": t("analysis_on_table") } },
      p.table.length
        ? p.table.map((entry) => h("figure.analysis-played", { key: `t-${entry.card}` }, [
          cardIn("span.card-wrap", entry.card),
          h("figcaption", ctrl.name(entry.seat, { short: true })),
        ]))
        : [h("span.analysis-empty", t("analysis_table_empty"))]),
  ]);
}

function board(ctrl) {
  const p = ctrl.position;
  if (!p) return null;
  const decision = ctrl.decision;
  const best = new Set(decision ? choices(decision).filter((c) => c.best && c.action.card).map((c) => c.action.card) : []);
  const seats = p.hands.map((_, seat) => seat);
  // (in play order after the viewer: a four-seat hand's left, across and right)
  const other = seats.map((_, i) => (ctrl.seat + 1 + i) % seats.length).filter((seat) => seat !== ctrl.seat);
  const talon = p.talon.length + (p.trumpCard ? 1 : 0);
  // (a finished deal shown whole: its record reveals both hands)
  return h("section.analysis-board", { class: { four: seats.length === 4 }, attrs: { "aria-label": t("analysis_board"), "data-revealed": "" } }, [
    ...other.map((seat) => hand(ctrl, seat, p.hands[seat], decision, best)),
    // (four hands without a contract: an all-pass hand, nothing on the felt)
    p.contract ? contractFelt(ctrl, p) : p.hands.length > 2 ? null : h("div.analysis-felt", [
      h("div.analysis-talon", [
        p.trumpCard ? cardIn("span.card-wrap.trump", p.trumpCard, { attrs: { title: t("analysis_trump_card") } }) : null,
        h("p", [
          p.trumpSuit ? suitArt(p.trumpSuit, "1em") : null, " ",
          p.trumpSuit ? t("analysis_trump", { suit: suitName(p.trumpSuit, LANG) }) : null,
          h("br"),
          p.closedBy !== null ? t("analysis_closed", { name: ctrl.name(p.closedBy) }) : t("analysis_talon", { count: talon }),
        ]),
      ]),
      h("div.analysis-table", { attrs: { "aria-label": t("analysis_on_table") } },
        p.table.length ? p.table.map((entry) => cardIn("span.card-wrap", entry.card, { key: `t-${entry.card}` })) : [h("span.analysis-empty", t("analysis_table_empty"))]),
    ]),
    hand(ctrl, ctrl.seat, p.hands[ctrl.seat] ?? [], decision, best),
    decision ? h("p.analysis-key", [h("span.key-chosen", t("analysis_key_chosen")), " · ", h("span.key-best", t("analysis_key_best"))]) : null,
  ]);
}

// --- the controls ----------------------------------------------------------------------------

function controls(ctrl) {
  const button = (key, label, text, step, disabled) => h(`button.analysis-step`, {
    attrs: { type: "button", "aria-label": label, title: label, disabled, "data-key": key },
    on: { click: () => ctrl.go(step) },
  }, text);
  const tp = ctrl.turningPoint;
  return h("div.analysis-controls", [
    button("first", t("analysis_first"), "«", 0, ctrl.step === 0),
    button("previous", t("analysis_previous"), "◀", ctrl.step - 1, ctrl.step === 0),
    h("span.analysis-counter", t("analysis_step", { step: ctrl.step, count: ctrl.count })),
    button("next", t("analysis_next"), "▶", ctrl.step + 1, ctrl.step >= ctrl.count),
    button("last", t("analysis_last"), "»", ctrl.count, ctrl.step >= ctrl.count),
    tp ? h("button.analysis-turning-button", { attrs: { type: "button" }, on: { click: () => ctrl.turning() } }, t("analysis_turning_point")) : null,
    // what a step shows, said as it is taken
    h("p.visually-hidden", { attrs: { "aria-live": "polite" } }, ctrl.decision ? decisionLabel(ctrl, ctrl.decision, ctrl.step - 1) : t("analysis_start")),
  ]);
}

// --- the decision shown ------------------------------------------------------------------------

function decisionPanel(ctrl) {
  const d = ctrl.decision;
  if (!d) {
    return h("section.analysis-decision", [
      h("h2", t("analysis_start")),
      h("p", t(ctrl.count ? "analysis_start_help" : ctrl.analysis?.result?.reason === "all_passed" ? "analysis_none_all_passed" : "analysis_none")),
    ]);
  }
  const index = ctrl.step - 1;
  const turning = ctrl.turningPoint && ctrl.turningPoint.decision === index;
  const mark = d.own?.mark ?? null;
  const rows = choices(d);
  const best = rows.filter((r) => r.best);
  return h("section.analysis-decision", { class: { turning }, attrs: { "data-mark": mark ?? "" } }, [
    h("h2", [
      t("analysis_decision", { n: ctrl.step, name: ctrl.name(d.seat) }),
      typeof d.trick === "number" ? h("span.analysis-trick", ` · ${t("analysis_trick", { n: d.trick + 1 })}`) : null,
      typeof d.caller_side === "boolean"
        ? h(`span.side-tag.${d.caller_side ? "caller-side" : "opposing-side"}`, t(d.caller_side ? "analysis_caller_side" : "analysis_opposing_side"))
        : null,
    ]),
    turning ? h("p.analysis-turning", [h("strong", t("analysis_turning_point")), ": ", t(`analysis_rule_${ctrl.turningPoint.rule}`)]) : null,
    h("p.analysis-made", [
      t("analysis_made"), " ", h("strong.analysis-action", actionText(d.action)),
      mark ? h(`span.mark.mark-${mark}`, ` ${markText(mark)}`) : null,
      d.stand_in ? h("span.analysis-note", ` (${t("analysis_stand_in")})`) : null,
    ]),
    d.forced ? h("p.analysis-forced", t("analysis_forced"))
      : h("p.analysis-best", [t("analysis_best"), " ", h("strong", best.map((r) => actionText(r.action)).join(", ") || "–")]),
    rows.length ? h("table.analysis-choices", [
      h("caption.visually-hidden", t("analysis_choices")),
      h("thead", h("tr", [
        h("th", { attrs: { scope: "col" } }, t("analysis_choice")),
        h("th", { attrs: { scope: "col" } }, t("analysis_own")),
        h("th", { attrs: { scope: "col" } }, t("analysis_exact")),
      ])),
      h("tbody", rows.map((r) => h("tr", {
        key: JSON.stringify(r.action),
        class: { chosen: r.chosen, best: r.best },
        attrs: { "data-chosen": r.chosen ? "yes" : "no", "data-best": r.best ? "yes" : "no" },
      }, [
        h("th", { attrs: { scope: "row" } }, [
          actionText(r.action),
          r.best ? h("span.tag.tag-best", ` ★ ${t("analysis_best_tag")}`) : null,
          r.chosen ? h("span.tag.tag-chosen", ` ← ${t("analysis_chosen_tag")}`) : null,
        ]),
        h("td", num(r.own)),
        // where the deal decides the match: what this choice makes of it (best play, cards known)
        h("td", [num(r.exact), r.match ? h(`span.analysis-match.match-${r.match}`, t(`analysis_match_${r.match}`)) : null]),
      ]))),
    ]) : null,
    d.unit !== undefined ? h("p.analysis-note.analysis-unit", t("analysis_in_chips", { unit: d.unit })) : null,
    d.own ? h("p.analysis-note", [
      (d.own.loss ?? 0) < 0.005 && !d.exact?.loss ? t("analysis_no_loss")
        // (a decision with a `unit` is valued in chips: partnership's)
        : t(d.unit === undefined ? "analysis_loss" : "analysis_loss_chips", { own: fixed(d.own.loss ?? 0), exact: d.exact?.loss ?? 0 }), " ",
      t(d.own.exhaustive ? "analysis_layouts_all" : "analysis_layouts_sample", { count: d.own.layouts ?? 0 }),
    ]) : null,
  ]);
}

// --- the value strip -------------------------------------------------------------------------

const COLUMN = 10;
const HEIGHT = 64;

function valueStrip(ctrl) {
  const points = strip(ctrl.analysis, ctrl.seat);
  if (!points.length) return null;
  // ±3 game points; a game valued in more (partnership's chips) to its largest value
  const range = Math.max(3, ...points.flatMap((p) => [Math.abs(p.own ?? 0), Math.abs(p.exact ?? 0)]));
  const y = (value) => HEIGHT / 2 - (value ?? 0) * ((HEIGHT / 2 - 4) / range);
  const width = points.length * COLUMN;
  const tp = ctrl.turningPoint;
  const exact = points.filter((p) => p.exact !== null).map((p) => `${p.index * COLUMN + COLUMN / 2},${y(p.exact)}`).join(" ");
  const svg = h("svg.analysis-strip", {
    attrs: { viewBox: `0 0 ${width} ${HEIGHT}`, preserveAspectRatio: "none", role: "img", "aria-label": t("analysis_strip_label") },
  }, [
    ...points.map((p) => {
      const top = Math.min(y(p.own), y(0));
      const x = p.index * COLUMN;
      return h("g", { key: `c-${p.index}`, class: { current: ctrl.step === p.index + 1 }, on: { click: () => ctrl.go(p.index + 1) } }, [
        h("title", decisionLabel(ctrl, ctrl.decisions[p.index], p.index)), // (a pointer's tooltip)
        h("rect.column", { attrs: { x, y: 0, width: COLUMN, height: HEIGHT } }),
        h(`rect.bar${p.mark ? `.mark-${p.mark}` : ""}`, {
          class: { mine: p.seat === ctrl.seat },
          attrs: { x: x + 1.5, y: top, width: COLUMN - 3, height: Math.max(Math.abs(y(p.own) - y(0)), 0.8) },
        }),
        tp && tp.decision === p.index ? h("rect.turning", { attrs: { x: x + 0.5, y: 0.5, width: COLUMN - 1, height: HEIGHT - 1 } }) : null,
      ].filter(Boolean)); // (no null child in an SVG: snabbdom walks them to set their namespace)
    }),
    h("line.zero", { attrs: { x1: 0, y1: y(0), x2: width, y2: y(0) } }),
    h("polyline.exact", { attrs: { points: exact } }),
  ]);
  return h("section.analysis-values", { attrs: { "aria-label": t("analysis_values") } }, [
    h("h2", t("analysis_values")),
    svg,
    h("p.analysis-legend", t(ctrl.analysis.variant === "partnership" ? "analysis_strip_help_chips" : "analysis_strip_help")),
  ]);
}

// --- the decisions' list and the totals ----------------------------------------------------------

function moves(ctrl) {
  const tp = ctrl.turningPoint;
  return h("section.analysis-moves", { attrs: { "aria-label": t("analysis_decisions") } }, [
    h("h2", t("analysis_decisions")),
    h("ol.analysis-list", ctrl.decisions.map((d, index) => {
      const mark = d.own?.mark ?? null;
      const label = decisionLabel(ctrl, d, index);
      return h("li", { key: `d-${index}` }, h("button.analysis-move", {
        class: { current: ctrl.step === index + 1, turning: Boolean(tp && tp.decision === index), mine: d.seat === ctrl.seat, [`mark-${mark}`]: Boolean(mark) },
        attrs: { type: "button", "aria-current": ctrl.step === index + 1 ? "step" : false, "data-index": index + 1 },
        on: { click: () => ctrl.go(index + 1) },
      }, [
        // read in full; seen short
        h("span.visually-hidden", label),
        h("span.move-short", { attrs: { "aria-hidden": "true" } }, [
          h("span.move-n", `${index + 1}.`), " ",
          h("span.move-action", d.action?.card ? shortCard(d.action.card) : actionText(d.action)),
          // (partnership: a card led with its marriage, "+20" or "+40" in trumps)
          d.action?.marriage ? h("span.move-marriage", `+${d.action.card[0] === ctrl.record?.trump_suit ? 40 : 20}`) : null,
          mark ? h("span.move-mark", markGlyph(mark)) : null,
        ]),
      ]));
    })),
  ]);
}

// A card as short as a move list wants it: its suit's symbol and its corner's rank ("♥Á"; the
// button's label names it in full).
function shortCard(code) {
  try {
    return [suitArt(code[0], "0.95em"), rankLabel(code, LANG)];
  } catch {
    return String(code);
  }
}

function totals(ctrl) {
  const seats = ctrl.analysis?.seats ?? [];
  if (!seats.length) return null;
  const cell = (value) => h("td", String(value ?? 0));
  return h("section.analysis-totals", [
    h("h2", t("analysis_totals")),
    // (scrolled sideways only where a phone is too narrow for it, so a keyboard can scroll it)
    h("div.analysis-scroll", { attrs: { tabindex: "0", role: "region", "aria-label": t("analysis_totals") } }, h("table", [
      h("thead", [
        h("tr", [
          h("th", { attrs: { scope: "col", rowspan: 2 } }, t("analysis_player")),
          h("th", { attrs: { scope: "col", rowspan: 2 } }, t("analysis_decisions_count")),
          h("th", { attrs: { scope: "col", rowspan: 2, title: t("analysis_inaccuracy") } }, "?!"),
          h("th", { attrs: { scope: "col", rowspan: 2, title: t("analysis_mistake") } }, "?"),
          h("th", { attrs: { scope: "col", rowspan: 2, title: t("analysis_blunder") } }, "??"),
          h("th", { attrs: { scope: "colgroup", colspan: 2 } }, t("analysis_lost")),
        ]),
        h("tr", [
          h("th", { attrs: { scope: "col" } }, t("analysis_lost_expected")),
          h("th", { attrs: { scope: "col" } }, t("analysis_lost_exact")),
        ]),
      ]),
      h("tbody", seats.map((s) => h("tr", { key: `s-${s.seat}`, attrs: { "data-seat": s.seat } }, [
        h("th", { attrs: { scope: "row" } }, ctrl.name(s.seat)),
        cell(s.decisions), cell(s.inaccuracies), cell(s.mistakes), cell(s.blunders),
        h("td", fixed(s.lost_expected ?? 0)), cell(s.lost_exact),
      ]))),
    ])),
    h("p.analysis-legend", t(ctrl.analysis.variant === "partnership" ? "analysis_totals_help_chips" : "analysis_totals_help")),
  ]);
}

// --- partnership's contract -------------------------------------------------------------------

// A chip value with its sign and its word: "+100 zseton".
const chips = (value) => t("chips", { count: num(value) });

// The bid made, what it was worth under best play (every card known, undoubled), the best open
// bid(s) and the loss, the contract with its doublings; then the 48 bids, a table per level
// (rows the suits, columns the ranks), the open ones prominent.
function contractPart(ctrl) {
  const c = ctrl.analysis?.contract;
  if (!c || !Array.isArray(c.bids)) return null;
  const bidName = (bid) => `${cardName(bid.card, LANG)} · ${t(`level_${bid.level}`)}${bid.solo ? ` (${t("solo")})` : ""}`;
  const bestBids = c.bids.filter((bid) => bid.open && bid.value === c.best);
  const made = (bid) => bid.card === c.card && bid.level === c.level;
  const cell = (bid) => h("td", {
    class: { open: bid.open, closed: !bid.open, made: made(bid), best: bid.open && bid.value === c.best, won: bid.wins },
    attrs: { "data-bid": `${bid.card}-${bid.level}`, title: `${bidName(bid)}: ${chips(bid.value)}` },
  }, [num(bid.value), made(bid) ? h("span.visually-hidden", ` ${t("analysis_contract_made_tag")}`) : null]);
  const levelTable = (level) => {
    const bids = c.bids.filter((bid) => bid.level === level);
    if (!bids.length) return null;
    const at = (suit, rank) => bids.find((bid) => bid.card === `${suit}${rank}`);
    return h("table.analysis-bids", { attrs: { "data-level": level } }, [
      h("caption", t(`level_${level}`)),
      h("thead", h("tr", [h("td"), ...RANKS.map((rank) => h("th", { attrs: { scope: "col" } }, rankLabel(`P${rank}`, LANG)))])),
      h("tbody", SUITS.map((suit) => h("tr", [
        h("th", { attrs: { scope: "row", title: suitName(suit, LANG) } }, [suitArt(suit, "1em"), h("span.visually-hidden", suitName(suit, LANG))]),
        ...RANKS.map((rank) => (at(suit, rank) ? cell(at(suit, rank)) : h("td", "–"))),
      ]))),
    ]);
  };
  const words = { name: ctrl.name(c.caller), card: cardName(c.card, LANG) };
  return h("section.analysis-contract", { attrs: { "aria-label": t("analysis_contract") } }, [
    h("h2", t("analysis_contract")),
    h("p.analysis-contract-made", [
      c.caller === ctrl.seat ? t("called_by_you", words) : t("called_by", words),
      `, ${t(`level_${c.level}`)}${c.solo ? ` (${t("solo")})` : ""}. `,
      h("strong", t("analysis_contract_value", { value: chips(c.value) })),
    ]),
    h("p.analysis-contract-best", [
      t(bestBids.length > 1 ? "analysis_contract_best_many" : "analysis_contract_best"), " ",
      h("strong", bestBids.length ? `${bestBids.slice(0, 3).map(bidName).join(", ")}${bestBids.length > 3 ? ` ${t("analysis_contract_more", { count: bestBids.length - 3 })}` : ""}` : "–"),
      ` (${chips(c.best)})`,
    ]),
    h("p.analysis-contract-loss", c.loss ? t("analysis_contract_loss", { loss: num(c.loss).replace("+", "") }) : t("analysis_contract_no_loss")),
    typeof c.doubled_value === "number" && c.doubled_value !== c.value
      ? h("p.analysis-contract-doubled", t("analysis_contract_doubled", { value: chips(c.doubled_value) }))
      : null,
    countLine(ctrl.analysis.count),
    h("details.analysis-bids-all", [
      h("summary", t("analysis_contract_all", { count: c.bids.length })),
      h("div.analysis-bid-tables", [levelTable("snapszer"), levelTable("durchmarsch")]),
      h("p.analysis-legend", t("analysis_contract_help")),
    ]),
  ]);
}

// The hand's final count (`count`): the caller's side's points and tricks, the opponents' tricks.
function countLine(count) {
  if (!count || !Array.isArray(count.side_tricks)) return null;
  const [tricks, others] = count.side_tricks;
  return h("p.analysis-count", t(count.claimed ? "analysis_count_claimed" : "analysis_count", { points: count.side_points ?? 0, tricks, others }));
}

export function analysisView(ctrl) {
  const ready = Boolean(ctrl.analysis);
  return v("div.analysis-screen", { attrs: { "data-step": ready ? ctrl.step : "", "data-pending": ctrl.pending ? "yes" : "no" } },
    h("h1", t("analysis_title", { number: ctrl.number })),
    resultLine(ctrl),
    links(ctrl),
    ctrl.status ? h("p.form-status", { attrs: { role: "status" } }, [ctrl.pending ? h("span.spinner", { attrs: { "aria-hidden": "true" } }) : null, ctrl.status]) : null,
    ready ? h("div.analysis-layout", [
      h("div.analysis-main", [board(ctrl), controls(ctrl), decisionPanel(ctrl)]),
      h("div.analysis-side", [contractPart(ctrl), valueStrip(ctrl), moves(ctrl), totals(ctrl)]),
    ]) : null,
  );
}
