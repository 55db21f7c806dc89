// What every view of the table uses: `v`, snabbdom's `h` that takes its children as arguments
// (nested lists are flattened; null, undefined, false and "" are left out), the cards' SVG
// (trusted markup from cards.js) as nodes, and a countdown's words.

import { cardSvg, suitSymbol } from "../cards.js";
import { LANG, t } from "../i18n.js";
// (snabbdom's `h` alone, not render.js: the variant modules, and fold.js through them, load
// under node too, where the unit tests run and there is no window)
import { h } from "../vendor/snabbdom/h.js";

export function v(sel, data, ...children) {
  const kids = children
    .flat(Infinity)
    .filter((child) => child !== null && child !== undefined && child !== false && child !== "")
    .map((child) => (typeof child === "number" ? String(child) : child));
  return h(sel, data || {}, kids);
}

// Trusted SVG markup (cards.js builds it from validated codes and escaped labels) as the inner
// markup of a node, replaced only when it changes (render.js's `markup`).
export const markup = (sel, html, data = {}) => h(sel, { ...data, props: { ...(data.props ?? {}), innerHTML: html } });

// A piece of trusted SVG in a wrapper that makes no box of its own (`.art`: display: contents),
// so it lays out as the SVG itself would.
export const art = (html, data = {}) => markup("span.art", html, data);
export const cardArt = (code) => art(cardSvg(code, LANG));
export const suitArt = (suit, size) => art(suitSymbol(suit, size));

// A face-up card alone in a box of the given selector (`span.card-wrap`, `div.trump-card`).
export const cardIn = (sel, code, data = {}) => markup(sel, cardSvg(code, LANG), data);

export const secondsLeft = (iso) => Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000));

// A countdown's words, as of now (the table is redrawn twice a second while one is shown; it
// is not live for screen readers: it would chatter).
export const countdown = (template, until, name = "") => t(template, { name, seconds: secondsLeft(until) });
