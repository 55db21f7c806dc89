// The player's matches, drawn from a HistoryCtrl; `matchRow` is also the home page's "Meccseim"
// panel's row. A row: when, which game and how it was played, against whom (Kati with her
// strength; a person's name opens their profile), the score (partnership: the chips at the
// end), the result and how long it went; and the way back to the match.

import { ANALYSED, analysisPath } from "../analysis/board.js";
import { gameLabel, gameName } from "../catalogue.js";
import { LANG, t } from "../i18n.js";
import { h } from "../render.js";
import { homeLink } from "../notice/view.js";
import { PAGE_SIZE } from "./ctrl.js";

const when = new Intl.DateTimeFormat(LANG, { dateStyle: "medium", timeStyle: "short" });

export const dateText = (iso) => when.format(new Date(iso));

// the catalogue's short name of a game (its long one where the player chooses it)
export const gameOf = (games, variant, name = gameLabel) => name(games.find((g) => g.variant === variant) ?? { variant, labels: {} });

// A person's name as a link to their profile; Kati with her strength.
export function playerName(player) {
  if (player.is_computer) return h("span.kati", `Kati (${t(`strength_${player.strength}`)})`);
  if (player.user_id === null) return h("span", player.name);
  const attrs = { href: `/p/${player.user_id}/`, "data-link": "" };
  return h("a.profile-link", { attrs }, player.name);
}

// The players of a row other than its owner's: "Ellenfél: Béla", or at four seats "Az
// asztalnál: …".
export function others(players) {
  const label = t(players.length > 1 ? "history_at_table" : "history_against");
  if (!players.length) return h("p.row-who", `${t("history_against")} ${t("history_no_opponent")}`);
  return h("p.row-who", [label, " ", ...players.flatMap((p, i) => [i ? ", " : "", playerName(p)])]);
}

// When, which game, how it was played.
export const rowHead = (games, iso, variant, mode) => h("p.row-head", [
  h("time", { attrs: { datetime: iso } }, dateText(iso)),
  " · ", h("span.row-game", gameOf(games, variant)),
  " · ", t(`mode_${mode}`),
]);

// The score from the owner's side: theirs first.
export const scoreFrom = (scores, seat) => [scores[seat], ...scores.filter((_, s) => s !== seat)].join(" : ");

function scoreText(row) {
  const mine = row.your_seat;
  if (row.chips) return t("history_chips", { chips: row.chips[mine] });
  if (row.variant === "partnership" || !row.scores.length) return null;
  return scoreFrom(row.scores, mine);
}

// The result, and why it ended where that was not on points ("feladással", "magára hagyva
// lejárt").
export function resultParts(row) {
  const result = h(`strong.row-result.result-${row.result ?? row.status}`,
    row.status === "finished" ? t(`history_${row.result}`) : t(`status_${row.status}`));
  const why = row.status === "finished" && row.end_reason && row.end_reason !== "points";
  return why ? [result, " · ", h("span.row-reason", t(`end_reason_${row.end_reason}`))] : [result];
}

function lengthParts(row) {
  const deals = row.deals === 1 ? t("history_deals_one") : t("history_deals", { count: row.deals });
  if (row.status !== "finished" || !row.finished_at || row.end_reason === "lapsed") return [deals];
  const minutes = Math.max(1, Math.round((new Date(row.finished_at) - new Date(row.created_at)) / 60000));
  const time = minutes < 60 ? t("history_minutes", { minutes })
    : t("history_hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return [deals, time];
}

function openLink(row) {
  const going = row.status === "active" || row.status === "waiting";
  const label = going ? t("history_resume") : t("history_view");
  return h(`a.row-open${going ? ".button" : ""}`, {
    attrs: { href: `/m/${row.id}/`, "data-link": "", "aria-label": `${label}: ${dateText(row.created_at)}` },
  }, label);
}

// A finished match of a game the server analyses: its first deal's analysis (the screen steps
// on to the next deals).
function analysisLink(row) {
  if (row.status !== "finished" || !row.deals || !ANALYSED.has(row.variant)) return null;
  return h("a.row-analysis", {
    attrs: { href: analysisPath(row.id, 1), "data-link": "", "aria-label": `${t("analysis")}: ${dateText(row.created_at)}` },
  }, t("analysis"));
}

export function matchRow(games, row) {
  const score = scoreText(row);
  return h("li.history-row", { key: row.id, attrs: { "data-status": row.status, "data-result": row.result ?? "" } }, [
    rowHead(games, row.created_at, row.variant, row.mode),
    others(row.players.filter((p) => !p.is_you)),
    h("p.row-how", [
      ...resultParts(row),
      score ? " · " : "", score ? h("span.row-score", score) : "",
      ...lengthParts(row).flatMap((part) => [" · ", h("span.row-length", part)]),
    ]),
    openLink(row),
    analysisLink(row),
  ]);
}

export function historyView(ctrl) {
  const rows = ctrl.rows ?? [];
  const from = ctrl.count ? ctrl.offset + 1 : 0;
  const to = ctrl.offset + rows.length;
  return h("div.history", [
    h("h1", t("my_matches")),
    h("form.history-filter", { on: { submit: (e) => e.preventDefault() } }, [
      h("label", { attrs: { for: "history-game" } }, t("history_game")),
      h("select#history-game", { on: { change: (e) => ctrl.chooseGame(e.target.value) } }, [
        h("option", { attrs: { value: "" }, props: { selected: ctrl.variant === "" } }, t("history_all_games")),
        ...ctrl.games.map((g) => h("option", {
          key: g.variant, attrs: { value: g.variant }, props: { selected: g.variant === ctrl.variant },
        }, gameName(g))),
      ]),
    ]),
    h("p.form-status", { attrs: { role: "status" } }, ctrl.status || (ctrl.rows === null ? ""
      : ctrl.count ? t("history_showing", { from, to, count: ctrl.count }) : t("no_matches"))),
    h("ol.history-rows", rows.map((row) => matchRow(ctrl.games, row))),
    ctrl.count > PAGE_SIZE ? h("nav.pager", { attrs: { "aria-label": t("history_pages") } }, [
      h("button", { attrs: { type: "button", disabled: !ctrl.hasPrevious }, on: { click: () => ctrl.page(-1) } }, t("history_previous")),
      h("button", { attrs: { type: "button", disabled: !ctrl.hasNext }, on: { click: () => ctrl.page(1) } }, t("history_next")),
    ]) : null,
    h("p", [homeLink()]),
  ]);
}
