// The home page's state and actions (no DOM; home/view.js draws it): the games from the
// catalogue, a match against Kati, a friend room and the join code, a ranked search (its wait,
// its socket and its polling), the wallet, the profile (stats, display name, blocked players),
// my matches and the settings. Every change calls `redraw()`. A visitor is nobody yet: playing
// Kati makes them a guest first (`ensurePlayer`); a member who logged in from a guest's session
// is offered that guest's finished matches (`guestMatches`).

import { AccountCtrl } from "../account/ctrl.js";
import { api } from "../api.js";
import { games } from "../catalogue.js";
import { madeWithSeed } from "../fairplay.js";
import { problemText, t } from "../i18n.js";
import { LiveSocket } from "../socket.js";
import { ensurePlayer, isMember, logOut, session } from "../session.js";
import { guideKey } from "../table/ctrl.js";
import { variantFor } from "../variants/index.js";

export const STAKES = [20, 50, 100, 200, 500, 1000];
const POLL_EVERY_S = 3;

// A choice of game (and of target, where the game has several) among the games `offered`.
class GameChoice {
  constructor(offered) {
    this.offered = offered;
    this.variant = null;
    this.target = null;
  }

  games(all) {
    return all.filter(this.offered);
  }

  game(all) {
    return all.find((g) => g.variant === this.variant && this.offered(g)) ?? null;
  }

  choose(game) {
    this.variant = game?.variant ?? null;
    this.target = game ? game.default_target : null;
  }

  // the target sent: only where the game offers a choice
  sentTarget(all) {
    const game = this.game(all);
    return game && game.targets.length > 1 ? this.target : null;
  }
}

export class HomeCtrl {
  constructor({ navigate, announce = () => {} }) {
    this.navigate = navigate;
    this.announce = announce;
    this.redraw = () => {};
    this.games = [];
    this.kati = { choice: new GameChoice((g) => g.computer_levels.length > 0), strength: null, status: "" };
    this.room = { choice: new GameChoice(() => true), status: "" };
    this.join = { code: "", status: "" };
    this.ranked = { choice: new GameChoice((g) => g.ranked), stake: 100, status: "", ticket: null, seconds: 0 };
    this.wallet = { balance: null, ledger: [], status: t("loading") };
    this.stats = { payload: null, status: t("loading") };
    this.profile = { name: session.me?.display_name ?? "", status: "" };
    this.blocks = { list: null, status: "" };
    this.matches = [];
    this.guestMatches = { finished: 0, status: "" }; // a former guest's, to bring along
    this.settings = {
      sound: localStorage.getItem("snapszer.sound") === "on",
      trickPause: Number(localStorage.getItem("snapszer.trickMs") ?? 1200) / 1000,
    };
    this.account = new AccountCtrl({ after: () => this.navigate("/", { replace: true }) });
    this.searching = null; // the running search: {socket, timer}
  }

  get me() {
    return session.me;
  }

  get member() {
    return isMember();
  }

  // Before the page is drawn: the catalogue (a click never finds the lists of games empty).
  async prepare() {
    try {
      this.games = await games();
    } catch (error) {
      this.room.status = problemText(error);
    }
    this.kati.choice.choose(this.kati.choice.games(this.games)[0]);
    this.room.choice.choose(this.room.choice.games(this.games)[0]);
    this.ranked.choice.choose(this.ranked.choice.games(this.games)[0]);
    this.fitStrength();
  }

  // Once drawn: the rest, as it comes.
  async start() {
    this.account.redraw = () => this.redraw();
    const loads = this.me ? [this.loadMatches()] : [];
    if (this.member) loads.push(this.loadWallet(), this.loadStats(), this.loadBlocks(), this.loadGuestMatches());
    await Promise.all(loads);
  }

  // Leaving the home page while searching gives the search up: a match found meanwhile would
  // start without the player, who would lose it.
  stop() {
    const ticket = this.ranked.ticket;
    if (ticket) api.ticketCancel(ticket.id).catch(() => {});
    this.ranked.ticket = null;
    this.stopSearching();
  }

  async load(fetch, onError) {
    try {
      await fetch();
    } catch (error) {
      onError?.(error);
    }
    this.redraw();
  }

  loadMatches() {
    return this.load(async () => {
      this.matches = (await api.matches(3)).results;
    });
  }

  loadWallet() {
    return this.load(async () => {
      const [wallet, ledger] = await Promise.all([api.wallet(), api.ledger()]);
      this.wallet = { balance: wallet.balance, ledger: ledger.results, status: "" };
    }, (error) => { this.wallet.status = problemText(error); });
  }

  loadStats() {
    return this.load(async () => {
      this.stats = { payload: await api.stats(this.me.id), status: "" };
    }, (error) => { this.stats.status = problemText(error); });
  }

  loadGuestMatches() {
    return this.load(async () => {
      this.guestMatches.finished = (await api.guestMatches()).finished;
    });
  }

  loadBlocks() {
    return this.load(async () => {
      this.blocks.list = (await api.blocks()).results;
    }, (error) => { this.blocks.status = problemText(error); });
  }

  // --- choosing a game ---------------------------------------------------------------------

  // (a choice the player made is drawn at once: what it shows, such as the target, is there
  // when the hand leaves the list)
  chooseVariant(choice, variant) {
    choice.choose(choice.games(this.games).find((g) => g.variant === variant));
    if (choice === this.kati.choice) this.fitStrength();
    (this.redraw.now ?? this.redraw)();
  }

  chooseTarget(choice, target) {
    choice.target = Number(target);
    (this.redraw.now ?? this.redraw)();
  }

  // Kati's levels in the chosen game; the chosen one kept if she plays it there.
  katiLevels() {
    return this.kati.choice.game(this.games)?.computer_levels ?? [];
  }

  fitStrength() {
    const levels = this.katiLevels();
    if (!levels.includes(this.kati.strength)) this.kati.strength = levels[0] ?? null;
  }

  // --- playing ------------------------------------------------------------------------------

  async playKati() {
    const { choice, strength } = this.kati;
    await this.startKati(() => madeWithSeed((seed) => api.computer(strength, choice.variant, choice.sentTarget(this.games), seed)));
  }

  // A game against Kati: a visitor is made a guest first; a refusal is said in the Kati panel.
  async startKati(create, before = () => {}) {
    try {
      if (!this.me) {
        await ensurePlayer();
        this.onSession?.();
      }
      const match = await create();
      before(match);
      this.navigate(`/m/${match.id}/`);
    } catch (error) {
      this.kati.status = problemText(error);
      this.redraw();
    }
  }

  // A learning deal: the first game whose table has a guide, against the gentlest Kati; the
  // table is told to explain each turn (kept in the browser for this match).
  learningGame() {
    return this.games.find((game) => variantFor(game.variant).guide && game.computer_levels.length) ?? null;
  }

  async learn() {
    const game = this.learningGame();
    if (!game) return;
    await this.startKati(
      () => madeWithSeed((seed) => api.computer(game.computer_levels[0], game.variant, null, seed)),
      (match) => localStorage.setItem(guideKey(match.id), "on"),
    );
  }

  async openRoom() {
    const { choice } = this.room;
    try {
      const room = await madeWithSeed((seed) => api.room(choice.variant, choice.sentTarget(this.games), seed));
      this.navigate(`/m/${room.id}/`);
    } catch (error) {
      this.room.status = problemText(error);
      this.redraw();
    }
  }

  joinRoom() {
    const code = this.join.code.trim();
    if (code) this.navigate(`/join/${encodeURIComponent(code)}`);
  }

  // --- ranked play: the player socket says when the search found a match; the ticket is
  // also polled, in case ------------------------------------------------------------------------

  async findMatch() {
    const { choice, stake } = this.ranked;
    try {
      const answer = await api.ticket(Number(stake), choice.variant, choice.sentTarget(this.games));
      this.ranked.ticket = { id: answer.id, since: Date.now() };
      this.ranked.seconds = 0;
      this.ranked.status = "";
      this.watchTicket();
    } catch (error) {
      this.ranked.status = problemText(error);
    }
    this.redraw();
  }

  watchTicket() {
    const mine = (frame) => this.ranked.ticket && frame.ticket_id === this.ranked.ticket.id;
    const socket = new LiveSocket("/ws/me/", {
      onMessage: (frame) => {
        if (frame.type === "matchmaking.matched" && mine(frame)) this.found(frame.match_id);
        if (frame.type === "matchmaking.cancelled" && mine(frame)) this.searchOver();
      },
    });
    const timer = setInterval(() => this.tick(), 1000);
    this.searching = { socket, timer };
  }

  async tick() {
    const ticket = this.ranked.ticket;
    if (!ticket) return;
    this.ranked.seconds = Math.round((Date.now() - ticket.since) / 1000);
    this.redraw();
    if (this.ranked.seconds % POLL_EVERY_S !== 0) return;
    try {
      const current = await api.ticketGet(ticket.id);
      if (current.status === "matched") this.found(current.match_id);
      else if (current.status === "cancelled") this.searchOver();
    } catch {
      // the socket may still tell
    }
  }

  async cancelSearch() {
    const ticket = this.ranked.ticket;
    try {
      if (ticket) await api.ticketCancel(ticket.id);
    } catch {
      // it may have ended meanwhile: the search is over either way
    } finally {
      this.searchOver();
    }
  }

  found(matchId) {
    this.stopSearching();
    this.ranked.ticket = null;
    this.navigate(`/m/${matchId}/`);
  }

  // The search is over without a match (cancelled here, by the server, or run out).
  searchOver() {
    this.stopSearching();
    this.ranked.ticket = null;
    this.ranked.status = t("ticket_cancelled");
    this.redraw();
  }

  stopSearching() {
    if (!this.searching) return;
    clearInterval(this.searching.timer);
    this.searching.socket.close();
    this.searching = null;
  }

  // --- the account ----------------------------------------------------------------------------

  async saveName() {
    try {
      session.me = await api.patch("me/", { display_name: this.profile.name });
      this.profile.name = session.me.display_name;
      this.profile.status = t("saved");
      this.onSession?.();
    } catch (error) {
      this.profile.status = problemText(error);
    }
    this.redraw();
  }

  async unblock(block) {
    try {
      await api.unblock(block.user_id);
      this.blocks.list = this.blocks.list.filter((b) => b.user_id !== block.user_id);
      this.blocks.status = t("unblocked", { name: block.display_name });
      this.announce(this.blocks.status);
    } catch (error) {
      this.blocks.status = problemText(error);
    }
    this.redraw();
  }

  // --- a former guest's matches --------------------------------------------------------------

  async bringGuestMatches() {
    try {
      const { moved } = await api.guestMatchesBring();
      this.guestMatches = { finished: 0, status: t("guest_matches_moved", { count: moved }) };
      this.announce(this.guestMatches.status);
      await this.loadMatches();
      await this.loadStats();
    } catch (error) {
      this.guestMatches.status = problemText(error);
    }
    this.redraw();
  }

  async leaveGuestMatches() {
    try {
      await api.guestMatchesLeave();
      this.guestMatches = { finished: 0, status: "" };
    } catch (error) {
      this.guestMatches.status = problemText(error);
    }
    this.redraw();
  }

  async logOut() {
    await logOut();
    this.navigate("/", { replace: true });
  }

  setSound(on) {
    this.settings.sound = on;
    localStorage.setItem("snapszer.sound", on ? "on" : "off");
  }

  setTrickPause(seconds) {
    this.settings.trickPause = seconds;
    localStorage.setItem("snapszer.trickMs", String(Math.round(Number(seconds) * 1000)));
  }
}
