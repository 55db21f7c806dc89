// The table's controller: the state of one player's table (the card chosen, the hand's order,
// a question asked before a move, a replay open, the variant's boxes, the chat being typed)
// and everything a player does there. It owns the match (MatchClient) and the voice call, and
// asks for a redraw after every change; it never touches the DOM: focus, the page's title and
// sounds go through the effects the screen hands in (table.js), announcements through
// `announce`.

import { api } from "../api.js";
import { VoiceCall } from "../call.js";
import { cardOrder as sortKey } from "../cards.js";
import { verifyDeal } from "../fairplay.js";
import { problemText, t } from "../i18n.js";
import { MatchClient } from "../match_client.js";
import { variantFor } from "../variants/index.js";
import { logLines, tableWord } from "./log.js";
import { eventWords } from "./words.js";

// The games' catalogue (GET /api/v1/games/), asked once per page.
let catalogue = null;
const games = () => {
  catalogue ??= api.games().catch(() => {
    catalogue = null;
    return [];
  });
  return catalogue;
};

// A match played as a learning deal, kept in the browser (the home page sets it).
export const guideKey = (matchId) => `snapszer.guide.${matchId}`;

// What concerns the table rather than the deal (a pause, showing one's cards, leaving,
// resigning): behind one "More" button (hand.js), so the deal's own actions keep the room.
// In this order in the sheet: the mildest first.
const TABLE_ACTIONS = ["pause", "show_hand", "leave", "resign"];

export class TableCtrl {
  // effects: {redraw(), redrawNow(), focus(key), turn(mine), tone(kind), navigate(path), announce(text)}
  constructor(matchId, effects) {
    this.effects = effects;
    this.client = new MatchClient(matchId, () => this.changed());
    this.call = new VoiceCall(this.client, () => this.redraw());
    this.games = []; // the catalogue, once it has come
    this.selected = null;
    this.handOrder = [];
    this.showLast = false;
    this.showOlder = false;
    this.confirming = null;
    this.moreOpen = false; // the sheet of the table's own actions (hand.js)
    this.hint = null; // what Kati would play, asked at a version (askHint)
    this.replay = null;
    this.reporting = null;
    this.report = { category: "abuse", reason: "" };
    this.chatDraft = "";
    this.blocking = null; // the player whose block is being asked about
    this.unblockable = null; // the player just blocked (the block can be undone at once)
    this.chatOpen = false; // the chat drawer (it overlays the table)
    this.rulesOpen = false; // the game's rules in a drawer over the table (table/rules.js)
    // the others' last message seen in the open drawer (kept in the browser per match, so a
    // reload does not count read messages as new)
    this.chatSeenKey = `snapszer.chatSeen.${matchId}`;
    this.chatSeen = Number(localStorage.getItem(this.chatSeenKey) ?? 0);
    this.katiLevel = null;
    this.info = null;
    this.box = {}; // the variant's own boxes' choices (the variant module keeps them)
    this.refreshed = new Map(); // a deadline shown -> {asks, at}: the loads it called for
    this.wasMyTurn = false;
    this.ticker = setInterval(() => this.tick(), 500);
    this.log = []; // what happened, in words: the table's log (its aria-live region says it)
    this.logOpen = false;
    this.word = null; // the word on the table: {seq, type, text}
    this.sound = localStorage.getItem("snapszer.sound") === "on";
    // a learning deal (started from the home page): the guide explains each turn (guide.js);
    // its tips for a version the player has read fold away until the table moves on
    this.guided = localStorage.getItem(guideKey(matchId)) === "on";
    this.guideRead = -1;
    this.client.on("shown", (envelope) => this.shown(envelope));
    this.client.on("taking", (event) => {
      this.word = { seq: `taking-${event.seat}`, type: event.type, text: tableWord(event, this.client.view.seat, (seat) => this.name(seat)) };
      this.sounds("trick");
    });
    this.client.on("notice", (notice) => this.effects.announce(problemText(notice)));
    this.client.on("chat", (message) => this.effects.announce(`${this.name(message.sender_seat)}: ${message.text}`));
    this.client.on("frame", (frame) => {
      if (frame.type === "rematch.started") this.effects.navigate(`/m/${frame.new_match_id}/`);
    });
  }

  async start() {
    games().then((all) => {
      this.games = all;
      this.redraw();
    });
    await this.client.start();
    if (this.client.match.mode !== "computer") this.client.loadChat();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.ticker);
    this.call.end();
    this.client.stop();
    this.effects.turn(false);
  }

  // A change that arrived (a pushed event, an answer): patched on the next frame, with any
  // other in the same frame.
  redraw() {
    if (!this.stopped) this.effects.redraw();
  }

  // The player's own doing (a tap, a toggle): patched at once, so what they touched answers
  // in the same task.
  redrawNow() {
    if (!this.stopped) this.effects.redrawNow();
  }

  // --- what the table is ------------------------------------------------------------------

  get variant() {
    const { match, view } = this.client;
    return variantFor((match && match.variant) || (view && view.variant));
  }

  // The catalogue's entry for this match's game (null until the catalogue has come).
  get game() {
    const match = this.client.match;
    return (match && this.games.find((game) => game.variant === match.variant)) || null;
  }

  // The seats of this game: the catalogue's, else as many as the deal has hands.
  get seatCount() {
    const deal = this.client.view && this.client.view.deal;
    return this.game ? this.game.seats : deal ? deal.hand_sizes.length : 2;
  }

  // Kati's levels in this game, weakest first (the catalogue's).
  get computerLevels() {
    return this.game ? this.game.computer_levels : [];
  }

  name(seat) {
    const players = this.client.match.players;
    const player = players.find((p) => p.seat === seat);
    if (!player) return t("seat", { n: seat + 1 });
    if (player.is_you) return t("you");
    // several Katis at one table: each is told apart by her seat
    const namesakes = players.filter((p) => p.name === player.name);
    return namesakes.length > 1 ? `${player.name} ${seat + 1}` : player.name;
  }

  legal(type) {
    return (this.client.view.legal_actions || []).filter((action) => action.type === type);
  }

  // The card plays offered (with `marriage` where leading the K or O of a pair announces it).
  playMoves() {
    return (this.client.view.legal_actions || []).filter((action) => this.variant.playTypes.includes(action.type));
  }

  playable() {
    return new Set(this.playMoves().map((action) => action.card));
  }

  playAction(card, marriage = false) {
    return this.playMoves().find((action) => action.card === card && Boolean(action.marriage) === marriage);
  }

  confirmText(type) {
    return this.variant.confirmations[type];
  }

  // Whether the table waits for this player: never on a folded view (nothing may be tapped on
  // a view the server has not confirmed).
  isMyTurn() {
    const view = this.client.view;
    return Boolean(view && view.deal && !this.client.folded && this.variant.myTurn(view));
  }

  // The hand in the order the player chose: cards kept where they were, new ones put in
  // suit-and-rank order.
  orderedHand(hand) {
    const kept = this.handOrder.filter((card) => hand.includes(card));
    const fresh = hand.filter((card) => !kept.includes(card)).sort((a, b) => sortKey(a) - sortKey(b));
    for (const card of fresh) {
      const at = kept.findIndex((other) => sortKey(other) > sortKey(card));
      kept.splice(at < 0 ? kept.length : at, 0, card);
    }
    return kept;
  }

  // An event shown at the table: a line of the log (said by its aria-live region, so not
  // announced again), the word on the table, a sound if the player wants them.
  shown(envelope) {
    const event = envelope.event;
    this.log = logLines(this.log, envelope, (e) => eventWords(this, e));
    const word = tableWord(event, this.client.view && this.client.view.seat, (seat) => this.name(seat));
    if (word) this.word = { seq: envelope.seq, type: event.type, text: word };
    else if (event.type === "card_played" || event.type === "deal_started") this.word = null;
    if (event.type === "card_played") this.sounds("card");
  }

  sounds(kind) {
    if (this.sound) this.effects.tone(kind);
  }

  // The sounds at the table: off unless the player turns them on (kept in the browser).
  toggleSound() {
    this.sound = !this.sound;
    localStorage.setItem("snapszer.sound", this.sound ? "on" : "off");
    this.redrawNow();
  }

  toggleLog() {
    this.logOpen = !this.logOpen;
    this.redrawNow();
  }

  // "Next deal": the deal's result has been seen.
  nextDeal() {
    this.client.nextDeal();
  }

  // --- the match changed --------------------------------------------------------------------

  changed() {
    if (this.stopped || !this.client.match) return;
    const deal = this.client.view.deal;
    if (deal) this.handOrder = this.orderedHand(deal.hand);
    // a tapped card stays chosen while pushed events are shown (their folded view lists no
    // legal actions yet): only the server's own view, or the card leaving the hand, drops it
    if (this.selected && !this.keepsSelection()) this.selected = null;
    if (deal && deal.number !== this.dealShown) {
      this.dealShown = deal.number;
      this.box = {}; // a new deal: nothing chosen in the variant's boxes
    }
    for (const known of this.client.deals.values()) if (known.result) this.verify(known.number);
    this.noticeTurn(this.isMyTurn());
    // the match has started (on opening its table, or when the room it waited in fills): the
    // focus goes to the table's heading, once
    if (this.client.match.status !== "waiting" && !this.focusedTable) {
      this.focusedTable = true;
      this.effects.focus("table-title");
      return;
    }
    this.redraw();
  }

  keepsSelection() {
    const deal = this.client.view.deal;
    if (!deal || !deal.hand.includes(this.selected)) return false;
    return this.client.folded || this.playable().has(this.selected);
  }

  noticeTurn(mine) {
    this.effects.turn(mine);
    if (mine && !this.wasMyTurn) {
      this.effects.announce(t("your_turn"));
      if (this.sound) this.effects.tone("turn");
    }
    this.wasMyTurn = mine;
  }

  // --- the cards ----------------------------------------------------------------------------

  // Tap a card: it is chosen; tap it again (or press Play): it is played.
  tapCard(card) {
    if (!this.playable().has(card) || this.client.sending) return;
    if (this.selected === card) {
      this.selected = null;
      this.act(this.playAction(card));
      return;
    }
    this.selected = card;
    this.redrawNow();
  }

  // Play the chosen card and announce its marriage.
  playMarriage() {
    const action = this.selected && this.playAction(this.selected, true);
    if (!action) return;
    this.selected = null;
    this.act(action);
  }

  // Send a move; the table shows at once that it is on its way (nothing more to tap).
  act(action) {
    this.client.act(action);
    this.redrawNow();
  }

  moveCard(card, by) {
    const at = this.handOrder.indexOf(card);
    const to = at + by;
    if (at < 0 || to < 0 || to >= this.handOrder.length) return;
    this.handOrder.splice(at, 1);
    this.handOrder.splice(to, 0, card);
    this.effects.focus(`card-${card}`); // a card moved in the page loses the focus
  }

  dropCard(from, onto) {
    if (!from || from === onto || !this.handOrder.includes(from)) return;
    this.moveCard(from, this.handOrder.indexOf(onto) - this.handOrder.indexOf(from));
  }

  // --- the actions --------------------------------------------------------------------------

  // A legal action as the view offered it; one that asks first (surrender, resign, …) asks.
  send(action) {
    if (this.confirmText(action.type) && this.confirming !== action.type) {
      this.confirming = action.type;
      this.effects.focus(`confirm-${action.type}`);
      return;
    }
    this.confirming = null;
    this.moreOpen = false;
    this.act(action);
  }

  // --- the learning deal's guide --------------------------------------------------------------

  // The guide's tips for the table as it stands (the variant's guide, from the player's view),
  // and the latest deal's end explained; [] when the game has no guide or it is not on.
  guideTips() {
    const guide = this.variant.guide;
    if (!this.guided || !guide) return [];
    const latest = [...this.client.deals.values()].filter((deal) => deal.result && this.client.resultShown(deal)).at(-1);
    const end = this.client.ended && latest ? guide.dealEnd(latest.result, this.client.view.seat) : null;
    return end ? [{ key: "end", text: end }] : guide.tips(this.client.view);
  }

  guideOpen() {
    return this.guideRead !== this.client.version;
  }

  setGuideRead(read) {
    this.guideRead = read ? this.client.version : -1;
    this.effects.focus(read ? "guide-show" : "guide-ok");
  }

  // --- a hint (games against Kati only) -------------------------------------------------------

  // Whether a hint may be asked: against Kati, on one's own turn.
  get hintOffered() {
    return this.client.match.mode === "computer" && this.isMyTurn();
  }

  // What the strongest Kati would do here (GET …/hint/, from this seat's own view): said in
  // words, and a card to play is chosen (raised, its Play button offered); nothing is played.
  // A hint for a table that has moved on since is dropped.
  async askHint() {
    const version = this.client.version;
    this.hint = { version, asking: true };
    this.redrawNow();
    try {
      const given = await api.hint(this.client.id);
      if (given.version !== this.client.version) return;
      this.hint = given;
      if (this.variant.playTypes.includes(given.action.type) && this.playable().has(given.action.card)) this.selected = given.action.card;
    } catch (error) {
      this.hint = { version, error };
    }
    this.redraw();
  }

  // The hint for the table as it stands now, or null.
  currentHint() {
    return this.hint && this.hint.version === this.client.version ? this.hint : null;
  }

  // The "More" sheet of the table's own actions (pause, show cards, leave, resign): its button
  // opens and closes it, Esc closes it; focus goes to its first button, and back when closed.
  toggleMore(open = !this.moreOpen) {
    this.moreOpen = open;
    if (!open) this.confirming = null;
    const [first] = this.tableActions();
    this.effects.focus(open && first ? `action-${first.type}` : "more");
  }

  tableActions() {
    const offered = this.offered();
    return TABLE_ACTIONS.flatMap((type) => offered.filter((action) => action.type === type));
  }

  // The legal actions shown as buttons: neither a card nor in one of the variant's own boxes.
  offered() {
    return (this.client.view.legal_actions || [])
      .filter((action) => !this.variant.playTypes.includes(action.type) && !this.variant.boxed.has(action.type));
  }

  cancelConfirm() {
    const type = this.confirming;
    this.confirming = null;
    this.effects.focus(`action-${type}`);
  }

  // The variant's boxes keep their choices here (cleared at every new deal).
  choose(choice, focusKey = null) {
    Object.assign(this.box, choice);
    if (focusKey) this.effects.focus(focusKey);
    else this.redrawNow();
  }

  // The chat drawer: opened by its button, closed by its close button or Esc; what is typed
  // stays (chatDraft). Messages that came while it was closed are counted as unread.
  openChat() {
    this.chatOpen = true;
    this.markChatSeen();
    this.effects.focus("chat-input");
  }

  closeChat() {
    this.chatOpen = false;
    this.markChatSeen();
    this.effects.focus("chat-toggle");
  }

  // Friends' and ranked matches have the club's drawer: chat, moderation, the call.
  hasClub() {
    return this.client.match.mode !== "computer" && this.client.match.status !== "waiting";
  }

  // The rules' button is in the top bar, or, where the chat's button takes its room (a phone's
  // top bar holds one of them), under "More".
  rulesInMore() {
    return this.hasClub();
  }

  openRules() {
    this.rulesOpen = true;
    this.moreOpen = false;
    this.effects.focus("rules-close");
  }

  closeRules() {
    this.rulesOpen = false;
    this.effects.focus(this.rulesInMore() ? "more" : "rules-toggle");
  }

  othersMessages() {
    const me = this.client.match ? this.client.match.your_seat : null;
    return this.client.chat.filter((message) => message.sender_seat !== me);
  }

  markChatSeen() {
    this.chatSeen = Math.max(this.chatSeen, ...this.othersMessages().map((message) => message.id));
    localStorage.setItem(this.chatSeenKey, String(this.chatSeen));
  }

  unreadChat() {
    return this.chatOpen ? 0 : this.othersMessages().filter((message) => message.id > this.chatSeen).length;
  }

  toggleLastTrick() {
    this.showLast = !this.showLast;
    this.redrawNow();
  }

  setShowOlder(open) {
    this.showOlder = open;
  }

  openReplay(deal) {
    this.replay = deal;
    this.redrawNow();
  }

  closeReplay() {
    this.replay = null;
    this.redrawNow();
  }

  // --- the clock ----------------------------------------------------------------------------

  tick() {
    this.refreshAtDeadlines();
    this.pollRoom();
    if (this.deadlines().length || this.client.ended) this.redraw(); // the countdowns shown
  }

  deadlines() {
    const view = this.client.view;
    const presence = view && view.presence;
    if (!presence) return [];
    return [
      ...presence.away_until,
      ...presence.paused.map((pause) => (pause && !pause.stand_in ? pause.until : null)),
      ...presence.shown_until,
      view.deal && view.deal.deadline, // a window of the variant's own (a doubling, a claim)
      !view.deal && view.next_deal && view.next_deal.until, // the first deal's wait for seeds
    ].filter(Boolean);
  }

  // When a clock shown at the table runs out (a pause, a shown hand, a reconnect window, the
  // first deal's wait for seeds), ask the server: loading the match applies what the deadline
  // calls for. Still shown after that (this device's clock ahead of the server's, a server
  // without its timer), it is asked again every 2 s, a few times.
  refreshAtDeadlines() {
    const now = Date.now();
    for (const deadline of this.deadlines()) {
      const asked = this.refreshed.get(deadline) || { asks: 0, at: 0 };
      if (new Date(deadline).getTime() + 300 < now && asked.asks < 5 && now - asked.at > 2000) {
        this.refreshed.set(deadline, { asks: asked.asks + 1, at: now });
        this.client.load().catch(() => {});
      }
    }
  }

  // A room waiting for more than one player hears of a join only by asking (the match's
  // events begin when it starts): every 2 s.
  pollRoom() {
    const match = this.client.match;
    if (!match || match.status !== "waiting" || this.seatCount <= 2 || Date.now() - (this.polled || 0) < 2000) return;
    this.polled = Date.now();
    this.client.load().catch(() => {});
  }

  // --- fair play ----------------------------------------------------------------------------

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
      setTimeout(() => this.verify(number), deal.wait);
    } finally {
      deal.checking = false;
    }
    this.redraw();
  }

  // --- the room and the match's end ---------------------------------------------------------

  async seatKati() {
    const levels = this.computerLevels;
    const level = levels.includes(this.katiLevel) ? this.katiLevel : levels[0];
    try {
      await api.seatKati(this.client.id, level);
      this.katiLevel = null;
      await this.client.load();
    } catch (error) {
      this.failed(error);
    }
  }

  copyInvite() {
    const invite = this.client.match.invite;
    if (invite && navigator.clipboard) navigator.clipboard.writeText(invite.join_url);
  }

  async cancelRoom() {
    await api.cancelRoom(this.client.id);
    this.effects.navigate("/");
  }

  async rematch(accept) {
    try {
      const answer = accept ? await api.rematchAccept(this.client.id) : await api.rematch(this.client.id);
      if (answer.new_match_id) this.effects.navigate(`/m/${answer.new_match_id}/`);
      else await this.client.load();
    } catch (error) {
      this.failed(error);
    }
  }

  failed(error) {
    this.client.notice = error;
    this.redraw();
  }

  // --- the club -----------------------------------------------------------------------------

  // The field is emptied as the message goes (a second Enter finds nothing to send); a message
  // the server refused comes back into an empty field.
  // The field empties as a message goes, so a second Enter finds nothing to send; a message
  // typed while the last is on its way follows it, in order. A refused one comes back to the
  // field (if nothing new was typed there).
  sendChat() {
    const text = this.chatDraft.trim();
    if (!text) return this.chatOutbox;
    this.chatDraft = "";
    this.redrawNow();
    this.chatOutbox = (this.chatOutbox ?? Promise.resolve()).then(() => this.say(text));
    return this.chatOutbox;
  }

  async say(text) {
    try {
      await api.say(this.client.id, text);
    } catch (error) {
      if (!this.chatDraft) this.chatDraft = text;
      this.failed(error);
    }
  }

  // Block asks first (what it does); once made it can be undone at the table.
  askBlock(player) {
    this.blocking = player.user_id;
    this.effects.focus("confirm-block");
  }

  cancelBlock() {
    const id = this.blocking;
    this.blocking = null;
    this.effects.focus(`block-${id}`);
  }

  async block(player) {
    this.blocking = null;
    try {
      await api.block(player.user_id);
      this.unblockable = player;
      this.effects.focus("block-undo");
    } catch (error) {
      this.client.notice = error;
    }
    this.redraw();
  }

  async undoBlock() {
    const player = this.unblockable;
    if (!player) return;
    try {
      await api.unblock(player.user_id);
      this.unblockable = null;
      this.info = t("unblocked", { name: player.name });
      this.effects.focus(`block-${player.user_id}`);
    } catch (error) {
      this.client.notice = error;
    }
    this.redraw();
  }

  startReport(player) {
    this.reporting = player.user_id;
    this.report = { category: "abuse", reason: "" };
    this.redrawNow();
  }

  cancelReport() {
    this.reporting = null;
    this.redrawNow();
  }

  async sendReport(other) {
    try {
      await api.report({
        reported_user_id: other.user_id,
        category: this.report.category,
        reason: this.report.reason || "-",
        match_id: this.client.id,
      });
      this.reporting = null;
      this.info = t("report_sent");
    } catch (error) {
      this.client.notice = error;
    }
    this.redraw();
  }
}
