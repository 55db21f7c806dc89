// The four-seat game's parts of the table (partnership, rules §4): the contract and the pot,
// the bids made, the bidding box, the doubling window, each seat's chips and a hand's
// settlement. Drawn from the view and its legal actions like the rest of the table: the bids
// offered are exactly the `bid` actions, the doublings exactly the ones offered. The partner
// is named only when the view says it (`deal.partner`): to everyone once it is public, to its
// holder from the start; nothing else here depends on who holds the called card.

import { cardName, cardSvg, rankLabel, SUITS, RANKS, suitName, suitSymbol } from "./cards.js";
import { h, svg } from "./dom.js";
import { LANG, t } from "./i18n.js";

// The legal actions the boxes below offer (the rest go to the table's action bar).
export const BOXED = new Set(["bid", "pass", "kontra", "rekontra", "subkontra", "no_double"]);
const DOUBLINGS = ["kontra", "rekontra", "subkontra", "no_double"];
const LEVELS = ["snapszer", "durchmarsch"];

export const isPartnership = (view) => Boolean(view && view.variant === "partnership");

// Where a seat sits for the viewer: the viewer at the bottom, then clockwise (the turn order,
// seat s + 1 after s) left, top, right. A spectator sees seat 0 at the bottom.
export function position(seat, me, seats) {
  const places = seats === 4 ? ["bottom", "left", "top", "right"] : ["bottom", "top"];
  return places[(seat - (me ?? 0) + seats) % seats];
}

const callText = (call) =>
  call.card === null ? t("pass_word") : `${cardName(call.card, LANG)} · ${t(`level_${call.level}`)} (${call.value})`;

// The standing bid: the last call that named a card.
const standing = (deal) => [...deal.bids].reverse().find((call) => call.card !== null) || null;

// What a seat panel adds in the four-seat game: chips, dealer, caller and partner, its last call.
export function seatFacts(table, deal, seat) {
  const lastCall = [...deal.bids].reverse().find((call) => call.seat === seat);
  const badges = [];
  if (deal.dealer === seat) badges.push(h("span.badge.dealer", { title: t("dealer") }, t("dealer_short")));
  if (deal.caller === seat) badges.push(h("span.badge.caller", {}, t("caller")));
  if (deal.partner === seat && deal.caller !== null && deal.partner !== deal.caller) {
    badges.push(h("span.badge.partner", { "data-partner": seat }, t("partner")));
  }
  if (deal.partner === seat && deal.partner === deal.caller) badges.push(h("span.badge.partner", { "data-partner": seat }, t("solo")));
  return [
    h("div.chips", { "data-chips": deal.chips[seat] }, t("chips", { count: deal.chips[seat] })),
    badges.length ? h("div.badges", {}, badges) : null,
    deal.phase === "bidding" && lastCall ? h("div.last-call", {}, callText(lastCall)) : null,
  ];
}

// The contract: the called card and trump, the level and value with its doublings, the caller
// and (when the view names it) the partner; the pot. During the bidding: the standing bid.
export function contract(table, deal) {
  const me = table.client.view.seat;
  const lines = [];
  if (deal.caller === null) {
    const best = standing(deal);
    lines.push(h("p.bidding-state", {}, best ? t("standing_bid", { name: table.name(best.seat), call: callText(best) }) : t("no_bid_yet")));
  } else {
    const doubled = deal.doublings.map((d) => t(`doubling_${d.word}`)).join(", ");
    lines.push(
      h("div.called", {},
        h("div.called-card", { title: t("called_card") }, svg(cardSvg(deal.called_card, LANG))),
        h("div", {},
          h("p", {}, t("called_by", { name: table.name(deal.caller), card: cardName(deal.called_card, LANG) })),
          h("p.trump-suit", {}, svg(suitSymbol(deal.trump_suit, "1.1em")), " ", t("trump", { suit: suitName(deal.trump_suit, LANG) })),
          h("p", {}, t(`level_${deal.level}`), ` · ${t("value", { value: deal.value })}`, doubled ? ` · ${doubled}` : ""),
          h("p.partner-line", {}, partnerText(table, deal, me)))),
    );
  }
  lines.push(h("p.pot", { "data-pot": deal.pot }, t("pot", { count: deal.pot })));
  return h("div.contract", {}, lines);
}

function partnerText(table, deal, me) {
  if (deal.partner === null) return t("partner_secret");
  if (deal.partner === deal.caller) return deal.caller === me ? t("solo_you") : t("solo_of", { name: table.name(deal.caller) });
  if (deal.partner === me) return t("partner_you");
  return t("partner_is", { name: table.name(deal.partner) });
}

// Every call of the hand, in order.
export function callList(table, deal) {
  if (!deal.bids.length) return null;
  return h(
    "details.calls",
    { open: deal.phase === "bidding" || table.showCalls, ontoggle: (event) => { table.showCalls = event.target.open; } },
    h("summary", {}, t("calls", { count: deal.bids.length })),
    h("ol", {}, deal.bids.map((call) => h("li", {}, `${table.name(call.seat)}: ${callText(call)}`))),
  );
}

// The bidding box: a level, then a card among the offered bids; or pass.
export function biddingBox(table) {
  const bids = table.legal("bid");
  const pass = table.legal("pass")[0];
  if (!bids.length && !pass) return null;
  const levels = LEVELS.filter((level) => bids.some((bid) => bid.durchmarsch === (level === "durchmarsch")));
  if (!levels.includes(table.bidLevel)) table.bidLevel = levels[0] || "snapszer";
  const offered = (card) => bids.find((bid) => bid.card === card && bid.durchmarsch === (table.bidLevel === "durchmarsch"));
  if (table.bidCard && !offered(table.bidCard)) table.bidCard = null;
  const chosen = table.bidCard ? offered(table.bidCard) : null;
  return h(
    "section.bidding-box",
    { "aria-label": t("bidding") },
    h("h2", {}, t("bidding")),
    levels.length
      ? h("div.levels", { role: "group", "aria-label": t("level") },
          levels.map((level) => h("button.level", {
            "aria-pressed": table.bidLevel === level ? "true" : "false",
            "data-key": `level-${level}`,
            onclick: () => { table.bidLevel = level; table.focusKey = `level-${level}`; table.render(); },
          }, t(`level_${level}`))))
      : null,
    bids.length
      ? h("div.bid-cards", { role: "group", "aria-label": t("called_card") },
          SUITS.map((suit) => h("div.bid-suit", {}, RANKS.map((rank) => {
            const card = `${suit}${rank}`;
            const may = Boolean(offered(card));
            return h(`button.bid-card.suit-${suit}`, {
              "data-key": `bid-${card}`,
              "data-bid-card": card,
              "aria-label": cardName(card, LANG),
              "aria-pressed": table.bidCard === card ? "true" : "false",
              disabled: !may,
              onclick: () => { table.bidCard = card; table.focusKey = "bid-make"; table.render(); },
            }, svg(suitSymbol(suit, "1em")), rankLabel(card, LANG));
          }))))
      : null,
    h("div.bid-buttons", {},
      bids.length
        ? h("button.primary.bid-make", {
            "data-key": "bid-make",
            disabled: !chosen,
            onclick: () => {
              if (!chosen) return;
              table.bidCard = null; // a choice is made once: the next bid starts afresh
              table.send(chosen);
            },
          }, chosen ? t("bid_make", { card: cardName(chosen.card, LANG), level: t(`level_${table.bidLevel}`) }) : t("bid_choose"))
        : null,
      pass ? h("button.pass", { "data-key": "action-pass", onclick: () => table.send(pass) }, t("pass_word")) : null),
  );
}

// The doubling window: its countdown for every seat, the doubling offered to this one.
export function doublingBox(table, deal) {
  if (deal.phase !== "doubling") return null;
  const offered = DOUBLINGS.flatMap((type) => table.legal(type));
  return h(
    "section.doubling-box",
    { "aria-label": t("doubling") },
    deal.deadline ? h("p.countdown", { "data-until": deal.deadline, "data-template": "doubling_countdown" }) : null,
    offered.map((action) => h(`button.doubling-${action.type}`, {
      "data-key": `action-${action.type}`,
      class: action.type === "no_double" ? "" : "primary",
      onclick: () => table.send(action),
    }, t(`doubling_${action.type}`))),
  );
}

// A shown hand (the claim): its cards and the seconds left before the hand ends.
export function claim(table, deal) {
  if (!deal.shown) return null;
  return h(
    "div.claim",
    { role: "status" },
    deal.deadline && deal.phase === "claim"
      ? h("p", {
          "data-until": deal.deadline,
          "data-template": deal.shown.seat === table.client.view.seat ? "claim_countdown_you" : "claim_countdown",
          "data-name": table.name(deal.shown.seat),
        })
      : h("p", {}, t("claim_shown", { name: table.name(deal.shown.seat) })),
    h("div.cards.small", {}, deal.shown.cards.map((card) => h("span.card-wrap", {}, svg(cardSvg(card, LANG))))),
  );
}

// A finished hand: why it ended and each seat's chips won or lost.
export function settlementText(table, deal) {
  const settlement = deal.settlement;
  const reason = t(`reason_${deal.result.reason}`);
  if (!settlement) return [reason];
  const me = table.client.view.seat;
  const changes = settlement.changes.map((change, seat) =>
    h("span.change", { "data-seat": seat, "data-change": change, class: change > 0 ? "won" : change < 0 ? "lost" : "" },
      `${seat === me ? t("you") : table.name(seat)} ${change > 0 ? "+" : ""}${change}`));
  return [
    reason,
    settlement.winners.length ? ` · ${t("hand_winners", { list: settlement.winners.map((s) => (s === me ? t("you") : table.name(s))).join(", ") })}` : "",
    " · ",
    h("span.changes", {}, changes.flatMap((node, i) => (i ? [" · ", node] : [node]))),
    ` · ${t("pot", { count: settlement.pot })}`,
  ];
}

// The aria-live words for the four-seat game's own events.
export function eventWords(table, event) {
  const name = event.seat !== undefined ? table.name(event.seat) : "";
  switch (event.type) {
    case "bid_made":
      return `${name}: ${cardName(event.card, LANG)} · ${t(event.durchmarsch ? "level_durchmarsch" : "level_snapszer")}`;
    case "passed":
      return `${name}: ${t("pass_word")}`;
    case "bidding_ended":
      return t("called_by", { name: table.name(event.caller), card: cardName(event.card, LANG) });
    case "all_passed":
      return t("reason_all_passed");
    case "doubled":
      return `${name}: ${t(`doubling_${event.word}`)}`;
    case "partner_revealed":
      return t("partner_is", { name });
    case "cards_shown":
      return t("claim_shown", { name });
    default:
      return null;
  }
}
