// The home page, drawn from a HomeCtrl: pure functions of its state (home/ctrl.js acts). The
// lists of games, targets and Kati's levels come from the catalogue the controller holds.

import { accountForms, form, statusLine } from "../account/view.js";
import { gameName } from "../catalogue.js";
import { matchRow } from "../history/view.js";
import { LANG, monthName, t } from "../i18n.js";
import { h } from "../render.js";
import { STAKES } from "./ctrl.js";

export function panel(title, children, sel = "section.panel") {
  return h(sel, { attrs: { "aria-label": title } }, [h("h2", title), ...children]);
}

const option = (value, text, selected) =>
  h("option", { key: String(value), attrs: { value: String(value) }, props: { selected } }, text);

// The game and, where it may be played to more than one target, the match target.
function gameChoice(ctrl, choice, prefix) {
  const offered = choice.games(ctrl.games);
  const game = choice.game(ctrl.games);
  const several = Boolean(game) && game.targets.length > 1;
  return h("div.game-choice", [
    h("label", { attrs: { for: `${prefix}-variant` } }, t("variant")),
    h(`select#${prefix}-variant`, { on: { change: (e) => ctrl.chooseVariant(choice, e.target.value) } },
      offered.map((g) => option(g.variant, gameName(g), g.variant === choice.variant))),
    several ? h("label", { key: "target-label", attrs: { for: `${prefix}-target` } }, t("target")) : null,
    several
      ? h(`select#${prefix}-target`, { key: `target-${game.variant}`, on: { change: (e) => ctrl.chooseTarget(choice, e.target.value) } },
        game.targets.map((n) => option(n, t("target_points", { points: n }), n === choice.target)))
      : null,
  ]);
}

function playKatiPanel(ctrl) {
  const { kati } = ctrl;
  return panel(t("play_kati"), [
    h("p", t("play_kati_help")),
    form("form.kati", () => ctrl.playKati(), [
      gameChoice(ctrl, kati.choice, "kati"),
      h("label", { attrs: { for: "strength" } }, t("strength")),
      h("select#strength", { on: { change: (e) => { kati.strength = e.target.value; } } },
        ctrl.katiLevels().map((s) => option(s, t(`strength_${s}`), s === kati.strength))),
      h("button.primary", { attrs: { type: "submit" } }, t("play_kati")),
      statusLine(kati.status),
    ]),
    ctrl.learningGame()
      ? h("p.learn", [
          h("button.learn-start", { attrs: { type: "button" }, on: { click: () => ctrl.learn() } }, t("guide_start")),
          " ", h("span.help", t("guide_start_help")),
        ])
      : null,
  ]);
}

function friendsPanel(ctrl) {
  const opening = ctrl.member
    ? h("div.room-open", [
      gameChoice(ctrl, ctrl.room.choice, "room"),
      h("button.primary", { attrs: { type: "button" }, on: { click: () => ctrl.openRoom() } }, t("create_room")),
    ])
    : h("p", t("registered_only"));
  return panel(t("friends"), [
    h("p", t("friends_help")),
    opening,
    form("form.join-code", () => ctrl.joinRoom(), [
      h("label", { attrs: { for: "join-code" } }, t("join_code")),
      h("input#join-code", {
        attrs: { autocomplete: "off", maxlength: 12, size: 8 },
        props: { value: ctrl.join.code },
        on: { input: (e) => { ctrl.join.code = e.target.value; } },
      }),
      h("button", { attrs: { type: "submit" } }, t("join")),
    ]),
    statusLine(ctrl.room.status),
  ]);
}

function rankedPanel(ctrl) {
  if (!ctrl.member) return panel(t("ranked"), [h("p", t("ranked_help")), h("p", t("registered_only"))]);
  const { ranked } = ctrl;
  const searching = Boolean(ranked.ticket);
  return panel(t("ranked"), [
    h("p", t("ranked_help")),
    form("form.ranked", () => ctrl.findMatch(), [
      gameChoice(ctrl, ranked.choice, "ranked"),
      h("label", { attrs: { for: "stake" } }, t("stake")),
      h("select#stake", { on: { change: (e) => { ranked.stake = Number(e.target.value); } } },
        STAKES.map((s) => option(s, String(s), s === ranked.stake))),
      h("button.primary", { attrs: { type: "submit" } }, t("find_match")),
    ], { attrs: { hidden: searching } }),
    h("p.form-status", { attrs: { role: "status", "aria-live": "polite" } }, searching
      ? [h("span.searching", t("searching", { seconds: ranked.seconds })), " ",
        h("button", { attrs: { type: "button" }, on: { click: () => ctrl.cancelSearch() } }, t("cancel"))]
      : ranked.status),
  ]);
}

// A ledger entry's kind in words: every kind the server has its own (tests/js/i18n.test.mjs,
// from fixtures/ledger_kinds.json), a kind newer than this client a plain "entry", never a code.
const kindName = (kind) => (t(`ledger_${kind}`) === `ledger_${kind}` ? t("ledger_other") : t(`ledger_${kind}`));

function walletPanel(ctrl) {
  const { wallet } = ctrl;
  return panel(t("wallet"), [
    h("p.balance", wallet.balance === null ? wallet.status : t("balance", { coins: wallet.balance })),
    h("h3", t("ledger")),
    h("ol.ledger", wallet.ledger.map((entry) => h("li", { key: entry.id ?? entry.created_at },
      `${entry.amount > 0 ? "+" : ""}${entry.amount} · ${kindName(entry.kind)} · ${new Date(entry.created_at).toLocaleString(LANG)}`))),
    h("p.account-links", [
      h("a.my-account", { attrs: { href: "/account/", "data-link": "" } }, t("my_account_link")), " ",
      h("button", { attrs: { type: "button" }, on: { click: () => ctrl.logOut() } }, t("logout")),
    ]),
  ]);
}

// A ranked game's block: its rating, results and medals.
function rankedStats(ctrl, v) {
  const game = ctrl.games.find((g) => g.variant === v.variant) ?? { variant: v.variant, labels: {} };
  const name = gameName(game);
  const medals = v.medals.map((m) => `${t(`medal_${m.medal}`)} (${monthName(m.year, m.month)})`).join(", ");
  return h("section.game-stats", { key: v.variant, attrs: { "aria-label": name } }, [
    h("h3", name),
    h("p", [
      t("stats_line", { matches: v.matches, wins: v.wins, radli: v.radli, schneider: v.schneider }), h("br"),
      t("rating", { rating: v.rating.rating }), h("br"),
      medals ? t("medals", { medals }) : t("no_medals"),
    ]),
  ]);
}

// Another game's block: each number its stats declare, named by the client's words for it
// (`stat_<name>`) or, lacking them, by its name.
function gameStats(game, numbers) {
  const name = gameName(game);
  const words = (key) => (t(`stat_${key}`) === `stat_${key}` ? key : t(`stat_${key}`));
  return h("section.game-stats", { key: game.variant, attrs: { "aria-label": name } }, [
    h("h3", name),
    h("p", Object.entries(numbers).map(([key, value]) => `${words(key)}: ${value ?? "–"}`).join(" · ")),
  ]);
}

function statsView(ctrl) {
  const payload = ctrl.stats.payload;
  if (!payload) return h("div.stats", ctrl.stats.status);
  const others = ctrl.games.filter((g) => payload[g.variant] && typeof payload[g.variant] === "object");
  return h("div.stats", [
    ...payload.variants.map((v) => rankedStats(ctrl, v)),
    ...others.map((g) => gameStats(g, payload[g.variant])),
  ]);
}

function blocksView(ctrl) {
  const { list, status } = ctrl.blocks;
  return h("section.blocks", { attrs: { "aria-label": t("blocked_players") } }, [
    h("h3", t("blocked_players")),
    list === null ? null : list.length === 0
      ? h("p", t("no_blocked_players"))
      : h("ul.blocked", list.map((block) => h("li", { key: String(block.user_id) }, [
        h("span", block.display_name), " ",
        h("button", {
          attrs: { type: "button", "aria-label": t("unblock_who", { name: block.display_name }) },
          on: { click: () => ctrl.unblock(block) },
        }, t("unblock")),
      ]))),
    statusLine(status),
  ]);
}

function profilePanel(ctrl) {
  return panel(t("profile"), [
    statsView(ctrl),
    form("form.profile", () => ctrl.saveName(), [
      h("label", { attrs: { for: "display-name" } }, t("display_name")),
      h("input#display-name", {
        attrs: { maxlength: 40 },
        props: { value: ctrl.profile.name },
        on: { input: (e) => { ctrl.profile.name = e.target.value; } },
      }),
      h("button", { attrs: { type: "submit" } }, t("save")),
      statusLine(ctrl.profile.status),
    ]),
    blocksView(ctrl),
  ]);
}

// After logging in from a guest's session: bring its finished matches along, or leave them.
function guestMatchesPanel(ctrl) {
  const { finished, status } = ctrl.guestMatches;
  if (!finished && !status) return null;
  return panel(t("guest_matches"), [
    finished ? h("p", t("guest_matches_offer", { count: finished })) : null,
    finished
      ? h("p.choice", [
        h("button.primary", { attrs: { type: "button" }, on: { click: () => ctrl.bringGuestMatches() } }, t("guest_matches_bring")),
        " ",
        h("button", { attrs: { type: "button" }, on: { click: () => ctrl.leaveGuestMatches() } }, t("guest_matches_leave")),
      ])
      : null,
    statusLine(status),
  ], "section.panel.guest-matches");
}

// The latest few matches; all of them, by game and page, on "Meccseim" (/matches/).
function matchesPanel(ctrl) {
  return panel(t("my_matches"), [
    ctrl.matches.length ? null : h("p", t("no_matches")),
    h("ol.history-rows", ctrl.matches.map((row) => matchRow(ctrl.games, row))),
    h("p", [h("a.all-matches", { attrs: { href: "/matches/", "data-link": "" } }, t("history_all"))]),
  ]);
}

function settingsPanel(ctrl) {
  const { settings } = ctrl;
  return panel(t("settings"), [
    h("p", [
      h("input#sound", {
        attrs: { type: "checkbox" },
        props: { checked: settings.sound },
        on: { change: (e) => ctrl.setSound(e.target.checked) },
      }),
      " ",
      h("label", { attrs: { for: "sound" } }, t("sound")),
    ]),
    h("p", [
      h("label", { attrs: { for: "trick-pause" } }, t("trick_pause")), " ",
      h("input#trick-pause", {
        attrs: { type: "number", min: 0, max: 5, step: 0.5 },
        props: { value: String(settings.trickPause) },
        on: { change: (e) => ctrl.setTrickPause(e.target.value) },
      }),
    ]),
  ]);
}

function hello(me) {
  if (!me) return t("visitor_hello");
  return me.is_guest ? t("guest_hello", { name: me.display_name }) : t("hello", { name: me.display_name });
}

// The rules of the games (/rules/), open to everyone.
export const rulesPanel = () => panel(t("rules"), [
  h("p", t("rules_help")),
  h("a.rules-link", { attrs: { href: "/rules/", "data-link": "" } }, t("rules")),
]);

export function homeView(ctrl) {
  return h("div.home", [
    h("h1.hello", hello(ctrl.me)),
    h("div.panels", [
      guestMatchesPanel(ctrl),
      playKatiPanel(ctrl),
      rulesPanel(),
      friendsPanel(ctrl),
      rankedPanel(ctrl),
      ctrl.member ? walletPanel(ctrl) : panel(t("account"), accountForms(ctrl.account)),
      ctrl.member ? profilePanel(ctrl) : null,
      ctrl.me ? matchesPanel(ctrl) : null,
      settingsPanel(ctrl),
      panel(t("leaderboard"), [h("a", { attrs: { href: "/leaderboard/" } }, t("leaderboard"))]),
    ]),
  ]);
}
