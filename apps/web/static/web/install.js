// The club as an installed app: registers the service worker (/sw.js, served by the server with
// this release's version; docs/client.md "Installable app") and, when a new version of the
// client takes over this page, says so once, with a reload: a page loaded anew gets all of the
// new version's files together, while this one keeps the modules it started with.

import { t } from "./i18n.js";
import { h, mount } from "./render.js";

// The bar says it once; "Later" puts it away (it would cover the hand at a table).
const updateView = (state) =>
  state.later
    ? h("div.update-bar-gone")
    : h("div.update-bar", { attrs: { role: "status" } }, [
        h("span", t("update_ready")),
        h("span.update-actions", [
          h("button.link", { attrs: { type: "button" }, on: { click: state.putAway } }, t("update_later")),
          h("button.primary", { attrs: { type: "button" }, on: { click: () => location.reload() } }, t("update_reload")),
        ]),
      ]);

function installApp(worker) {
  if (!worker) return; // an old browser, or not a secure origin: the club works as a page
  // a page that had no worker yet is taken over by the first one: nothing new to say then
  const hadOne = Boolean(worker.controller);
  let told = false;
  worker.addEventListener("controllerchange", () => {
    if (!hadOne || told) return;
    told = true;
    const element = document.createElement("div");
    document.body.append(element);
    let redraw = null;
    const state = {
      later: false,
      putAway: () => {
        state.later = true;
        redraw.now();
      },
    };
    redraw = mount(element, () => updateView(state));
  });
  worker.register("/sw.js", { scope: "/" }).catch(() => {
    // refused (a private window that allows none): the club works as a page
  });
}

installApp(navigator.serviceWorker);
