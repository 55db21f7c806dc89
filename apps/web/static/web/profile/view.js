// A player's public profile, drawn from a ProfileCtrl: the name, the rating and ranked results
// per ranked game, the medals, the latest finished ranked and friend matches (whose players'
// names open their profiles). Back: to where the player came from (the table, the history, the
// leaderboard), or home.

import { gameName } from "../catalogue.js";
import { gameOf, others, resultParts, rowHead, scoreFrom } from "../history/view.js";
import { monthName, t } from "../i18n.js";
import { h } from "../render.js";
import { homeLink } from "../notice/view.js";


function ratings(ctrl) {
  const { profile, games } = ctrl;
  return h("section.profile-ratings", { attrs: { "aria-label": t("profile_ratings") } }, [
    h("h2", t("profile_ratings")),
    h("ul.profile-list", profile.ratings.map((r) => h("li", { key: r.variant }, [
      h("strong", gameOf(games, r.variant, gameName)), h("br"),
      r.rating.rated_matches
        ? t("profile_rating_line", { rating: r.rating.rating, matches: r.matches, wins: r.wins })
        : t("profile_unrated"),
      r.rating.rated_matches && r.rating.provisional ? ` · ${t("profile_provisional")}` : "",
    ]))),
  ]);
}

function medals(ctrl) {
  const { profile, games } = ctrl;
  return h("section.profile-medals", { attrs: { "aria-label": t("profile_medals") } }, [
    h("h2", t("profile_medals")),
    profile.medals.length
      ? h("ul.profile-list", profile.medals.map((m) => h("li", { key: `${m.variant}-${m.year}-${m.month}` }, [
        h(`span.medal.medal-${m.medal}`, t(`medal_${m.medal}`)),
        ` · ${gameOf(games, m.variant)} · ${monthName(m.year, m.month)}`,
      ])))
      : h("p", t("no_medals")),
  ]);
}

function recent(ctrl) {
  const { profile, games } = ctrl;
  return h("section.profile-recent", { attrs: { "aria-label": t("profile_recent") } }, [
    h("h2", t("profile_recent")),
    profile.recent.length
      ? h("ol.history-rows", profile.recent.map((r, i) => h("li.history-row", { key: `${r.finished_at}-${i}` }, [
        rowHead(games, r.finished_at, r.variant, r.mode),
        others(r.others),
        h("p.row-how", [
          ...resultParts({ ...r, status: "finished" }),
          ...(r.variant === "partnership" ? [] : [" · ", h("span.row-score", scoreFrom(r.scores, r.seat))]),
        ]),
      ])))
      : h("p", t("profile_no_recent")),
  ]);
}

export function profileView(ctrl) {
  const { profile } = ctrl;
  return h("div.profile-screen", [
    h("h1", profile.is_you ? t("profile_yours", { name: profile.name }) : profile.name),
    h("div.panels", [
      h("div.panel", [ratings(ctrl)]),
      h("div.panel", [medals(ctrl)]),
      h("div.panel", [recent(ctrl)]),
    ]),
    h("p", [
      history.length > 1
        ? h("button.link", { attrs: { type: "button" }, on: { click: () => history.back() } }, t("profile_back"))
        : null,
      " ", homeLink(),
    ]),
  ]);
}
