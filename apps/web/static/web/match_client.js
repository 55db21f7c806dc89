// One match as this browser follows it: the server's view, the queue of pushed events still to
// show, the socket, and the moves sent. No DOM here: the table renders what this holds.
//
// Folding: envelopes arrive on the socket (and with our own action's answer); each one is
// queued once (by seq), and shown in turn, paced so a person can follow Kati's moves. A gap in
// seq is filled from the event feed. When the queue is empty the view is fetched from the
// server, and the folded view is compared with it (window.snapszer.foldMismatches).

import { api, moveId } from "./api.js";
import { firstCommitment, freshSeed } from "./fairplay.js";
import { fold, foldDifferences } from "./fold.js";
import { LiveSocket } from "./socket.js";

// The table's pace, kept in the browser: how long another seat's card and a full trick stay
// before the next event is shown, and, after the last event of a burst, how long to wait for
// the next one before asking the server for its view (a move and Kati's reply arrive as
// separate frames; a shorter wait only costs more fetches).
const settings = () => ({
  cardMs: Number(localStorage.getItem("snapszer.cardMs") ?? 600),
  trickMs: Number(localStorage.getItem("snapszer.trickMs") ?? 1200),
  settleMs: Number(localStorage.getItem("snapszer.settleMs") ?? 250),
  // a finished deal's result stays on the table this long (or until "next deal" is tapped)
  nextDealMs: Number(localStorage.getItem("snapszer.nextDealMs") ?? 8000),
});

// Table actions that say what the player wants whatever was played meanwhile (I am back, a
// pause, my hand shown): refused for a version conflict, they are sent once more at the new
// version if the server still offers them, so a stand-in's card that lands just before the
// tap does not swallow "OK, I'm here". A card or a bid is never sent again this way.
const STANDING = new Set(["resume", "pause", "show_hand"]);

export const paceSettings = settings;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

window.snapszer = window.snapszer || { foldMismatches: [], folds: 0 };

export class MatchClient {
  constructor(matchId, onChange) {
    this.id = matchId;
    this.onChange = onChange;
    this.match = null;
    this.view = null;
    this.version = 0; // the seq the shown view stands at
    this.lastSeq = 0; // the highest seq queued or shown
    this.queue = [];
    this.busy = false;
    this.folded = false; // the shown view is a fold, not yet the server's
    this.connection = "connecting";
    this.sending = false;
    this.notice = null;
    this.chat = [];
    this.deals = new Map(); // number -> {commitment, result, verified}
    this.recordedSeq = 0;
    this.currentDeal = 0;
    this.stopped = false;
    this.standIn = new Set(); // cards the computer played for a paused player
    this.listeners = { frame: [], chat: [], notice: [], shown: [], taking: [] };
    this.taking = null; // the seat a full trick is being gathered to (before it is taken)
    this.ended = null; // a deal's end being shown: {number, until} (before the next deal)
    this.socket = null;
    this.watchdog = null;
    window.snapszer.client = this;
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  changed() {
    this.onChange(this);
  }

  async start() {
    // deal 1's commitment as seen before this browser made the match with its seed
    const promised = firstCommitment(this.id);
    if (promised) this.commit(1, promised);
    await this.load();
    await this.readHistory();
    if (this.stopped) return; // left before it had loaded
    this.socket = new LiveSocket(`/ws/matches/${this.id}/`, {
      onMessage: (frame) => this.frame(frame),
      onStatus: (status) => {
        this.connection = status;
        this.changed();
      },
      onReady: (ready) => this.ready(ready),
    });
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
    clearTimeout(this.watchdog);
    clearTimeout(this.pumpRetry);
  }

  // --- the server's view ----------------------------------------------------------------

  async load() {
    this.adopt(await api.match(this.id));
  }

  // The server's view at some version: shown at once when it is where the table stands (or
  // nothing is shown yet); a newer one waits until the events up to it have been shown.
  adopt(payload) {
    if (payload.version < this.version) return; // an older answer that arrived late
    if (!this.view || payload.version === this.version) {
      this.apply(payload);
      return;
    }
    this.target = payload;
    if (this.lastSeq < payload.version) this.resync();
    else this.pump();
  }

  apply(payload) {
    if (this.folded && payload.version === this.version && this.view) {
      const differences = foldDifferences(this.view, payload.view);
      window.snapszer.folds += 1;
      if (differences.length) window.snapszer.foldMismatches.push(...differences);
    }
    this.match = payload;
    this.view = payload.view;
    this.sendSeedAlone();
    this.version = payload.version;
    this.folded = false;
    if (this.target && this.target.version <= payload.version) this.target = null;
    this.lastSeq = Math.max(this.lastSeq, payload.version);
    this.queue = this.queue.filter((envelope) => envelope.seq > payload.version);
    this.rememberDeal(payload.view);
    this.changed();
  }

  // The commitment of a deal as first seen, before its cards were played: the fair-play check
  // compares the revealed deck with this, never with a later copy.
  rememberDeal(view) {
    const deal = view && view.deal;
    if (deal) this.commit(deal.number, deal.commitment);
    // the next deal's commitment, published while this one is played (seeded deals)
    const next = view && view.next_deal;
    if (next) this.commit(next.number, next.commitment);
  }

  commit(number, commitment) {
    const known = this.deals.get(number) || { number };
    if (!known.commitment) this.deals.set(number, { ...known, commitment });
  }

  // The match's whole feed once: every deal's published commitment and result (after a
  // reload too), so any finished deal can be checked and replayed.
  async readHistory() {
    let after = 0;
    for (;;) {
      const feed = await api.events(this.id, after);
      for (const envelope of feed.events) this.record(envelope);
      if (!feed.has_more || !feed.events.length) break;
      after = feed.events[feed.events.length - 1].seq;
    }
    this.changed();
  }

  // Each event once, in seq order: deals' commitments and results, stand-in cards.
  record(envelope) {
    if (envelope.seq <= this.recordedSeq) return;
    this.recordedSeq = envelope.seq;
    const event = envelope.event;
    if (event.type === "deal_started") {
      this.currentDeal = event.number;
      this.commit(event.number, event.commitment);
      if (event.next_commitment) this.commit(event.number + 1, event.next_commitment);
    }
    if (event.type === "deal_ended" && this.currentDeal) {
      const known = this.deals.get(this.currentDeal) || { number: this.currentDeal };
      this.deals.set(this.currentDeal, {
        ...known,
        result: { winner: event.winner, game_points: event.game_points, reason: event.reason },
        resultSeq: envelope.seq, // shown once the table has come this far
      });
    }
    if (event.type === "hand_settled" && this.currentDeal) {
      // a game played for chips: what each seat paid or received in this hand
      const known = this.deals.get(this.currentDeal) || { number: this.currentDeal };
      const { winners, value, changes, chips, pot } = event;
      this.deals.set(this.currentDeal, { ...known, settlement: { winners, value, changes, chips, pot } });
    }
    if (event.type === "card_played" && event.stand_in) this.standIn.add(event.card);
  }

  // --- the push ---------------------------------------------------------------------------

  frame(frame) {
    if (frame.type === "event") this.envelope(frame);
    else if (frame.type === "chat") {
      if (!this.chat.some((message) => message.id === frame.message.id)) {
        this.chat.push(frame.message);
        this.listeners.chat.forEach((listener) => listener(frame.message));
      }
      this.changed();
    } else if (frame.type === "rematch.offered" || frame.type === "rematch.started") {
      this.load().catch(() => {});
    }
    for (const listener of this.listeners.frame) listener(frame);
  }

  ready(frame) {
    // A (re)opened socket, or the page back from the background: catch up from the feed, and
    // make sure the view shown is the server's.
    if (!frame || frame.version > this.lastSeq) this.resync();
    else if (!this.busy && (this.folded || this.version < this.lastSeq)) this.pump();
    if (frame && this.match && this.match.mode !== "computer") this.loadChat();
    // a call proposed before this socket opened is only known by asking
    if (frame && this.match && this.match.mode !== "computer") this.send({ type: "call.status" });
  }

  envelope(envelope) {
    if (envelope.seq <= this.lastSeq) return;
    if (envelope.seq > this.lastSeq + 1) {
      this.resync();
      return;
    }
    this.enqueue([envelope]);
  }

  enqueue(envelopes) {
    for (const envelope of envelopes) {
      if (envelope.seq !== this.lastSeq + 1) continue;
      this.queue.push(envelope);
      this.lastSeq = envelope.seq;
      this.record(envelope);
    }
    this.pump();
  }

  async resync() {
    if (this.resyncing) return;
    this.resyncing = true;
    try {
      for (;;) {
        const feed = await api.events(this.id, this.lastSeq);
        this.enqueue(feed.events);
        if (!feed.has_more) break;
      }
    } catch {
      // the socket's reconnect or the next push tries again
    } finally {
      this.resyncing = false;
    }
  }

  async pump() {
    if (this.busy || this.stopped) return;
    this.busy = true;
    let failed = false;
    try {
      while (this.queue.length && !this.stopped) {
        const envelope = this.queue[0];
        if (envelope.seq <= this.version) {
          this.queue.shift();
          continue;
        }
        await this.pace(envelope);
        const next = fold(this.view, envelope);
        if (next === null && envelope.event.type === "deal_ended") {
          await this.showDealEnd(envelope);
        } else if (next === null && (await this.dealEndFollows(envelope))) {
          // (a hand's settlement before its end): the deal's end fetches the view after it
          this.queue.shift();
          this.listeners.shown.forEach((listener) => listener(envelope));
          continue;
        }
        if (next === null) {
          // a new deal, its end, the end of the match: the server's view says what follows
          const known = this.target && this.target.version >= envelope.seq;
          const payload = known ? this.target : await api.match(this.id);
          this.queue.shift(); // taken off only once its view is in hand
          const ended = envelope.event.type === "deal_ended";
          // what the server's view already holds (the next deal, the match's end) is shown with it
          const within = this.queue.filter((other) => other.seq > envelope.seq && other.seq <= payload.version);
          this.ended = null;
          this.apply(payload);
          for (const shown of ended ? within : [envelope, ...within]) {
            this.listeners.shown.forEach((listener) => listener(shown));
          }
          continue;
        }
        this.queue.shift();
        this.view = next;
        this.version = envelope.seq;
        this.folded = true;
        this.changed();
        this.listeners.shown.forEach((listener) => listener(envelope));
        if (!this.queue.length) {
          if (this.target && this.target.version === this.version) this.apply(this.target);
          else await sleep(settings().settleMs); // more may be on the way
        }
      }
      if (this.folded && !this.queue.length && !this.stopped) {
        const payload = await api.match(this.id);
        if (payload.version === this.version) this.apply(payload);
        else if (payload.version > this.version) this.target = payload;
      }
      this.pumpWait = 0;
    } catch (error) {
      // the network failed mid-way: the event stays queued, the view stays unconfirmed (no
      // legal actions), and the table tries again shortly
      console.warn("snapszer: showing events failed, trying again", error);
      failed = true;
    } finally {
      this.busy = false;
      this.changed();
    }
    if (failed) this.retryPump();
    else if (this.queue.length) this.pump();
    else if (this.target && this.lastSeq < this.target.version) this.resync();
  }

  // The last event of a deal is shown before its end, its end before the next deal: the result
  // stays on the table (the turn line says it) until "next deal" is tapped or nextDealMs
  // passes; before the match's end it stays a moment (trickMs).
  async showDealEnd(envelope) {
    if (this.ended && this.ended.seq === envelope.seq) return; // (a retry after a failed fetch)
    if (this.queue.length < 2) await sleep(settings().settleMs); // what follows is on its way
    const over = this.queue.some((other) => other.event.type === "match_ended");
    const wait = over ? settings().trickMs : settings().nextDealMs;
    this.ended = { seq: envelope.seq, number: this.currentDealOf(envelope), over, until: Date.now() + wait };
    // the match's score with the deal's points, as the result says (the server's view, the next
    // deal's, comes after)
    const { winner, game_points: points } = envelope.event;
    if (this.view && Array.isArray(this.view.scores) && winner !== null && winner !== undefined && points) {
      this.view = { ...this.view, scores: this.view.scores.map((score, seat) => (seat === winner ? score + points : score)) };
      this.folded = true;
    }
    this.changed();
    this.listeners.shown.forEach((listener) => listener(envelope));
    await new Promise((resolve) => {
      this.ended.go = resolve;
      setTimeout(resolve, wait);
    });
  }

  // The deal a deal_ended event ends (the last deal_started recorded before it).
  currentDealOf(envelope) {
    for (const deal of [...this.deals.values()].sort((a, b) => b.number - a.number)) {
      if (deal.resultSeq === envelope.seq) return deal.number;
    }
    return this.view && this.view.deal ? this.view.deal.number : null;
  }

  // "Next deal" tapped: the result has been seen.
  nextDeal() {
    if (this.ended && this.ended.go) this.ended.go();
  }

  // An event only the server can apply, with the deal's end queued right after it: nothing to
  // fetch yet (the deal's end fetches the view once its end has been shown).
  async dealEndFollows(envelope) {
    const type = envelope.event.type;
    if (["deal_started", "match_started", "match_ended", "deal_ended"].includes(type)) return false;
    if (this.queue.length < 2) await sleep(settings().settleMs);
    return this.queue.some((other) => other.event.type === "deal_ended");
  }

  // Whether a deal's result may be shown: its end has been shown at the table.
  resultShown(deal) {
    if (!deal.result) return false;
    return deal.resultSeq === undefined || deal.resultSeq <= this.version || (this.ended && this.ended.seq >= deal.resultSeq);
  }

  retryPump() {
    clearTimeout(this.pumpRetry);
    this.pumpWait = Math.min((this.pumpWait || 250) * 2, 8000);
    this.pumpRetry = setTimeout(() => this.pump(), this.pumpWait);
  }

  // Someone else's card waits a moment, so Kati's moves come one at a time; a full trick stays
  // on the table for trickMs before it is taken.
  async pace(envelope) {
    const { cardMs, trickMs } = settings();
    const event = envelope.event;
    const me = this.view ? this.view.seat : null;
    if (event.type === "card_played" && event.seat !== me) await sleep(cardMs);
    if (event.type === "trick_taken") {
      // the full trick stays, then is gathered toward its winner (the table says who took it)
      await sleep(trickMs * 0.6);
      this.taking = event.seat;
      this.listeners.taking.forEach((listener) => listener(event));
      this.changed();
      await sleep(trickMs * 0.4);
      this.taking = null;
    }
    // another seat's move that is not a card (the trump taken, the talon closed, a marriage,
    // enough): a moment, so it is seen as a move
    const moves = ["trump_exchanged", "talon_closed", "marriage_announced", "enough_declared"];
    if (moves.includes(event.type) && event.seat !== me) await sleep(cardMs);
  }

  // --- moves ------------------------------------------------------------------------------

  // Send a move; after a network failure the same move (same client_move_id) is sent again
  // until the server answers: a move is never lost and never applied twice.
  async act(action) {
    if (this.sending) return;
    let id = moveId();
    let expected = this.version;
    // (before the first deal the seed goes alone: sendSeedAlone)
    const seed = this.view && this.view.deal ? this.seedFor(this.view) : null;
    let retried = false;
    this.sending = true;
    this.notice = null;
    this.changed();
    let wait = 500;
    try {
      while (!this.stopped) {
        try {
          const answer = await api.act(this.id, action, expected, id, seed);
          // nothing more to tap until the answer's events are shown
          if (this.version === expected) this.view = { ...this.view, legal_actions: [] };
          this.enqueue(answer.events);
          this.armWatchdog(answer.version);
          return;
        } catch (error) {
          if (error.status === 0 || error.status >= 502) {
            this.retrying = true;
            this.changed();
            await sleep(wait);
            wait = Math.min(wait * 2, 5000);
            continue;
          }
          if (error.code === "version_conflict" && STANDING.has(action.type) && !retried) {
            const fresh = await api.match(this.id).catch(() => null);
            if (fresh && fresh.view.legal_actions.some((offered) => offered.type === action.type)) {
              [expected, id, retried] = [fresh.version, moveId(), true];
              this.resync();
              continue;
            }
          }
          this.notice = error.code === "version_conflict" ? { code: "version_conflict" } : error;
          this.noticed(this.notice);
          if (error.code === "version_conflict") await this.resync();
          else await this.load().catch(() => this.retryPump());
          return;
        }
      }
    } finally {
      this.sending = false;
      this.retrying = false;
      this.changed();
    }
  }

  // This browser's seed for the next deal's shuffle, sent with the first move after the
  // server's commitment to that deal appeared (docs/api.md section 7.0); the same one again if
  // the move is retried; none once the server has ours.
  seedFor(view) {
    const next = view && view.next_deal;
    if (!next || next.seeded.includes(view.seat)) return null;
    this.seeds = this.seeds || new Map();
    if (!this.seeds.has(next.number)) this.seeds.set(next.number, { deal: next.number, value: freshSeed() });
    return this.seeds.get(next.number);
  }

  // A match the server made (a ranked pairing, a rematch) deals its first deal once every
  // seat's seed is in (docs/api.md section 7.0): this browser's goes alone as soon as the
  // commitment is seen, and again after a network failure (the same seed: a retry changes
  // nothing). A refusal (the deal came without it) only reloads the view.
  async sendSeedAlone() {
    const view = this.view;
    if (!view || view.deal || this.stopped || this.seedSending) return;
    const seed = this.seedFor(view);
    if (!seed || this.seedRefused === seed.deal) return;
    this.seedSending = true;
    try {
      for (let wait = 500; !this.stopped; wait = Math.min(wait * 2, 5000)) {
        try {
          const answer = await api.seed(this.id, seed);
          this.enqueue(answer.events);
          this.armWatchdog(answer.version);
          return;
        } catch (error) {
          if (error.status === 0 || error.status >= 502) {
            await sleep(wait);
            continue;
          }
          this.seedRefused = seed.deal;
          await this.load().catch(() => this.retryPump());
          return;
        }
      }
    } finally {
      this.seedSending = false;
    }
  }

  // What the player is told about the connection: the socket's state, or "reconnecting" while
  // a move waits for the network.
  get status() {
    return this.retrying ? "reconnecting" : this.connection;
  }

  // If the move's events have not been shown after a few seconds, resync from the feed.
  armWatchdog(version) {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      if (this.lastSeq < version) this.resync();
      else if (!this.busy && this.version < this.lastSeq) this.pump();
    }, 4000);
  }

  // --- the club around the table ------------------------------------------------------------

  // The chat's messages after the last one known (all of them the first time): pushed ones
  // and fetched ones are merged by id, so a reconnect fills what the socket missed.
  async loadChat() {
    try {
      const after = this.chat.length ? this.chat[this.chat.length - 1].id : 0;
      const page = await api.chat(this.id, after);
      const known = new Set(this.chat.map((message) => message.id));
      this.chat.push(...page.messages.filter((message) => !known.has(message.id)));
      this.chat.sort((a, b) => a.id - b.id);
      this.changed();
    } catch {
      // the next reconnect tries again
    }
  }

  noticed(notice) {
    this.listeners.notice.forEach((listener) => listener(notice));
  }

  // Nothing on the way: the view shown is the server's latest that this browser knows of.
  get settled() {
    return !this.sending && !this.busy && !this.folded && !this.queue.length && this.version === this.lastSeq;
  }

  send(frame) {
    return this.socket ? this.socket.send(frame) : false;
  }
}
