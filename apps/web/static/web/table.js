// The table: everything a player sees and does in a match, drawn from the server's view and
// its legal actions (the client decides no rule). Seats are laid out from the view: every
// other seat gets a panel, placed by where it sits for the viewer (two seats: across; four:
// left, top, right), so the four-seat game adds panels and its own boxes (partnership.js),
// not a new table.

import { api } from "./api.js";
import { cardBackSvg, cardName, cardSvg, RANKS, SUITS, suitName, suitSymbol } from "./cards.js";
import { VoiceCall } from "./call.js";
import { h, replace, svg } from "./dom.js";
import { verifyDeal } from "./fairplay.js";
import { LANG, problemText, t } from "./i18n.js";
import { MatchClient } from "./match_client.js";
import * as four from "./partnership.js";

const CONFIRM = {
  surrender: "surrender_confirm",
  resign: "resign_confirm",
  leave: "leave_confirm",
  declare_enough: "declare_confirm",
};
// The four-seat game's "enough" wins or loses the hand for the caller's side.
const CONFIRM_FOUR = { ...CONFIRM, declare_enough: "declare_confirm_partnership" };
const STRENGTHS = ["beginner", "club", "strong", "expert"];
const ACTION_LABEL = {
  declare_enough: "declare_enough",
  let_count: "let_count",
  exchange_trump: "exchange_trump",
  close_talon: "close_talon",
  pause: "pause",
  resume: "resume",
  show_hand: "show_hand",
  show_cards: "show_cards",
  surrender: "surrender",
  resign: "resign",
  leave: "leave",
};

// A private type: a dragged card never drops into the chat (or another program) as its code.
const DRAG_TYPE = "application/x-snapszer-card";
const sortKey = (code) => SUITS.indexOf(code[0]) * 10 + RANKS.indexOf(code[1]);
const secondsLeft = (iso) => Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000));

export class Table {
  constructor(root, matchId, { navigate, announce }) {
    this.root = root;
    this.navigate = navigate;
    this.announce = announce;
    this.client = new MatchClient(matchId, () => this.render());
    this.call = new VoiceCall(this.client, () => this.render());
    this.selected = null;
    this.handOrder = [];
    this.showLast = false;
    this.confirming = null;
    this.replay = null;
    this.refreshed = new Set();
    this.bidLevel = null; // the bidding box's choice (four-seat game)
    this.bidCard = null;
    this.ticker = setInterval(() => this.tick(), 500);
    this.holdRendersWhilePressed();
    this.client.on("shown", (envelope) => this.announceEvent(envelope));
    this.client.on("notice", (notice) => this.announce(problemText(notice)));
    this.client.on("chat", (message) => this.announce(`${this.name(message.sender_seat)}: ${message.text}`));
    this.client.on("frame", (frame) => {
      if (frame.type === "rematch.started") this.navigate(`/m/${frame.new_match_id}/`);
    });
  }

  async start() {
    replace(this.root, h("p.loading", {}, t("loading")));
    await this.client.start();
    if (this.client.match.mode !== "computer") this.client.loadChat();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.ticker);
    for (const [type, listener] of this.pressListeners) window.removeEventListener(type, listener, true);
    this.call.end();
    this.client.stop();
    this.noticeTurn(false);
  }

  // A tap is a press and a release on the same button: a render between the two (a pushed
  // event, a chat line) would replace the button, and the tap would be lost. While a pointer is
  // down on the table, renders wait; they run in a task of their own once it is released
  // (after the click and what it does by default, such as submitting its form: a redraw before
  // that would detach the form and drop the submission), or after a second at most.
  holdRendersWhilePressed() {
    const release = () => {
      clearTimeout(this.pressTimer);
      if (!this.pressed) return;
      this.pressed = false;
      if (this.renderHeld) {
        this.renderHeld = false;
        setTimeout(() => this.render(), 0);
      }
    };
    this.root.addEventListener("pointerdown", () => {
      this.pressed = true;
      clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(release, 1000);
    }, true);
    this.root.addEventListener("click", release, true);
    const later = () => setTimeout(release, 0);
    this.pressListeners = [["pointerup", later], ["pointercancel", later], ["dragend", later]];
    for (const [type, listener] of this.pressListeners) window.addEventListener(type, listener, true);
  }

  // --- helpers ----------------------------------------------------------------------------

  name(seat) {
    const player = this.client.match.players.find((p) => p.seat === seat);
    if (!player) return t("seat", { n: seat + 1 });
    if (player.is_you) return t("you");
    // several Katis at one table: each is told apart by her seat
    const namesakes = this.client.match.players.filter((p) => p.name === player.name);
    return namesakes.length > 1 ? `${player.name} ${seat + 1}` : player.name;
  }

  legal(type) {
    return (this.client.view.legal_actions || []).filter((action) => action.type === type);
  }

  // The card plays offered: klub and sixty-six say `play_card`, the four-seat game `play`
  // (with `marriage` when leading the K or O of a pair may announce it).
  playMoves() {
    return [...this.legal("play_card"), ...this.legal("play")];
  }

  playable() {
    return new Set(this.playMoves().map((action) => action.card));
  }

  keepsSelection() {
    const deal = this.client.view.deal;
    if (!deal || !deal.hand.includes(this.selected)) return false;
    return this.client.folded || this.playable().has(this.selected);
  }

  playAction(card, marriage = false) {
    return this.playMoves().find((action) => action.card === card && Boolean(action.marriage) === marriage);
  }

  get fourSeat() {
    return four.isPartnership(this.client.view);
  }

  confirmText(type) {
    return (this.fourSeat ? CONFIRM_FOUR : CONFIRM)[type];
  }

  orderedHand(hand) {
    const kept = this.handOrder.filter((card) => hand.includes(card));
    const fresh = hand.filter((card) => !kept.includes(card)).sort((a, b) => sortKey(a) - sortKey(b));
    for (const card of fresh) {
      const at = kept.findIndex((other) => sortKey(other) > sortKey(card));
      kept.splice(at < 0 ? kept.length : at, 0, card);
    }
    this.handOrder = kept;
    return kept;
  }

  move(card, by) {
    const at = this.handOrder.indexOf(card);
    const to = at + by;
    if (at < 0 || to < 0 || to >= this.handOrder.length) return;
    this.handOrder.splice(at, 1);
    this.handOrder.splice(to, 0, card);
    this.focusKey = `card-${card}`;
    this.render();
  }

  // --- actions ----------------------------------------------------------------------------

  tapCard(card) {
    if (!this.playable().has(card) || this.client.sending) return;
    if (this.selected === card) {
      this.selected = null;
      this.client.act(this.playAction(card));
      return;
    }
    this.selected = card;
    this.focusKey = `card-${card}`;
    this.render();
  }

  // A legal action as the view offered it (the boxes of the four-seat game send these).
  send(action) {
    this.doAction(action);
  }

  doAction(action) {
    if (this.confirmText(action.type) && this.confirming !== action.type) {
      this.confirming = action.type;
      this.focusKey = `confirm-${action.type}`;
      this.render();
      return;
    }
    this.confirming = null;
    this.client.act(action);
  }

  // Fetch a finished deal's record and check it; a failed fetch is tried again later (with a
  // growing wait), a browser without Web Crypto (plain http off localhost) says it cannot.
  async verify(number) {
    const deal = this.client.deals.get(number);
    if (!deal || deal.verified !== undefined || deal.checking || Date.now() < (deal.retryAt || 0)) return;
    deal.checking = true;
    try {
      if (!deal.record) deal.record = await api.deal(this.client.id, number);
      deal.verified = deal.commitment && crypto.subtle ? await verifyDeal(deal.record, deal.commitment) : null;
      deal.wait = 0;
    } catch {
      deal.wait = Math.min((deal.wait || 1000) * 2, 30000);
      deal.retryAt = Date.now() + deal.wait;
      setTimeout(() => this.render(), deal.wait);
    } finally {
      deal.checking = false;
    }
    this.render();
  }

  // --- the clock and the announcements ------------------------------------------------------

  tick() {
    this.refreshAtDeadlines();
    this.pollRoom();
    for (const node of this.root.querySelectorAll("[data-until]")) {
      const template = node.dataset.template;
      node.textContent = t(template, { name: node.dataset.name, seconds: secondsLeft(node.dataset.until) });
    }
  }

  // A room waiting for more than one player hears of a join only by asking (the match's
  // events begin when it starts): every 2 s.
  pollRoom() {
    const match = this.client.match;
    if (!match || match.status !== "waiting" || !this.fourSeat || Date.now() - (this.polled || 0) < 2000) return;
    this.polled = Date.now();
    this.client.load().catch(() => {});
  }

  // When a clock shown at the table runs out (a pause, a shown hand, a reconnect window), ask
  // the server: loading the match applies what the deadline calls for.
  refreshAtDeadlines() {
    const view = this.client.view;
    const presence = view && view.presence;
    if (!presence) return;
    const deadlines = [
      ...presence.away_until,
      ...presence.paused.map((pause) => (pause && !pause.stand_in ? pause.until : null)),
      ...presence.shown_until,
      view.deal && view.deal.deadline, // the doubling window, a shown claim
    ].filter(Boolean);
    const now = Date.now();
    for (const deadline of deadlines) {
      if (new Date(deadline).getTime() + 300 < now && !this.refreshed.has(deadline)) {
        this.refreshed.add(deadline);
        this.client.load().catch(() => {});
      }
    }
  }

  // Every event shown at the table, in words, for the aria-live region.
  announceEvent(envelope) {
    const event = envelope.event;
    const name = event.seat !== undefined ? this.name(event.seat) : "";
    const words = this.fourSeat ? four.eventWords(this, event) : null;
    if (words) this.announce(words);
    else if (event.type === "card_played") this.announce(`${name}: ${cardName(event.card, LANG)}`);
    else if (event.type === "trick_taken") this.announce(t("trick_won", { name, points: event.points }));
    else if (event.type === "marriage_announced") this.announce(`${name}: ${event.points} (${suitName(event.suit, LANG)})`);
    else if (event.type === "talon_closed") this.announce(t("talon_closed", { name }));
    else if (event.type === "deal_ended" && event.winner !== null) {
      this.announce(t("deal_won", { name: this.name(event.winner), points: event.game_points, reason: t(`reason_${event.reason}`) }));
    } else if (event.type === "deal_ended" && this.fourSeat) {
      this.announce(t(`reason_${event.reason}`));
    } else if (event.type === "match_ended") {
      this.announce(`${t("match_result", { scores: event.scores.join(" : ") })} · ${t(`end_reason_${event.reason}`)}`);
    }
  }

  noticeTurn(myTurn) {
    document.title = myTurn ? t("your_turn_title") : t("club");
    const icon = document.querySelector("link[rel=icon]");
    if (icon) icon.href = myTurn ? icon.dataset.turn : icon.dataset.idle;
    if (myTurn && !this.wasMyTurn) {
      this.announce(t("your_turn"));
      if (localStorage.getItem("snapszer.sound") === "on") beep();
    }
    this.wasMyTurn = myTurn;
  }

  // --- rendering ----------------------------------------------------------------------------

  render() {
    const { match, view } = this.client;
    if (!match || this.stopped) return;
    if (this.pressed) {
      this.renderHeld = true;
      return;
    }
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key
      : null;
    // a tapped card stays chosen while pushed events are shown (their folded view lists no
    // legal actions yet): only the server's own view, or the card leaving the hand, drops it
    if (this.selected && !this.keepsSelection()) this.selected = null;
    const deal = view.deal;
    if (deal && deal.number !== this.dealShown) {
      this.dealShown = deal.number;
      this.bidCard = null; // a new hand: nothing chosen in the bidding box
      this.bidLevel = null;
    }
    const myTurn = Boolean(deal && !this.client.folded && (this.fourSeat
      ? view.legal_actions.some((action) => action.type === "play" || four.BOXED.has(action.type))
      : deal.turn === view.seat && view.legal_actions.length));
    this.noticeTurn(myTurn);
    const main = h(
      "div.table-screen",
      {
        "data-version": this.client.version,
        "data-my-turn": myTurn ? "yes" : "no",
        "data-settled": this.client.settled ? "yes" : "no",
      },
      this.topBar(),
      match.status === "waiting" ? this.waitingRoom() : null,
      deal ? this.tableArea(deal, myTurn) : null,
      view.result ? this.matchEnd(view.result) : null,
      this.dealResults(),
      match.mode !== "computer" && match.status !== "waiting" ? this.clubPanel() : null,
      this.replay ? this.replayDialog() : null,
    );
    // what the player was typing survives the redraw (chat, a report)
    const typed = [...this.root.querySelectorAll("input[id], textarea[id], select[id]")]
      .filter((field) => !field.readOnly)
      .map((field) => [field.id, field.value]);
    replace(this.root, main);
    for (const [id, value] of typed) {
      const field = this.root.querySelector(`#${id}`);
      if (field) field.value = value;
    }
    this.tick();
    const key = this.focusKey || focused;
    this.focusKey = null;
    if (key) {
      // a played card is gone: the keyboard stays in the hand
      const target = this.root.querySelector(`[data-key="${key}"]`)
        || (key.startsWith("card-") || key === "play" ? this.root.querySelector("[data-card-button]") : null);
      if (target) target.focus();
    }
  }

  topBar() {
    const { match, status: connection, sending, notice } = this.client;
    return h(
      "div.topbar",
      {},
      h("a.back", { href: "/", "data-link": "" }, t("back_home")),
      h("span.mode", {}, t(`mode_${match.mode}`), match.stake ? ` · ${t("stake")}: ${match.stake}` : ""),
      h(
        "span.connection",
        { class: `conn-${connection}`, role: "status", "data-connection": connection },
        t(`connection_${connection}`),
        sending ? ` · ${t("sending")}` : "",
      ),
      notice ? h("p.notice", {}, problemText(notice)) : null,
      this.info ? h("p.info", { role: "status" }, this.info) : null,
    );
  }

  waitingRoom() {
    const invite = this.client.match.invite;
    return h(
      "section.waiting",
      {},
      h("h2", {}, t(this.fourSeat ? "waiting_players" : "waiting_room")),
      this.fourSeat ? this.roomSeats(Boolean(invite)) : null,
      invite
        ? [
            h("p", {}, t("invite_code", { code: invite.code })),
            h("label", { for: "invite-link" }, t("invite_link")),
            h("input", { id: "invite-link", readonly: true, value: invite.join_url }),
            h("button", {
              onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite.join_url),
            }, t("copy")),
            h("button", {
              onclick: async () => {
                await api.cancelRoom(this.client.id);
                this.navigate("/");
              },
            }, t("cancel_room")),
          ]
        : null,
    );
  }

  // A four-seat room's seats as they fill; the host may seat Kati, at a strength, in the next
  // empty one (the server fills the seats in order, friends and Kati alike).
  roomSeats(host) {
    const players = this.client.match.players;
    const next = [0, 1, 2, 3].find((seat) => !players.some((p) => p.seat === seat));
    return h("ol.room-seats", {}, [0, 1, 2, 3].map((seat) => {
      const player = players.find((p) => p.seat === seat);
      if (player) {
        return h("li.taken", { "data-seat": seat }, player.is_you ? t("you") : player.name,
          player.is_computer ? ` (${t(`strength_${player.strength}`)})` : "");
      }
      if (!host || seat !== next) return h("li.empty", { "data-seat": seat }, t("empty_seat"));
      const select = h("select", { id: `kati-seat-${seat}` },
        STRENGTHS.map((s) => h("option", { value: s }, t(`strength_${s}`))));
      return h("li.empty", { "data-seat": seat }, t("empty_seat"), " ",
        h("label.visually-hidden", { for: `kati-seat-${seat}` }, t("strength")), select,
        h("button", {
          "data-key": "seat-kati",
          onclick: async () => {
            try {
              await api.seatKati(this.client.id, select.value);
              await this.client.load();
            } catch (error) {
              this.client.notice = error;
              this.render();
            }
          },
        }, t("seat_kati")));
    }));
  }

  tableArea(deal, myTurn) {
    const view = this.client.view;
    const seats = deal.hand_sizes.map((_, seat) => seat).filter((seat) => seat !== view.seat);
    if (this.fourSeat) return this.fourSeatArea(deal, seats, myTurn);
    return h(
      "section.table",
      { "aria-label": t("table") },
      h("div.opponents", {}, seats.map((seat) => this.seatPanel(seat, deal))),
      h(
        "div.felt",
        {},
        this.talon(deal),
        this.trick(deal),
        this.lastTrick(deal),
      ),
      this.scorePanel(deal),
      this.status(deal, myTurn),
      this.hand(deal),
      this.actions(),
    );
  }

  // Four seats: the others left, top and right of the trick (each card played lands in its
  // seat's slot), the viewer's own seat under it; the contract, the boxes of the bidding and
  // the doubling window, then the hand.
  fourSeatArea(deal, seats, myTurn) {
    const me = this.client.view.seat;
    return h(
      "section.table.four-seat",
      { "aria-label": t("table") },
      h(
        "div.ring",
        {},
        seats.map((seat) => this.seatPanel(seat, deal)),
        h("div.centre", {}, this.trick(deal)),
        h("div.my-seat", { "data-seat": me, "data-pos": "bottom", class: deal.turn === me ? "on-turn" : "" },
          h("span.seat-name", {}, t("you")), " ", four.seatFacts(this, deal, me),
          deal.trick_counts[me] ? h("span.seat-facts", {}, t("tricks", { count: deal.trick_counts[me] })) : null),
      ),
      four.contract(this, deal),
      four.claim(this, deal),
      this.status(deal, myTurn),
      four.doublingBox(this, deal),
      four.biddingBox(this),
      this.hand(deal),
      this.actions(),
      this.lastTrick(deal),
      four.callList(this, deal),
    );
  }

  seatPanel(seat, deal) {
    const presence = this.client.view.presence;
    const player = this.client.match.players.find((p) => p.seat === seat);
    const shown = (deal.shown_hands || []).find((s) => s.seat === seat);
    const paused = presence && presence.paused[seat];
    const away = presence && presence.away_until[seat];
    const name = this.name(seat);
    const seats = deal.hand_sizes.length;
    const fourSeat = this.fourSeat;
    const marriages = fourSeat
      ? deal.marriages.filter((m) => m.seat === seat).map((m) => `${suitName(m.suit, LANG)} (${m.points})`)
      : deal.marriages[seat].map((s) => suitName(s, LANG));
    return h(
      "div.seat",
      {
        "data-seat": seat,
        "data-pos": four.position(seat, this.client.view.seat, seats),
        class: deal.turn === seat ? "on-turn" : "",
      },
      h("div.seat-name", {}, name, player && player.is_computer ? ` (${t(`strength_${player.strength}`)})` : ""),
      fourSeat ? four.seatFacts(this, deal, seat) : null,
      h(
        "div.backs",
        { "aria-label": t("hand_of", { name, count: deal.hand_sizes[seat] }), role: "img" },
        Array.from({ length: deal.hand_sizes[seat] }, () => h("span.back", {}, svg(cardBackSvg()))),
      ),
      h("div.seat-facts", {}, t("tricks", { count: deal.trick_counts[seat] }),
        marriages.length ? ` · ${t("marriages", { list: marriages.join(", ") })}` : ""),
      away ? h("p.away", { "data-until": away, "data-template": "away", "data-name": name }) : null,
      paused && !paused.stand_in ? h("p.paused", { "data-until": paused.until, "data-template": "paused", "data-name": name }) : null,
      paused && paused.stand_in ? h("p.stand-in", {}, t("stand_in", { name })) : null,
      shown
        ? h(
            "div.shown",
            {},
            h("p", { "data-until": shown.until, "data-template": "shown_hand", "data-name": name }),
            h("div.cards.small", {}, shown.cards.map((card) => h("span.card-wrap", {}, svg(cardSvg(card, LANG))))),
          )
        : null,
    );
  }

  talon(deal) {
    return h(
      "div.talon",
      {},
      h("div.trump-suit", {}, svg(suitSymbol(deal.trump_suit, "1.2em")), " ", t("trump", { suit: suitName(deal.trump_suit, LANG) })),
      deal.trump_card ? h("div.trump-card", { title: t("trump_card") }, svg(cardSvg(deal.trump_card, LANG))) : null,
      deal.talon_size > 0 && deal.phase === "open"
        ? h("div.talon-pile", {}, svg(cardBackSvg()), h("span.count", {}, t("talon", { count: deal.talon_size })))
        : null,
      deal.phase === "closed" ? h("p.talon-state", {}, t("talon_closed", { name: this.name(deal.closed_by) })) : null,
      deal.phase === "exhausted" ? h("p.talon-state", {}, t("talon_exhausted")) : null,
    );
  }

  trick(deal) {
    const seats = deal.hand_sizes.length;
    const me = this.client.view.seat;
    // four seats: every seat has its slot, so a card lands where its player sits
    const slots = seats === 4
      ? ["top", "left", "right", "bottom"].map((pos) => {
          const entry = deal.table.find((e) => four.position(e.seat, me, seats) === pos);
          return entry ? this.playedCard(entry, pos) : h("div.slot", { "data-pos": pos });
        })
      : null;
    return h(
      "div.trick",
      { role: "group", "aria-label": t("table"), class: slots ? "slots" : "" },
      slots || deal.table.map((entry) => this.playedCard(entry, null)),
    );
  }

  playedCard(entry, pos) {
    return h(
      "figure.played",
      { "data-seat": entry.seat, "data-pos": pos },
      svg(cardSvg(entry.card, LANG)),
      h("figcaption", {}, this.name(entry.seat),
        this.client.standIn.has(entry.card) ? ` · ${t("stand_in_card")}` : ""),
    );
  }

  lastTrick(deal) {
    return h(
      "div.last-trick",
      {},
      h("button.link", {
        "data-key": "last-trick",
        "aria-expanded": this.showLast ? "true" : "false",
        onclick: () => {
          this.showLast = !this.showLast;
          this.focusKey = "last-trick";
          this.render();
        },
      }, this.showLast ? t("hide_last_trick") : t("last_trick")),
      this.showLast
        ? deal.last_trick
          ? h("div.cards.small", {}, deal.last_trick.cards.map((entry) =>
              h("figure.played", {}, svg(cardSvg(entry.card, LANG)), h("figcaption", {}, this.name(entry.seat)))))
          : h("p", {}, t("no_last_trick"))
        : null,
    );
  }

  scorePanel(deal) {
    const view = this.client.view;
    const seats = view.scores.map((_, seat) => seat);
    return h(
      "div.scores",
      {},
      h("p.match-score", {}, t("match_score", { scores: view.scores.join(" : "), target: view.target })),
      h("p.radli-count", {}, seats.map((seat) => t("to_go", { name: this.name(seat), points: Math.max(0, view.target - view.scores[seat]) })).join(" · ")),
      h("p.deal-no", {}, t("deal_no", { number: deal.number })),
      deal.bonus ? h("p.bonus", { "data-bonus": deal.bonus }, t("bonus_pending", { points: deal.bonus })) : null,
      h("p.my-points", {}, t("your_points", { points: deal.points }),
        deal.pending_marriage_points ? ` ${t("pending_points", { points: deal.pending_marriage_points })}` : ""),
      deal.marriages[view.seat].length
        ? h("p", {}, t("marriages", { list: deal.marriages[view.seat].map((s) => suitName(s, LANG)).join(", ") }))
        : null,
    );
  }

  status(deal, myTurn) {
    const view = this.client.view;
    const presence = view.presence;
    const mine = presence && presence.paused[view.seat];
    return h(
      "div.turn",
      { "aria-live": "off" },
      myTurn ? h("strong.your-turn", {}, t("your_turn")) : deal.turn !== null ? t("their_turn", { name: this.name(deal.turn) }) : "",
      mine && !mine.stand_in ? h("p.paused", { "data-until": mine.until, "data-template": "paused_you" }) : null,
      mine && mine.stand_in ? h("p.stand-in", {}, t("stand_in_you")) : null,
    );
  }

  hand(deal) {
    const playable = this.playable();
    const cards = this.orderedHand(deal.hand);
    const trump = deal.trump_suit;
    return h(
      "div.hand-area",
      {},
      h("h2.visually-hidden", {}, t("your_hand")),
      h(
        "div.hand",
        { role: "group", "aria-label": t("your_hand") },
        cards.map((card) => {
          const legal = playable.has(card);
          const selected = this.selected === card;
          const partner = card[1] === "K" ? `${card[0]}O` : card[1] === "O" ? `${card[0]}K` : null;
          // the four-seat game marks a marriage only when announcing it is offered
          const pair = partner && cards.includes(partner) && (!this.fourSeat || this.playAction(card, true));
          const marriage = pair ? (card[0] === trump ? 40 : 20) : null;
          return h(
            "button.card-button",
            {
              "data-key": `card-${card}`,
              "data-card-button": card,
              class: [legal ? "legal" : "not-legal", selected ? "selected" : ""].join(" "),
              "aria-disabled": legal ? "false" : "true",
              "aria-pressed": selected ? "true" : "false",
              "aria-label": `${cardName(card, LANG)}${marriage ? ` (${marriage})` : ""}${selected ? ` – ${t("tap_again")}` : ""}`,
              draggable: "true",
              onclick: () => this.tapCard(card),
              onkeydown: (event) => {
                if (event.altKey && event.key === "ArrowLeft") this.move(card, -1);
                else if (event.altKey && event.key === "ArrowRight") this.move(card, 1);
                else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
                  const buttons = [...this.root.querySelectorAll("[data-card-button]")];
                  const at = buttons.indexOf(event.currentTarget);
                  const next = buttons[at + (event.key === "ArrowLeft" ? -1 : 1)];
                  if (next) next.focus();
                } else return;
                event.preventDefault();
              },
              ondragstart: (event) => event.dataTransfer.setData(DRAG_TYPE, card),
              ondragover: (event) => event.preventDefault(),
              ondrop: (event) => {
                event.preventDefault();
                const from = event.dataTransfer.getData(DRAG_TYPE);
                const by = this.handOrder.indexOf(card) - this.handOrder.indexOf(from);
                if (from && from !== card) this.move(from, by);
              },
            },
            svg(cardSvg(card, LANG)),
            marriage ? h("span.marriage-badge", { "aria-hidden": "true" }, String(marriage)) : null,
          );
        }),
      ),
      this.selected
        ? h("button.primary.play", {
            "data-key": "play",
            onclick: () => this.tapCard(this.selected),
          }, t("play", { card: cardName(this.selected, LANG) }))
        : null,
      this.selected && this.fourSeat && this.playAction(this.selected, true)
        ? h("button.primary.play-marriage", {
            "data-key": "play-marriage",
            onclick: () => {
              const action = this.playAction(this.selected, true);
              this.selected = null;
              this.client.act(action);
            },
          }, t("play_marriage", { card: cardName(this.selected, LANG), points: this.selected[0] === trump ? 40 : 20 }))
        : null,
    );
  }

  actions() {
    const actions = (this.client.view.legal_actions || [])
      .filter((action) => action.type !== "play_card" && action.type !== "play" && !four.BOXED.has(action.type));
    if (!actions.length && !this.confirming) return null;
    return h(
      "div.actions",
      {},
      actions.map((action) =>
        this.confirming === action.type
          ? h("span.confirm", { role: "alertdialog", "aria-label": t(this.confirmText(action.type)) },
              t(this.confirmText(action.type)), " ",
              h("button.danger", { "data-key": `confirm-${action.type}`, onclick: () => this.doAction(action) }, t("confirm")),
              h("button", { onclick: () => { this.confirming = null; this.render(); } }, t("cancel")))
          : h(`button.action-${action.type}`, {
              "data-key": `action-${action.type}`,
              class: this.confirmText(action.type) ? "danger-outline" : "",
              onclick: () => this.doAction(action),
            }, t(ACTION_LABEL[action.type] || action.type)),
      ),
    );
  }

  dealResults() {
    const deals = [...this.client.deals.values()].filter((deal) => deal.result).sort((a, b) => b.number - a.number);
    if (!deals.length) return null;
    const [latest, ...older] = deals.map((deal) => this.dealResult(deal));
    return h(
      "section.deal-results",
      { "aria-label": t("fair_play") },
      latest,
      older.length
        ? h("details", { open: this.showOlder, ontoggle: (event) => { this.showOlder = event.target.open; } },
            h("summary", {}, t("older_deals", { count: older.length })), older)
        : null,
    );
  }

  dealResult(deal) {
    this.verify(deal.number);
    const result = deal.result;
    const fair = { true: "verified", false: "failed", null: "unavailable" }[deal.verified] || "checking";
    const mine = result.winner === this.client.view.seat;
    const words = { points: result.game_points, reason: t(`reason_${result.reason}`) };
    const declared = deal.record && deal.record.declared;
    return h(
      "div.deal-result",
      { "data-deal": deal.number },
      h("p", {}, h("strong", {}, t("deal_no", { number: deal.number })), ": ",
        this.fourSeat
          ? four.settlementText(this, deal)
          : result.winner === null
          ? t(result.reason === "draw" ? "reason_draw" : "reason_match_ended")
          : mine ? t("deal_won_you", words) : t("deal_won", { name: this.name(result.winner), ...words })),
      declared ? h("p.declaration", { "data-right": declared.right }, this.declarationText(declared, result)) : null,
      h("p.fair", { class: `fair-${fair}`, "data-fair": fair }, `${t("fair_play")}: `, t(`fair_${fair}`)),
      deal.record ? h("button.link", { onclick: () => { this.replay = deal; this.render(); } }, t("replay")) : null,
    );
  }

  // "61 — not enough: the opponent scores 2" (a sixty-six declaration, from the deal record)
  declarationText(declared, result) {
    const who = declared.seat === this.client.view.seat ? t("you") : this.name(declared.seat);
    if (declared.right) return t("declared_right", { name: who, points: declared.points });
    return t("declared_wrong", { name: who, points: declared.points, game: result.game_points });
  }

  replayDialog() {
    const record = this.replay.record;
    return h(
      "div.replay",
      { role: "dialog", "aria-label": t("replay_title", { number: record.number }), "data-revealed": "" },
      h("h2", {}, t("replay_title", { number: record.number })),
      h("h3", {}, t("dealt_hands")),
      record.dealt_hands.map((hand, seat) =>
        h("div", {}, h("p", {}, this.name(seat)), h("div.cards.small", {}, hand.map((card) => h("span.card-wrap", {}, svg(cardSvg(card, LANG))))))),
      h("h3", {}, t("tricks_list")),
      h("ol.tricks", {}, record.tricks.map((trick) =>
        h("li", {}, h("div.cards.small", {}, trick.cards.map((entry) => h("figure.played", {}, svg(cardSvg(entry.card, LANG)), h("figcaption", {}, this.name(entry.seat))))),
          ` → ${this.name(trick.winner)}`))),
      h("button", { "data-key": "replay-close", onclick: () => { this.replay = null; this.render(); } }, t("close")),
    );
  }

  matchEnd(result) {
    const match = this.client.match;
    const view = this.client.view;
    const me = view.seat;
    const rematch = match.rematch;
    const winnerName = result.winner === null ? "—" : this.name(result.winner);
    return h(
      "section.match-end",
      { role: "status" },
      h("h2", {}, result.winner === me ? t("you_won") : this.fourSeat ? t("game_over")
        : result.winner === null ? t(`end_reason_${result.reason}`) : t("you_lost")),
      this.fourSeat
        ? this.finalChips(result, winnerName)
        : h("p", {}, t("match_result", { scores: result.scores.join(" : ") }), " · ", t(`end_reason_${result.reason}`),
            result.winner !== null && result.winner !== me ? ` · ${t("winner", { name: winnerName })}` : ""),
      result.schneider ? h("p.schneider", {}, t("schneider")) : null,
      result.ruckschneider ? h("p.schneider", {}, t("ruckschneider")) : null,
      result.radli !== null && result.radli !== undefined ? h("p", {}, t("radli", { list: this.name(result.radli) })) : null,
      rematch && rematch.status === "offered" && rematch.offered_by_seat === me ? h("p", {}, t("rematch_offered_by_you")) : null,
      rematch && rematch.status === "offered" && rematch.offered_by_seat !== me
        ? h("p", {}, t("rematch_offered", { name: this.name(rematch.offered_by_seat) }),
            " ", h("button.primary", { "data-key": "rematch-accept", onclick: () => this.rematch(true) }, t("rematch_accept")))
        : null,
      rematch && rematch.status === "started"
        ? h("a.button", { href: `/m/${rematch.new_match_id}/`, "data-link": "" }, t("rematch"))
        : null,
      !rematch ? h("button.primary", { "data-key": "rematch", onclick: () => this.rematch(false) }, t("rematch")) : null,
    );
  }

  // The four-seat game's end: every seat's chips as the last hand left them.
  finalChips(result, winnerName) {
    const deal = this.client.view.deal;
    const me = this.client.view.seat;
    return h("p.final-chips", {},
      t(result.reason === "points" ? "end_reason_chips" : `end_reason_${result.reason}`),
      result.winner !== null && result.winner !== me ? ` · ${t("winner", { name: winnerName })}` : "",
      deal ? ` · ${deal.chips.map((c, seat) => `${seat === me ? t("you") : this.name(seat)}: ${c}`).join(" · ")}` : "");
  }

  async rematch(accept) {
    try {
      const answer = accept ? await api.rematchAccept(this.client.id) : await api.rematch(this.client.id);
      if (answer.new_match_id) this.navigate(`/m/${answer.new_match_id}/`);
      else await this.client.load();
    } catch (error) {
      this.client.notice = error;
      this.render();
    }
  }

  clubPanel() {
    const match = this.client.match;
    const others = match.players.filter((p) => !p.is_you && !p.is_computer);
    return h(
      "section.club",
      {},
      this.chatPanel(others),
      match.status === "active" && match.players.length === 2 ? this.callPanel(others[0]) : null,
    );
  }

  chatPanel(others) {
    const me = this.client.match.your_seat;
    const form = h(
      "form.chat-form",
      {
        onsubmit: async (event) => {
          event.preventDefault();
          const input = form.querySelector("input");
          const text = input.value.trim();
          if (!text) return;
          try {
            await api.say(this.client.id, text);
            input.value = "";
          } catch (error) {
            this.client.notice = error;
            this.render();
          }
        },
      },
      h("label.visually-hidden", { for: "chat-input" }, t("chat_placeholder")),
      h("input", { id: "chat-input", maxlength: 500, placeholder: t("chat_placeholder"), autocomplete: "off", "data-key": "chat-input" }),
      h("button", { type: "submit" }, t("send")),
    );
    return h(
      "div.chat",
      {},
      h("h2", {}, t("chat")),
      h("ol.messages", {}, this.client.chat.map((message) =>
        h("li", { class: message.sender_seat === me ? "mine" : "theirs" }, h("strong", {}, this.name(message.sender_seat), ": "), message.text))),
      form,
      others.length ? this.moderation(others) : null,
    );
  }

  // Blocking or reporting any other person at the table (each by name: at four seats, three).
  moderation(others) {
    const other = others.find((player) => player.user_id === this.reporting);
    if (other) {
      const form = h(
        "form.report",
        {
          onsubmit: async (event) => {
            event.preventDefault();
            try {
              await api.report({
                reported_user_id: other.user_id,
                category: form.querySelector("select").value,
                reason: form.querySelector("textarea").value || "-",
                match_id: this.client.id,
              });
              this.reporting = null;
              this.info = t("report_sent");
            } catch (error) {
              this.client.notice = error;
            }
            this.render();
          },
        },
        h("p", {}, h("strong", {}, `${t("report")}: ${other.name}`)),
        h("label", { for: "report-category" }, t("report_category")),
        h("select", { id: "report-category" }, ["abuse", "threat", "harassment", "cheating", "other"].map((c) => h("option", { value: c }, t(`category_${c}`)))),
        h("label", { for: "report-reason" }, t("report_reason")),
        h("textarea", { id: "report-reason", maxlength: 2000 }),
        h("button", { type: "submit" }, t("report")),
        h("button", { type: "button", onclick: () => { this.reporting = null; this.render(); } }, t("cancel")),
      );
      return form;
    }
    return h(
      "div.moderation",
      {},
      others.flatMap((player) => [
        h("button", {
          onclick: async () => {
            try {
              await api.block(player.user_id);
              this.info = t("blocked");
            } catch (error) {
              this.client.notice = error;
            }
            this.render();
          },
        }, `${t("block")}: ${player.name}`),
        h("button", { onclick: () => { this.reporting = player.user_id; this.render(); } }, `${t("report")}: ${player.name}`),
      ]),
    );
  }

  callPanel(other) {
    const call = this.call;
    const name = other ? other.name : "";
    const buttons = [];
    const online = this.client.connection === "open"; // the call's signalling needs the socket
    if (online && (call.state === "idle" || call.state === "ended")) buttons.push(h("button", { "data-key": "call-propose", onclick: () => call.propose() }, t("call_propose")));
    if (online && call.state === "incoming") {
      buttons.push(h("button.primary", { "data-key": "call-accept", onclick: () => call.accept() }, t("call_accept")));
      buttons.push(h("button", { onclick: () => call.decline() }, t("call_decline")));
    }
    if (online && ["proposed", "connecting", "connected"].includes(call.state)) {
      if (call.state !== "proposed") buttons.push(h("button", { "data-key": "call-mute", "aria-pressed": call.muted ? "true" : "false", onclick: () => call.toggleMute() }, call.muted ? t("call_unmute") : t("call_mute")));
      buttons.push(h("button.danger", { "data-key": "call-hangup", onclick: () => call.hangup() }, t("call_hangup")));
    }
    const status = {
      idle: "",
      proposed: t("call_ringing"),
      incoming: t("call_incoming", { name }),
      connecting: t("call_connecting"),
      connected: t("call_connected"),
      ended: t("call_ended"),
    }[call.state];
    return h(
      "div.call",
      { "data-call": call.state },
      h("h2", {}, t("call")),
      h("p.call-status", { role: "status" }, status, call.muted ? ` · ${t("call_muted")}` : "", call.peerMuted ? ` · ${name}: ${t("call_muted")}` : ""),
      call.error ? h("p.notice", {}, call.error) : null,
      buttons,
    );
  }
}

let audio = null; // one context for every beep

function beep() {
  try {
    audio = audio || new AudioContext();
    const context = audio;
    const tone = context.createOscillator();
    tone.frequency.value = 660;
    tone.connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.15);
  } catch {
    // no audio: the title and the icon still say it
  }
}
