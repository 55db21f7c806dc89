// A page that only says something: a room that is over, or a page that could not be opened,
// with the way home.

import { t } from "../i18n.js";
import { h } from "../render.js";

export const homeLink = () => h("a.home-link", { attrs: { href: "/", "data-link": "" } }, t("back_to_home"));

// {title, text, alert}: the page's heading, what happened, whether it is an error (read out at
// once)
export function noticeView({ title, text, alert = false }) {
  return h("div.notice-screen", [
    h("h1", title),
    h("p.notice", alert ? { attrs: { role: "alert" } } : {}, text),
    h("p", [homeLink()]),
  ]);
}
