// A small hyperscript: h("button.primary", {onclick}, "Play") builds real DOM nodes, so no
// server text is ever parsed as HTML. svg(markup) wraps the card module's trusted SVG strings.

export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const node = document.createElement(name || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "class") node.className = [node.className, value].filter(Boolean).join(" ");
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Markup produced by cards.js only (validated codes, escaped labels).
export function svg(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  return template.content.firstElementChild;
}

export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
