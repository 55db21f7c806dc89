// The client's renderer: snabbdom (vendored, pinned: vendor/snabbdom/VERSION), a keyed patching
// virtual DOM. Views are pure functions of a controller that return a tree of `h(...)` nodes;
// `mount` patches the page with a new tree whenever the controller asks for a redraw, so what
// did not change stays the same element: typed text, focus, a finger on a card survive an
// update by construction.
//
//   const redraw = mount(element, () => view(ctrl));   // ctrl calls redraw() after a change
//
// Nothing here touches game rules or the API.

import {
  attributesModule,
  classModule,
  datasetModule,
  eventListenersModule,
  h,
  init,
  propsModule,
  styleModule,
} from "./vendor/snabbdom/index.js";

export { h };

export const patch = init([classModule, propsModule, attributesModule, datasetModule, styleModule, eventListenersModule]);

// Mounts a view on `element` (its content is replaced by the view's tree) and returns
// `redraw()`: calls in the same frame are patched once, on the next animation frame (or a
// microtask where there are no frames, as in a hidden tab). `redraw.now()` patches at once.
export function mount(element, view) {
  const host = document.createElement("div");
  element.replaceChildren(host);
  let vnode = patch(host, view());
  let pending = false;
  const now = () => {
    pending = false;
    vnode = patch(vnode, view());
  };
  const redraw = () => {
    if (pending) return;
    pending = true;
    if (document.visibilityState === "hidden") queueMicrotask(() => pending && now());
    else requestAnimationFrame(() => pending && now());
  };
  redraw.now = now;
  return redraw;
}

// Trusted SVG markup (cards.js builds it from validated codes and escaped labels) as a node
// whose inner markup is replaced only when it changes.
export const markup = (sel, html, data = {}) => h(sel, { ...data, props: { ...(data.props ?? {}), innerHTML: html } });
