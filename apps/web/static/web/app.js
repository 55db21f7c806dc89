// The club's web client: routes (/, /join/<code>, /m/<match id>/), the home page with every way
// to play, and the account. Everything goes through the public API (api.js).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { LANG, problemText, t } from "./i18n.js";
import { LiveSocket } from "./socket.js";
import { Table } from "./table.js";

const STAKES = [20, 50, 100, 200, 500, 1000];

const root = document.getElementById("app");
const liveRegion = document.getElementById("announcer");
let me = null;
let screen = null;
let ticket = null; // a ranked search under way: {id, stake, since}

// The aria-live region: each announcement is a new line (read in turn), the last few kept.
function announce(text) {
  liveRegion.append(h("p", {}, text));
  while (liveRegion.childElementCount > 5) liveRegion.firstElementChild.remove();
}

function navigate(path, { replace: replacing = false } = {}) {
  if (replacing) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  route();
}

window.addEventListener("popstate", () => route());
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-link]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});

async function whoAmI() {
  try {
    me = await api.me();
  } catch (error) {
    if (error.status !== 401) throw error;
    me = null;
  }
  return me;
}

// A visitor without an account plays as a guest from the first visit: no registration.
async function ensurePlayer() {
  if (me) return me;
  await whoAmI();
  if (!me) {
    await api.guest();
    await whoAmI();
  }
  return me;
}

let routing = 0; // the newest navigation; an older one still loading gives way

async function route() {
  const mine = ++routing;
  if (screen && screen.stop) screen.stop();
  screen = null;
  const path = location.pathname;
  const matchPath = path.match(/^\/m\/([0-9a-f-]{36})\/?$/);
  const joinPath = path.match(/^\/join\/([A-Za-z0-9]+)\/?$/);
  try {
    if (matchPath) {
      await ensurePlayer();
      if (mine !== routing) return;
      header();
      const table = new Table(root, matchPath[1], { navigate, announce });
      screen = table;
      await table.start();
      if (mine !== routing) table.stop();
    } else if (joinPath) {
      await joinScreen(joinPath[1]);
    } else {
      await ensurePlayer();
      await homeScreen();
    }
  } catch (error) {
    replace(root, h("p.notice", { role: "alert" }, problemText(error)), h("a", { href: "/", "data-link": "" }, t("home")));
  }
}

// --- the header ------------------------------------------------------------------------------

function header() {
  const bar = document.getElementById("account");
  const csrf = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const language = h(
    "form.language",
    { method: "post", action: "/i18n/setlang/" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: decodeURIComponent(csrf) }),
    h("input", { type: "hidden", name: "next", value: location.pathname }),
    h("label.visually-hidden", { for: "language-select" }, t("language")),
    h("select", { id: "language-select", name: "language", onchange: (event) => event.target.form.submit() },
      h("option", { value: "hu", selected: LANG === "hu" }, "Magyar"),
      h("option", { value: "en", selected: LANG === "en" }, "English")),
    h("noscript", {}, h("button", { type: "submit" }, "OK")),
  );
  replace(bar, me ? h("span.who", {}, me.display_name) : null, language);
}

// --- the home page ---------------------------------------------------------------------------

async function homeScreen() {
  header();
  // the games' lists are filled before the page is shown (a click never finds them empty)
  await games().catch(() => null);
  const registered = me && !me.is_guest;
  const page = h(
    "div.home",
    {},
    h("p.hello", {}, me.is_guest ? t("guest_hello", { name: me.display_name }) : t("hello", { name: me.display_name })),
    h("div.panels", {},
      playKatiPanel(),
      friendsPanel(registered),
      rankedPanel(registered),
      registered ? walletPanel() : accountPanel(),
      registered ? profilePanel() : null,
      matchesPanel(),
      settingsPanel(),
      h("section.panel", {}, h("h2", {}, t("leaderboard")), h("a", { href: "/leaderboard/" }, t("leaderboard"))),
    ),
  );
  replace(root, page);
}

function panel(title, ...children) {
  return h("section.panel", { "aria-label": title }, h("h2", {}, title), ...children);
}

function failure(node, error) {
  replace(node, problemText(error));
}

// The games the server plays (GET /api/v1/games/: each variant's declaration), asked once:
// every list of games, targets and Kati's levels is made from it, none is written here.
let catalogue = null;
function games() {
  catalogue ??= api.games();
  return catalogue;
}

// A game's name: the client's own words for it when it has them (with the cards and the
// target), else the name its variant declares in the page's language.
function gameName(game) {
  const key = `variant_${game.variant}`;
  const text = t(key);
  return text === key ? (game.labels[LANG] ?? game.labels.en ?? game.variant) : text;
}

// The game and, where it may be played to more than one target, the match target: the same
// choice for a match against Kati (the games she plays), a room and ranked play (the ranked
// games). ``offered`` picks the games from the catalogue; ``onGame`` hears the chosen one.
function gameChoice(prefix, offered = () => true, onGame = () => {}) {
  const targets = h("select", { id: `${prefix}-target` });
  const targetLabel = h("label", { for: `${prefix}-target` }, t("target"));
  const variants = h("select", { id: `${prefix}-variant` });
  let byName = new Map();
  const chosen = () => byName.get(variants.value);
  const sync = () => {
    const game = chosen();
    const several = Boolean(game) && game.targets.length > 1;
    if (several) {
      replace(targets, ...game.targets.map((n) =>
        h("option", { value: n, selected: n === game.default_target }, t("target_points", { points: n }))));
    }
    targets.hidden = targetLabel.hidden = !several;
    if (game) onGame(game);
  };
  variants.addEventListener("change", sync);
  targets.hidden = targetLabel.hidden = true;
  const ready = games().then((all) => {
    const listed = all.filter(offered);
    byName = new Map(listed.map((game) => [game.variant, game]));
    replace(variants, ...listed.map((game) => h("option", { value: game.variant }, gameName(game))));
    sync();
  }).catch(() => {});
  const node = h("div.game-choice", {},
    h("label", { for: `${prefix}-variant` }, t("variant")), variants, targetLabel, targets);
  return {
    node,
    ready,
    variant: () => variants.value,
    target: () => (targets.hidden ? null : Number(targets.value)),
  };
}

function playKatiPanel() {
  const status = h("p.form-status", { role: "status" });
  const strengths = h("select", { id: "strength" });
  // Kati's levels in the chosen game, weakest first (the catalogue's), the choice kept if it
  // is one of them
  const showLevels = (chosen) => {
    const was = strengths.value;
    replace(strengths, ...chosen.computer_levels.map((s) =>
      h("option", { value: s, selected: s === was }, t(`strength_${s}`))));
  };
  const game = gameChoice("kati", (g) => g.computer_levels.length > 0, showLevels);
  const form = h(
    "form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          await game.ready;
          const match = await api.computer(form.querySelector("#strength").value, game.variant(), game.target());
          navigate(`/m/${match.id}/`);
        } catch (error) {
          failure(status, error);
        }
      },
    },
    game.node,
    h("label", { for: "strength" }, t("strength")),
    strengths,
    h("button.primary", { type: "submit" }, t("play_kati")),
    status,
  );
  return panel(t("play_kati"), h("p", {}, t("play_kati_help")), form);
}

function friendsPanel(registered) {
  const status = h("p.form-status", { role: "status" });
  const game = gameChoice("room");
  const create = h("button.primary", {
    onclick: async () => {
      try {
        await game.ready;
        const room = await api.room(game.variant(), game.target());
        navigate(`/m/${room.id}/`);
      } catch (error) {
        failure(status, error);
      }
    },
  }, t("create_room"));
  const join = h(
    "form",
    {
      onsubmit: (event) => {
        event.preventDefault();
        const code = join.querySelector("input").value.trim();
        if (code) navigate(`/join/${encodeURIComponent(code)}`);
      },
    },
    h("label", { for: "join-code" }, t("join_code")),
    h("input", { id: "join-code", autocomplete: "off", maxlength: 12, size: 8 }),
    h("button", { type: "submit" }, t("join")),
  );
  const opening = registered ? h("div.room-open", {}, game.node, create) : h("p", {}, t("registered_only"));
  return panel(t("friends"), h("p", {}, t("friends_help")), opening, join, status);
}

function rankedPanel(registered) {
  const status = h("p.form-status", { role: "status", "aria-live": "polite" });
  if (!registered) return panel(t("ranked"), h("p", {}, t("ranked_help")), h("p", {}, t("registered_only")));
  const game = gameChoice("ranked", (g) => g.ranked);
  const form = h(
    "form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          await game.ready;
          const stake = Number(form.querySelector("#stake").value);
          const answer = await api.ticket(stake, game.variant(), game.target());
          ticket = { id: answer.id, stake, since: Date.now() };
          watchTicket(status, form);
        } catch (error) {
          failure(status, error);
        }
      },
    },
    game.node,
    h("label", { for: "stake" }, t("stake")),
    h("select", { id: "stake" }, STAKES.map((s) => h("option", { value: s, selected: s === 100 }, String(s)))),
    h("button.primary", { type: "submit" }, t("find_match")),
  );
  const view = panel(t("ranked"), h("p", {}, t("ranked_help")), form, status);
  if (ticket) watchTicket(status, form);
  return view;
}

// The player socket says when the search found a match; the ticket is also polled, in case.
function watchTicket(status, form) {
  form.hidden = true;
  const cancel = h("button", {
    onclick: async () => {
      try {
        await api.ticketCancel(ticket.id);
      } finally {
        cancelled();
      }
    },
  }, t("cancel"));
  const line = h("span.searching");
  replace(status, line, " ", cancel);
  const found = (matchId) => {
    stopWatching();
    ticket = null;
    navigate(`/m/${matchId}/`);
  };
  const socket = new LiveSocket("/ws/me/", {
    onMessage: (frame) => {
      if (frame.type === "matchmaking.matched" && ticket && frame.ticket_id === ticket.id) found(frame.match_id);
      if (frame.type === "matchmaking.cancelled" && ticket && frame.ticket_id === ticket.id) {
        cancelled();
      }
    },
  });
  const tick = setInterval(async () => {
    if (!ticket) return;
    line.textContent = t("searching", { seconds: Math.round((Date.now() - ticket.since) / 1000) });
    if (Math.round((Date.now() - ticket.since) / 1000) % 3 === 0) {
      try {
        const current = await api.ticketGet(ticket.id);
        if (current.status === "matched") found(current.match_id);
        else if (current.status === "cancelled") {
          cancelled();
        }
      } catch {
        // the socket may still tell
      }
    }
  }, 1000);
  line.textContent = t("searching", { seconds: 0 });
  // The search is over without a match (cancelled here, by the server, or run out).
  function cancelled() {
    stopWatching();
    ticket = null;
    form.hidden = false;
    replace(status, t("ticket_cancelled"));
  }
  function stopWatching() {
    clearInterval(tick);
    socket.close();
    screen = null;
  }
  // Leaving the home page while searching gives the search up: a match found meanwhile would
  // start without the player, who would lose it.
  screen = {
    stop: () => {
      if (ticket) api.ticketCancel(ticket.id).catch(() => {});
      ticket = null;
      stopWatching();
    },
  };
}

function walletPanel() {
  const balance = h("p.balance", {}, t("loading"));
  const ledger = h("ol.ledger");
  api.wallet().then((wallet) => replace(balance, t("balance", { coins: wallet.balance }))).catch((e) => failure(balance, e));
  api.ledger().then((page) =>
    replace(ledger, page.results.map((entry) =>
      h("li", {}, `${entry.amount > 0 ? "+" : ""}${entry.amount} · ${entry.kind} · ${new Date(entry.created_at).toLocaleString(LANG)}`))),
  ).catch(() => {});
  return panel(t("wallet"), balance, h("h3", {}, t("ledger")), ledger, accountPanel(true));
}

function partnershipStats(p) {
  const chips = `${p.chips_won > 0 ? "+" : ""}${p.chips_won}`;
  return h("section.game-stats", { "aria-label": t("variant_partnership") },
    h("h3", {}, t("variant_partnership")),
    h("p", {}, t("partnership_stats_line", { games: p.games, wins: p.wins, losses: p.losses, left: p.left }),
      h("br"), t("partnership_chips_line", { won: p.hands_won_as_caller, solos: p.solos, chips, best: p.best_chips ?? "–" })));
}

function profilePanel() {
  const stats = h("div.stats", {}, t("loading"));
  const status = h("p.form-status", { role: "status" });
  // One block per ranked game: each has its own rating, results and medals; then the
  // four-player game (unranked): games, hands won as caller, solos and chips.
  api.stats(me.id).then((s) => replace(stats, ...s.variants.map((v) => {
    const medals = v.medals.map((m) => `${m.year}/${m.month} ${m.medal}`).join(", ");
    return h("section.game-stats", { "aria-label": t(`variant_${v.variant}`) },
      h("h3", {}, t(`variant_${v.variant}`)),
      h("p", {}, t("stats_line", { matches: v.matches, wins: v.wins, radli: v.radli, schneider: v.schneider }),
        h("br"), t("rating", { rating: v.rating.rating }), h("br"), medals ? t("medals", { medals }) : t("no_medals")));
  }), partnershipStats(s.partnership))).catch((e) => failure(stats, e));
  const form = h(
    "form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          me = await api.patch("me/", { display_name: form.querySelector("input").value });
          replace(status, t("saved"));
          header();
        } catch (error) {
          failure(status, error);
        }
      },
    },
    h("label", { for: "display-name" }, t("display_name")),
    h("input", { id: "display-name", maxlength: 40, value: me.display_name }),
    h("button", { type: "submit" }, t("save")),
    status,
  );
  return panel(t("profile"), stats, form);
}

// Sign up, verify the e-mailed code, log in and out: allauth's headless browser endpoints.
function accountPanel(signedIn = false) {
  const status = h("p.form-status", { role: "status" });
  if (signedIn) {
    return h("button", {
      onclick: async () => {
        try {
          await api.logout();
        } catch {
          // 401 is how allauth says "logged out"
        }
        me = null;
        navigate("/", { replace: true });
      },
    }, t("logout"));
  }
  return panel(t("account"), loginForm(status), signupForm(status), status);
}

async function dropGuest() {
  try {
    await api.logout();
  } catch {
    // a 401 answer means the session is gone, as wanted
  }
}

// Signed in (logged in, or the e-mailed code verified): who am I now, then on.
async function signedIn(after) {
  me = null;
  await whoAmI();
  if (after) after();
  else navigate(location.pathname, { replace: true });
}

function loginForm(status, after) {
  const form = h(
    "form.login",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        const [email, password] = [form.querySelector("[name=email]").value, form.querySelector("[name=password]").value];
        await dropGuest();
        try {
          await api.login(email, password);
        } catch (error) {
          replace(status, error.status === 400 ? t("err_invalid_credentials") : problemText(error));
          return;
        }
        await signedIn(after);
      },
    },
    h("h3", {}, t("login")),
    h("label", { for: "login-email" }, t("email")),
    h("input", { id: "login-email", name: "email", type: "email", autocomplete: "email", required: true }),
    h("label", { for: "login-password" }, t("password")),
    h("input", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", required: true }),
    h("button.primary", { type: "submit" }, t("login")),
  );
  return form;
}

function signupForm(status, after) {
  const verify = h(
    "form.verify",
    {
      hidden: true,
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          await api.verifyEmail(verify.querySelector("input").value.trim());
        } catch (error) {
          if (error.status !== 401) {
            failure(status, error);
            return;
          }
        }
        await signedIn(after);
      },
    },
    h("p", {}, t("verify_help")),
    h("label", { for: "verify-code" }, t("verify_code")),
    h("input", { id: "verify-code", autocomplete: "one-time-code", required: true }),
    h("button.primary", { type: "submit" }, t("verify")),
  );
  const form = h(
    "form.signup",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        await dropGuest();
        try {
          await api.signup(form.querySelector("[name=email]").value, form.querySelector("[name=password]").value);
        } catch (error) {
          const pending = error.status === 401 && (error.body.data?.flows || []).some((f) => f.id === "verify_email" && f.is_pending);
          if (!pending) {
            const errors = error.body.errors || [];
            replace(status, errors.length ? errors.map((e) => e.message).join(" ") : problemText(error));
            return;
          }
        }
        form.hidden = true;
        verify.hidden = false;
        verify.querySelector("input").focus();
      },
    },
    h("h3", {}, t("signup")),
    h("label", { for: "signup-email" }, t("email")),
    h("input", { id: "signup-email", name: "email", type: "email", autocomplete: "email", required: true }),
    h("label", { for: "signup-password" }, t("password")),
    h("input", { id: "signup-password", name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8 }),
    h("button", { type: "submit" }, t("signup")),
  );
  return h("div", {}, form, verify);
}

function matchesPanel() {
  const list = h("ul.matches");
  api.matches(8).then((page) =>
    replace(list, page.results.map((m) =>
      h("li", {}, h("a", { href: `/m/${m.id}/`, "data-link": "" }, `${t(`mode_${m.mode}`)} · ${m.scores.join(":") || "–"} · ${t(`status_${m.status}`)}`)))),
  ).catch(() => {});
  return panel(t("my_matches"), list);
}

function settingsPanel() {
  const sound = h("input", {
    id: "sound",
    type: "checkbox",
    checked: localStorage.getItem("snapszer.sound") === "on",
    onchange: (event) => localStorage.setItem("snapszer.sound", event.target.checked ? "on" : "off"),
  });
  const pause = h("input", {
    id: "trick-pause",
    type: "number",
    min: 0,
    max: 5,
    step: 0.5,
    value: Number(localStorage.getItem("snapszer.trickMs") ?? 1200) / 1000,
    onchange: (event) => localStorage.setItem("snapszer.trickMs", String(Math.round(Number(event.target.value) * 1000))),
  });
  return panel(t("settings"),
    h("p", {}, sound, " ", h("label", { for: "sound" }, t("sound"))),
    h("p", {}, h("label", { for: "trick-pause" }, t("trick_pause")), " ", pause));
}

// --- /join/<code> -----------------------------------------------------------------------------

async function joinScreen(code) {
  await whoAmI();
  header();
  if (!me || me.is_guest) {
    const status = h("p.form-status", { role: "status" });
    const after = () => joinScreen(code);
    replace(root, h("div.join", {},
      h("h2", {}, t("friends")),
      h("p", {}, t("invite_code", { code })),
      h("p", {}, t("err_registration_required")),
      h("div.panels", {}, panel(t("login"), loginForm(status, after)), panel(t("signup"), signupForm(status, after))),
      status));
    return;
  }
  try {
    const match = await api.join(code);
    navigate(`/m/${match.id}/`, { replace: true });
  } catch (error) {
    replace(root, h("div.join", {}, h("p.notice", { role: "alert" }, problemText(error)), h("a", { href: "/", "data-link": "" }, t("home"))));
  }
}

route();
