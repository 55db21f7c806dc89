// The club's web client: the routes (/, /join/<code>, /m/<match id>/, /matches/ (my matches),
// /matches/<match id>/deals/<n>/analysis/ (a finished deal's analysis),
// /p/<player id>/ (a profile), /rules/, /rules/<game>/, /account/ (signing in, or a member's
// account; /account/signup and /account/password/reset, where the mails lead)) and their wiring. Each screen is a
// controller (state and actions, no DOM) and a pure view patched by render.js (home/, join/,
// account/, notice/, history/, profile/, rules/, analysis/); the match's table is table.js's. Everything
// goes through the public API (api.js).

import { AnalysisCtrl } from "./analysis/ctrl.js";
import { analysisView } from "./analysis/view.js";
import { api } from "./api.js";
import { drawHeader } from "./header.js";
import { HistoryCtrl } from "./history/ctrl.js";
import { historyView } from "./history/view.js";
import { HomeCtrl } from "./home/ctrl.js";
import { homeView } from "./home/view.js";
import { problemText, t } from "./i18n.js";
import { JoinCtrl } from "./join/ctrl.js";
import { MyAccountCtrl } from "./myaccount/ctrl.js";
import { myAccountView } from "./myaccount/view.js";
import { joinView } from "./join/view.js";
import { noticeView } from "./notice/view.js";
import { ProfileCtrl } from "./profile/ctrl.js";
import { profileView } from "./profile/view.js";
import { mount } from "./render.js";
import { RulesCtrl } from "./rules/ctrl.js";
import { rulesView } from "./rules/view.js";
import { whoAmI } from "./session.js";
import { Table } from "./table.js";

const root = document.getElementById("app");
const liveRegion = document.getElementById("announcer");
const header = () => drawHeader(document.getElementById("account"));
let screen = null; // the screen shown: {start(), stop()}
let routing = 0; // the newest navigation; an older one still loading gives way

// The aria-live region: each announcement is a new line (read in turn), the last few kept.
function announce(text) {
  const line = document.createElement("p");
  line.textContent = text;
  liveRegion.append(line);
  while (liveRegion.childElementCount > 5) liveRegion.firstElementChild.remove();
}

function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  route();
}

// A link to an anchor of the same page (the rules' contents) only scrolls: the screen stays.
let routedPath = null;
window.addEventListener("popstate", () => {
  if (location.pathname !== routedPath) route();
});
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-link]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});

// A controller and its view as a screen: drawn once prepared, redrawn when it asks; stopped,
// it draws no more.
function screenOf(ctrl, view) {
  ctrl.onSession = header;
  return {
    async start() {
      await ctrl.prepare?.();
      const redraw = mount(root, () => view(ctrl));
      ctrl.redraw = redraw;
      await ctrl.start?.();
    },
    stop() {
      ctrl.redraw = () => {};
      ctrl.stop?.();
    },
  };
}

const notice = (props) => screenOf({}, () => noticeView(props));

// What the analysis screen is given of the page: the address's fragment (its step) and the
// keys (the arrows step through the deal, unless typing in a field).
const pageEffects = {
  hash: () => location.hash,
  setHash: (hash) => history.replaceState(history.state, "", hash),
  listen({ key, hash }) {
    const onKey = (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, select, textarea")) return;
      if (key(event.key)) event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", hash);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("hashchange", hash);
    };
  },
};

// A room that ended before its game began (cancelled by its host, or its invitation ran out)
// says so instead of opening an empty table.
const ROOM_OVER = { cancelled: "room_cancelled", expired: "room_expired" };

async function matchScreen(matchId) {
  const match = await api.match(matchId);
  if (ROOM_OVER[match.status]) return notice({ title: t("room_over"), text: t(ROOM_OVER[match.status]) });
  // the table draws its own page, with its own <h1>
  return new Table(root, matchId, { navigate, announce });
}

async function route() {
  const mine = ++routing;
  if (screen) screen.stop();
  screen = null;
  // nothing of the screen left stays on the page while the next one loads
  const loading = document.createElement("p");
  loading.className = "loading";
  loading.textContent = t("loading");
  root.replaceChildren(loading);
  const path = location.pathname;
  routedPath = path;
  const matchPath = path.match(/^\/m\/([0-9a-f-]{36})\/?$/);
  const joinPath = path.match(/^\/join\/([A-Za-z0-9]+)\/?$/);
  const historyPath = /^\/matches\/?$/.test(path);
  const analysisPath = path.match(/^\/matches\/([0-9a-f-]{36})\/deals\/(\d+)\/analysis\/?$/);
  const profilePath = path.match(/^\/p\/(\d+)\/?$/);
  const rulesPath = path.match(/^\/rules\/(?:([a-z0-9_-]+)\/?)?$/);
  const accountPath = /^\/account\/(?:signup|password\/reset)?$/.test(path);
  try {
    let next;
    if (joinPath) {
      next = screenOf(new JoinCtrl({ code: joinPath[1], navigate }), joinView);
    } else if (rulesPath) {
      // open to every visitor: nobody is signed in or made a guest to read the rules
      header();
      whoAmI().then(header, () => {});
      next = screenOf(new RulesCtrl({ variant: rulesPath[1] ?? null }), rulesView);
    } else {
      await whoAmI(); // nobody is made a guest by opening a page
      if (mine !== routing) return;
      header();
      if (matchPath) next = await matchScreen(matchPath[1]);
      else if (analysisPath) {
        const ctrl = new AnalysisCtrl({ matchId: analysisPath[1], number: Number(analysisPath[2]), effects: pageEffects });
        next = screenOf(ctrl, analysisView);
      } else if (historyPath) next = screenOf(new HistoryCtrl({ navigate }), historyView);
      else if (accountPath) next = screenOf(new MyAccountCtrl({ navigate, path }), myAccountView);
      else if (profilePath) next = screenOf(new ProfileCtrl({ userId: Number(profilePath[1]) }), profileView);
      else next = screenOf(new HomeCtrl({ navigate, announce }), homeView);
    }
    if (mine !== routing) return;
    screen = next;
    await next.start();
    if (mine !== routing) next.stop();
  } catch (error) {
    if (mine !== routing) return;
    screen = notice({ title: t("not_opened"), text: problemText(error), alert: true });
    screen.start();
  }
}

route();
