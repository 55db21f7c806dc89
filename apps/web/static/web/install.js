// The club as an installed app: registers the service worker (/sw.js, served by the server with
// this release's version; docs/client.md "Installable app"), asks it for a new release when
// the page comes back to the foreground (an installed app stays open for days), and when a new
// version takes over a page of an older one, says so once, with a reload: a page loaded anew
// gets all of the new version's files together, while this one keeps the modules it started
// with.

import { t } from "./i18n.js";
import { h, mount } from "./render.js";

// the version of this page's files, as the server that sent the page worked it out
const PAGE_VERSION = document.documentElement.dataset.clientVersion;

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

function tellOnce() {
  let told = false;
  return () => {
    if (told) return;
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
  };
}

function installApp(worker) {
  if (!worker) return; // an old browser, or not a secure origin: the club works as a page
  const tell = tellOnce();
  worker.addEventListener("message", (event) => {
    const { type, version } = event.data || {};
    if (type === "activated" && PAGE_VERSION && version !== PAGE_VERSION) tell();
  });
  worker.startMessages();
  worker
    .register("/sw.js", { scope: "/" })
    .then((registration) => {
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    })
    .catch(() => {
      // refused (a private window that allows none): the club works as a page
    });
}

installApp(navigator.serviceWorker);
