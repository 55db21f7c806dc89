// Cards that travel (issue 37): snabbdom hooks that move a card from where it was to where it
// is now (FLIP: the first place is remembered as the old node goes, the new node is drawn in
// its last place and animated from the first). Nothing moves under prefers-reduced-motion; the
// words on the table are said all the same. The duration is a pace setting
// (localStorage `snapszer.moveMs`).

const departed = new Map(); // card -> where its button was in the hand, as it left

const moveMs = () => Number(globalThis.localStorage?.getItem("snapszer.moveMs") ?? 320);

export const still = () =>
  !globalThis.matchMedia || globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches || moveMs() <= 0;

function animate(element, frames, options) {
  if (still() || !element.animate) return;
  element.animate(frames, { duration: moveMs(), easing: "cubic-bezier(.2,.7,.3,1)", ...options });
}

// A card button leaving the hand: remember where it was (the played card starts there).
export function rememberPlace(vnode) {
  const card = vnode.key;
  if (vnode.elm && vnode.elm.getBoundingClientRect) departed.set(card, vnode.elm.getBoundingClientRect());
}

// A card landing on the table: from the hand's button it left, else from its seat's panel.
export function travel(card, seat) {
  return (vnode) => {
    const element = vnode.elm;
    const from = departed.get(card) || seatRect(element, seat);
    departed.delete(card);
    if (!from) return;
    const to = element.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) + Math.abs(dy) < 2) return;
    animate(element, [{ transform: `translate(${dx}px, ${dy}px) scale(.85)` }, { transform: "none" }], {});
  };
}

function seatRect(element, seat) {
  const panel = element.ownerDocument.querySelector(`.seat[data-seat="${seat}"] .backs`)
    || element.ownerDocument.querySelector(`.seat[data-seat="${seat}"]`);
  return panel ? panel.getBoundingClientRect() : null;
}

// A card coming into the hand (dealt or drawn): it slides in from above, one after another.
export function dealtIn(vnode) {
  const element = vnode.elm;
  const at = [...element.parentNode.children].indexOf(element);
  animate(element, [{ transform: "translateY(-2.5rem) scale(.8)", opacity: 0 }, { transform: "none", opacity: 1 }], {
    delay: Math.max(0, at) * (moveMs() / 6),
    fill: "backwards",
  });
}

// Something that turns up on the table (the trump card after an exchange): it turns over.
export function arrive(vnode) {
  animate(vnode.elm, [{ transform: "rotateY(90deg)", opacity: 0.4 }, { transform: "none", opacity: 1 }], {});
}
