// The analysis of a finished deal (issue 39), as a player steps through it (no DOM;
// analysis/view.js draws it): the match (its seats' names), the deal's record and events
// (board.js rebuilds each decision's position from them) and the server's analysis
// (GET …/deals/<n>/analysis/: 202 with Retry-After while it is being made, asked again
// after that wait). The step shown is in the page's address (`#3`: decision 3; `#0` the deal's
// start), moved by the buttons, the decisions' list, the value strip and the arrow keys.

import { api } from "../api.js";
import { problemText, t } from "../i18n.js";
import { dealEvents, decisionsOf, stepFromHash } from "./board.js";

export class AnalysisCtrl {
  // effects: {hash() -> string, setHash(text), listen(handlers) -> stop()}: the address's
  // fragment and the page's keys, given by the screen
  constructor({ matchId, number, effects }) {
    this.matchId = matchId;
    this.number = number;
    this.effects = effects;
    this.redraw = () => {};
    this.match = null;
    this.record = null;
    this.boards = null; // each decision's position (null when it cannot be rebuilt)
    this.end = null; // the position at the deal's end
    this.analysis = null;
    this.pending = false; // the server is still making the analysis
    this.status = t("loading");
    this.step = 0;
    this.timer = null;
  }

  async prepare() {
    this.match = await api.match(this.matchId);
    this.record = await api.deal(this.matchId, this.number);
    try {
      const events = dealEvents(await this.feed(), this.number);
      const { decisions, end } = decisionsOf(this.record, events);
      this.boards = decisions;
      this.end = end;
    } catch {
      this.boards = null; // a game whose positions this screen cannot rebuild: the list stays
    }
  }

  // The match's events up to the deal's end (pages of the feed).
  async feed() {
    const events = [];
    let after = 0;
    for (;;) {
      const page = await api.events(this.matchId, after);
      events.push(...page.events);
      const ended = page.events.some((e) => e.event.type === "deal_started" && e.event.number > this.number);
      if (!page.has_more || ended || !page.events.length) return events;
      after = page.events.at(-1).seq;
    }
  }

  async start() {
    this.stopListening = this.effects.listen({ key: (key) => this.key(key), hash: () => this.fromHash() });
    await this.load();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopListening?.();
  }

  async load() {
    if (this.stopped) return;
    try {
      const answer = await api.analysis(this.matchId, this.number);
      if (answer.status === 202) {
        this.pending = true;
        this.status = t("analysis_pending");
        this.timer = setTimeout(() => this.load(), (answer.retryAfter ?? 2) * 1000);
      } else {
        this.pending = false;
        this.analysis = answer.data;
        this.status = "";
        this.fromHash();
      }
    } catch (error) {
      this.pending = false;
      this.status = problemText(error);
    }
    this.redraw();
  }

  // --- what is shown ----------------------------------------------------------------------

  get decisions() {
    return this.analysis?.decisions ?? [];
  }

  get count() {
    return this.decisions.length;
  }

  // The decision of the step shown (step n shows decision n − 1), or null at the start.
  get decision() {
    return this.step > 0 ? this.decisions[this.step - 1] ?? null : null;
  }

  // The position shown: before the step's decision; at the start, the deal as dealt.
  get position() {
    if (!this.boards || this.boards.length !== this.count) return null;
    if (this.step === 0) return this.boards[0]?.position ?? this.end;
    return this.boards[this.step - 1].position;
  }

  get seat() {
    return this.match?.your_seat ?? 0;
  }

  get turningPoint() {
    return this.analysis?.turning_point ?? null;
  }

  // The deal before this one, and the one after it once it has ended (`deals_played`: the
  // deals over).
  get previousDeal() {
    return this.number > 1 ? this.number - 1 : null;
  }

  get nextDeal() {
    return this.number < (this.match?.view?.deals_played ?? 0) ? this.number + 1 : null;
  }

  // (`short`: without Kati's strength, where room is scarce: under a card on the table)
  name(seat, { short = false } = {}) {
    const player = (this.match?.players ?? []).find((p) => p.seat === seat);
    if (!player) return t("seat", { n: seat + 1 });
    if (player.is_you) return t("you");
    // several Katis (partnership): each told apart by her seat, as at the table
    const base = player.is_computer ? "Kati" : player.name;
    const namesakes = this.match.players.filter((p) => (p.is_computer ? "Kati" : p.name) === base).length > 1;
    const name = namesakes ? `${base} ${seat + 1}` : base;
    return player.is_computer && !short ? `${name} (${t(`strength_${player.strength}`)})` : name;
  }

  // --- stepping -----------------------------------------------------------------------------

  go(step) {
    const next = Math.max(0, Math.min(this.count, step));
    if (next === this.step && this.effects.hash() === `#${next}`) return;
    this.step = next;
    this.effects.setHash(`#${next}`);
    this.redraw();
  }

  fromHash() {
    this.step = stepFromHash(this.effects.hash(), this.count);
    this.redraw();
  }

  turning() {
    if (this.turningPoint) this.go(this.turningPoint.decision + 1);
  }

  key(key) {
    if (!this.analysis) return false;
    const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.count };
    if (!(key in moves)) return false;
    this.go(moves[key]);
    return true;
  }
}
