// The table's screen: what app.js mounts at /m/<match id>/. It puts the controller
// (table/ctrl.js: the state and what a player does, no DOM) and the view (table/view.js: pure
// functions of the controller, patched by render.js) together, and does for the controller
// what needs the page: focus, the tab's title and icon, a sound. The game's own parts are in
// variants/.

import { t } from "./i18n.js";
import { mount } from "./render.js";
import { TableCtrl } from "./table/ctrl.js";
import { view } from "./table/view.js";

export class Table {
  constructor(root, matchId, { navigate, announce }) {
    this.root = root;
    this.redraw = null;
    this.ctrl = new TableCtrl(matchId, {
      redraw: () => this.redraw && !this.stopped && this.redraw(),
      redrawNow: () => this.redraw && !this.stopped && this.redraw.now(),
      focus: (key) => this.focus(key),
      turn: (mine) => noticeTurn(mine),
      tone,
      navigate,
      announce,
    });
  }

  async start() {
    this.redraw = mount(this.root, () => view(this.ctrl));
    window.snapszer.redraw = this.redraw; // (the browser tests force a redraw with it)
    await this.ctrl.start();
  }

  stop() {
    this.stopped = true;
    this.ctrl.stop();
  }

  // Patch now, then focus the element the controller names by its data-key; a card that is
  // gone leaves the keyboard in the hand.
  focus(key) {
    if (!this.redraw || this.stopped) return;
    this.redraw.now();
    const target = this.root.querySelector(`[data-key="${key}"]`)
      || (key.startsWith("card-") ? this.root.querySelector("[data-card-button]") : null);
    if (target) target.focus();
  }
}

// Your turn: the tab's title and icon say it.
function noticeTurn(mine) {
  document.title = mine ? t("your_turn_title") : t("club");
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = mine ? icon.dataset.turn : icon.dataset.idle;
}

let audio = null; // one context for every sound

// Short tones made on the spot (Web Audio): a card, a trick taken, your turn. Only when the
// player turned the sounds on (off by default).
const TONES = {
  card: [[520, 0, 0.05]],
  trick: [[440, 0, 0.07], [660, 0.08, 0.09]],
  turn: [[660, 0, 0.15]],
};

function tone(kind) {
  try {
    audio = audio || new AudioContext();
    const context = audio;
    for (const [frequency, at, length] of TONES[kind] || TONES.turn) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + at);
      oscillator.stop(context.currentTime + at + length);
    }
  } catch {
    // no audio: the title, the icon and the words still say it
  }
}
