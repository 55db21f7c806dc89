// Partnership (four seats, rules §4): the others left, top and right of the trick, the contract
// and the pot, the calls, the bidding box, the doubling window, each seat's chips, a claim and
// a hand's settlement. Drawn from the view and its legal actions like the rest of the table:
// the bids offered are exactly the `bid` actions, the doublings exactly the ones offered. The
// partner is named only when the view says it (`deal.partner`): to everyone once it is public,
// to its holder from the start; nothing else here depends on who holds the called card.

import { cardName, rankLabel, RANKS, SUITS, suitName } from "../cards.js";
import { LANG, t } from "../i18n.js";
import { cardIn, countdown, suitArt, v } from "../table/util.js";
import { CONFIRM } from "./two_seat.js";

const DOUBLINGS = ["kontra", "rekontra", "subkontra", "no_double"];
const LEVELS = ["snapszer", "durchmarsch"];
// The legal actions the boxes below offer (the rest go to the table's action bar).
const BOXED = new Set(["bid", "pass", ...DOUBLINGS]);

const callText = (call) =>
  call.card === null ? t("pass_word") : `${cardName(call.card, LANG)} · ${t(`level_${call.level}`)} (${call.value})`;

// The standing bid: the last call that named a card.
const standing = (deal) => [...deal.bids].reverse().find((call) => call.card !== null) || null;

// What a seat panel adds: chips, dealer, caller and partner, its last call.
function seatFacts(ctrl, deal, seat) {
  const lastCall = [...deal.bids].reverse().find((call) => call.seat === seat);
  const badges = [];
  if (deal.dealer === seat) badges.push(v("span.badge.dealer", { key: "dealer", attrs: { title: t("dealer") } }, t("dealer_short")));
  if (deal.caller === seat) badges.push(v("span.badge.caller", { key: "caller" }, t("caller")));
  if (deal.partner === seat && deal.caller !== null && deal.partner !== deal.caller) {
    badges.push(v("span.badge.partner", { key: "partner", attrs: { "data-partner": seat } }, t("partner")));
  }
  if (deal.partner === seat && deal.partner === deal.caller) {
    badges.push(v("span.badge.partner", { key: "solo", attrs: { "data-partner": seat } }, t("solo")));
  }
  return [
    v("div.chips", { key: "chips", attrs: { "data-chips": deal.chips[seat] } }, t("chips", { count: deal.chips[seat] })),
    badges.length ? v("div.badges", { key: "badges" }, badges) : null,
    deal.phase === "bidding" && lastCall ? v("div.last-call", { key: "last-call" }, callText(lastCall)) : null,
  ];
}

// The contract: the called card and trump, the level and value with its doublings, the caller
// and (when the view names it) the partner; the pot. During the bidding: the standing bid.
function contract(ctrl, deal) {
  const me = ctrl.client.view.seat;
  const lines = [];
  if (deal.caller === null) {
    const best = standing(deal);
    lines.push(v("p.bidding-state", { key: "standing" }, best ? t("standing_bid", { name: ctrl.name(best.seat), call: callText(best) }) : t("no_bid_yet")));
  } else {
    const doubled = deal.doublings.map((d) => t(`doubling_${d.word}`)).join(", ");
    lines.push(
      v("div.called", { key: "called" },
        cardIn("div.called-card", deal.called_card, { attrs: { title: t("called_card") } }),
        v("div", {},
          v("p", {}, calledBy(ctrl, deal.caller, deal.called_card)),
          v("p.trump-suit", {}, suitArt(deal.trump_suit, "1.1em"), " ", t("trump", { suit: suitName(deal.trump_suit, LANG) })),
          v("p", {}, t(`level_${deal.level}`), ` · ${t("value", { value: deal.value })}`, doubled ? ` · ${doubled}` : ""),
          v("p.partner-line", {}, partnerText(ctrl, deal, me)))),
    );
  }
  lines.push(v("p.pot", { key: "pot", attrs: { "data-pot": deal.pot } }, t("pot", { count: deal.pot })));
  return v("div.contract", { key: "contract" }, lines);
}

function partnerText(ctrl, deal, me) {
  if (deal.partner === null) return t("partner_secret");
  if (deal.partner === deal.caller) return deal.caller === me ? t("solo_you") : t("solo_of", { name: ctrl.name(deal.caller) });
  if (deal.partner === me) return t("partner_you");
  return t("partner_is", { name: ctrl.name(deal.partner) });
}

// Every call of the hand, in order: open during the bidding, and after it until the player
// closes it (only the player's own toggles are kept, not the ones this view makes).
function callList(ctrl, deal) {
  if (!deal.bids.length) return null;
  const open = deal.phase === "bidding" || ctrl.box.showCalls !== false;
  return v(
    "details.calls",
    {
      key: "calls",
      props: { open },
      on: { toggle: (event) => { if (event.target.open !== open) ctrl.box.showCalls = event.target.open; } },
    },
    v("summary", {}, t("calls", { count: deal.bids.length })),
    v("ol", {}, deal.bids.map((call) => v("li", {}, `${ctrl.name(call.seat)}: ${callText(call)}`))),
  );
}

// A bid card's button shows its suit's sign and its rank's corner label: its name holds that
// label (a name that says what is seen: "piros 10-es", which is read "piros tízes"; a letter's
// rank keeps its word, "piros király").
function bidCardName(card) {
  const label = rankLabel(card, LANG);
  return /^[0-9]+$/.test(label) ? t("bid_card_numbered", { suit: suitName(card[0], LANG), label }) : cardName(card, LANG);
}

// The bidding box: a level, then a card among the offered bids; or pass. The choices are the
// controller's `box` (cleared at every new deal); one no longer offered is not kept.
function biddingBox(ctrl) {
  const bids = ctrl.legal("bid");
  const pass = ctrl.legal("pass")[0];
  if (!bids.length && !pass) return null;
  const levels = LEVELS.filter((level) => bids.some((bid) => bid.durchmarsch === (level === "durchmarsch")));
  const level = levels.includes(ctrl.box.level) ? ctrl.box.level : levels[0] || "snapszer";
  const offered = (card) => bids.find((bid) => bid.card === card && bid.durchmarsch === (level === "durchmarsch"));
  const chosen = ctrl.box.card ? offered(ctrl.box.card) : null;
  return v(
    "section.bidding-box",
    { key: "bidding-box", attrs: { "aria-label": t("bidding") } },
    v("h2", {}, t("bidding")),
    levels.length
      ? v("div.levels", { key: "levels", attrs: { role: "group", "aria-label": t("level") } },
          levels.map((each) => v("button.level", {
            key: each,
            attrs: { "aria-pressed": level === each ? "true" : "false", "data-key": `level-${each}` },
            on: { click: () => ctrl.choose({ level: each }) },
          }, t(`level_${each}`))))
      : null,
    bids.length
      ? v("div.bid-cards", { key: "bid-cards", attrs: { role: "group", "aria-label": t("called_card") } },
          SUITS.map((suit) => v("div.bid-suit", { key: suit }, RANKS.map((rank) => {
            const card = `${suit}${rank}`;
            return v(`button.bid-card.suit-${suit}`, {
              key: card,
              attrs: {
                "data-key": `bid-${card}`,
                "data-bid-card": card,
                "aria-label": bidCardName(card),
                "aria-pressed": chosen && chosen.card === card ? "true" : "false",
              },
              props: { disabled: !offered(card) },
              on: { click: () => ctrl.choose({ card, level }, "bid-make") },
            }, suitArt(suit, "1em"), rankLabel(card, LANG));
          }))))
      : null,
    v("div.bid-buttons", { key: "bid-buttons" },
      bids.length
        ? v("button.primary.bid-make", {
            key: "bid-make",
            attrs: { "data-key": "bid-make" },
            props: { disabled: !chosen },
            on: {
              click: () => {
                if (!chosen) return;
                ctrl.box.card = null; // a choice is made once: the next bid starts afresh
                ctrl.send(chosen);
              },
            },
          }, chosen ? t("bid_make", { card: cardName(chosen.card, LANG), level: t(`level_${level}`) }) : t("bid_choose"))
        : null,
      pass ? v("button.pass", { key: "pass", attrs: { "data-key": "action-pass" }, on: { click: () => ctrl.send(pass) } }, t("pass_word")) : null),
  );
}

// The doubling window: its countdown for every seat, the doubling offered to this one.
function doublingBox(ctrl, deal) {
  if (deal.phase !== "doubling") return null;
  const offered = DOUBLINGS.flatMap((type) => ctrl.legal(type));
  return v(
    "section.doubling-box",
    { key: "doubling-box", attrs: { "aria-label": t("doubling") } },
    deal.deadline ? v("p.countdown", { key: "countdown" }, countdown("doubling_countdown", deal.deadline)) : null,
    offered.map((action) => v(`button.doubling-${action.type}`, {
      key: action.type,
      class: { primary: action.type !== "no_double" },
      attrs: { "data-key": `action-${action.type}` },
      on: { click: () => ctrl.send(action) },
    }, t(`doubling_${action.type}`))),
  );
}

// A shown hand (the claim): its cards and the seconds left before the hand ends.
function claim(ctrl, deal) {
  if (!deal.shown) return null;
  const mine = deal.shown.seat === ctrl.client.view.seat;
  return v(
    "div.claim",
    { key: "claim", attrs: { role: "status" } },
    deal.deadline && deal.phase === "claim"
      ? v("p", {}, countdown(mine ? "claim_countdown_you" : "claim_countdown", deal.deadline, ctrl.name(deal.shown.seat)))
      : v("p", {}, mine ? t("claim_shown_you") : t("claim_shown", { name: ctrl.name(deal.shown.seat) })),
    v("div.cards.small", {}, deal.shown.cards.map((card) => cardIn("span.card-wrap", card, { key: card }))),
  );
}

// A hand ended by a claim: the caller's side took the cards not yet played; its final count
// (from the deal record, once fetched) counts them as its tricks.
function claimText(deal) {
  const record = deal.record;
  const count = record && record.claimed
    ? ` (${t("claim_record_count", { tricks: record.side_tricks[0], points: record.side_card_points[0] })})`
    : "";
  return v("span.claim-record", { attrs: { "data-claimed": "" } }, `${t("claim_record")}${count}`);
}

// A finished hand: why it ended and each seat's chips won or lost.
function settlementText(ctrl, deal) {
  const settlement = deal.settlement;
  const reason = deal.result.reason === "claimed" ? claimText(deal) : t(`reason_${deal.result.reason}`);
  if (!settlement) return [reason];
  const me = ctrl.client.view.seat;
  const who = (seat) => (seat === me ? t("you") : ctrl.name(seat));
  const changes = settlement.changes.map((change, seat) =>
    v("span.change", { class: { won: change > 0, lost: change < 0 }, attrs: { "data-seat": seat, "data-change": change } },
      `${who(seat)} ${change > 0 ? "+" : ""}${change}`));
  return [
    reason,
    settlement.winners.length ? ` · ${t("hand_winners", { list: settlement.winners.map(who).join(", ") })}` : "",
    " · ",
    v("span.changes", {}, changes.flatMap((node, i) => (i ? [" · ", node] : [node]))),
    ` · ${t("pot", { count: settlement.pot })}`,
  ];
}

// Who called which card: one's own call in the second person.
function calledBy(ctrl, seat, card) {
  const words = { card: cardName(card, LANG) };
  return seat === ctrl.client.view.seat ? t("called_by_you", words) : t("called_by", { name: ctrl.name(seat), ...words });
}

// The aria-live words for the game's own events.
function eventWords(ctrl, event) {
  const name = event.seat !== undefined ? ctrl.name(event.seat) : "";
  switch (event.type) {
    case "bid_made":
      return `${name}: ${cardName(event.card, LANG)} · ${t(event.durchmarsch ? "level_durchmarsch" : "level_snapszer")}`;
    case "passed":
      return `${name}: ${t("pass_word")}`;
    case "bidding_ended":
      return calledBy(ctrl, event.caller, event.card);
    case "all_passed":
      return t("reason_all_passed");
    case "doubled":
      return `${name}: ${t(`doubling_${event.word}`)}`;
    case "partner_revealed":
      return event.seat === ctrl.client.view.seat ? t("partner_you") : t("partner_is", { name });
    case "cards_shown":
      return event.seat === ctrl.client.view.seat ? t("claim_shown_you") : t("claim_shown", { name });
    case "deal_ended":
      return event.winner === null ? t(`reason_${event.reason}`) : null;
    case "match_ended": // chips decide, not a score: the game's end and why
      return `${t("game_over")} · ${t(`end_reason_${event.reason}`)}`;
    default:
      return null;
  }
}

// A move of the game's own boxes in words (a hint says it): a bid, a pass, a doubling word.
function actionText(ctrl, action) {
  if (action.type === "bid") return `${t("hint_bid")} ${cardName(action.card, LANG)} · ${t(action.durchmarsch ? "level_durchmarsch" : "level_snapszer")}`;
  if (action.type === "pass") return t("pass_word");
  if (DOUBLINGS.includes(action.type)) return t(`doubling_${action.type}`);
  return null;
}

// A marriage announced in the trick under way (the marriages carry their trick's index).
function pendingMarriage(deal) {
  const trick = deal.trick_counts.reduce((sum, count) => sum + count, 0);
  return deal.marriages.some((marriage) => marriage.trick === trick);
}

export default {
  playTypes: ["play"],
  boxed: BOXED,
  // "enough" wins or loses the hand for the caller's side
  confirmations: { ...CONFIRM, declare_enough: "declare_confirm_partnership" },

  // a card to play, a call or a doubling (every seat but the caller's is offered the same
  // doubling at the same moment, whoever's turn it is)
  myTurn: (view) => view.legal_actions.some((action) => action.type === "play" || BOXED.has(action.type)),

  // The viewer's seat under the trick, the other three around it; the contract, the boxes of
  // the bidding and the doubling window, then the hand.
  area(ctrl, deal, parts) {
    const me = ctrl.client.view.seat;
    return v(
      "section.table.four-seat",
      { key: "table", attrs: { "aria-label": t("table"), "data-phase": deal.phase } },
      v(
        "div.ring",
        { key: "ring" },
        parts.others().map((seat) => parts.seat(seat)),
        v("div.centre", { key: "centre" }, parts.trick({ slots: true })),
        v("div.my-seat", { key: "my-seat", class: { "on-turn": deal.turn === me }, attrs: { "data-seat": me, "data-pos": "bottom" } },
          v("span.seat-name", {}, t("you")), " ", seatFacts(ctrl, deal, me),
          v("span.seat-facts.my-tricks", { key: "tricks", attrs: { "data-tricks": deal.trick_counts[me] } }, t("tricks", { count: deal.trick_counts[me] }))),
      ),
      contract(ctrl, deal),
      claim(ctrl, deal),
      parts.status(),
      doublingBox(ctrl, deal),
      biddingBox(ctrl),
      parts.hand(),
      parts.actions(),
      parts.lastTrick(),
      callList(ctrl, deal),
    );
  },

  seatFacts,
  seatMarriages: (deal, seat) => deal.marriages.filter((m) => m.seat === seat).map((m) => `${suitName(m.suit, LANG)} (${m.points})`),

  // marked only when announcing it is offered (leading the K or O of a pair)
  marriageHint(ctrl, card) {
    return ctrl.playAction(card, true) ? (card[0] === ctrl.client.view.deal.trump_suit ? 40 : 20) : null;
  },

  eventWords,
  actionText,
  dealText: settlementText,
  dealNotes: () => null,

  // The game's end: every seat's chips as the last hand left them.
  matchEnd(ctrl, result) {
    const { view } = ctrl.client;
    const me = view.seat;
    const deal = view.deal;
    const heading = result.winner === me ? t("you_won") : t("game_over");
    const line = v("p.final-chips", {},
      t(result.reason === "points" ? "end_reason_chips" : `end_reason_${result.reason}`),
      result.winner !== null && result.winner !== me ? ` · ${t("winner", { name: ctrl.name(result.winner) })}` : "",
      deal ? ` · ${deal.chips.map((c, seat) => `${seat === me ? t("you") : ctrl.name(seat)}: ${c}`).join(" · ")}` : "");
    return { heading, line };
  },

  // Bids, the end of the bidding, doublings and settlements are not folded: they are not
  // handled below, so the view is fetched. A marriage either, and whether one counts depends
  // on the side that wins its trick: the server says.
  foldFetches: (view, event) =>
    event.type === "marriage_announced" || (event.type === "trick_taken" && pendingMarriage(view.deal)),

  foldEvent(view, event) {
    const deal = view.deal;
    switch (event.type) {
      case "passed":
        deal.bids.push({ seat: event.seat, card: null, level: null, value: 0 });
        deal.turn = (event.seat + 1) % deal.hand_sizes.length;
        return true;
      case "partner_revealed": // public from now on: the event says who it is
        deal.partner = event.seat;
        return true;
      default:
        return false;
    }
  },

  foldChecks: (a, b) => ({
    bids: [JSON.stringify(a.bids), JSON.stringify(b.bids)],
    partner: [a.partner, b.partner],
    turn: [a.turn, b.turn],
  }),
};
