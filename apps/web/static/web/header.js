// The page's header: who is playing, and the language (a plain form posted to Django's
// /i18n/setlang/, so it works before the client loads too). Redrawn on every route.

import { LANG, t } from "./i18n.js";
import { h, mount } from "./render.js";
import { session } from "./session.js";

function csrf() {
  return decodeURIComponent((document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "");
}

function headerView() {
  const me = session.me;
  return h("div.account-bar", [
    me && !me.is_guest
      ? h("a.who", { attrs: { href: "/account/", "data-link": "", title: t("header_account") } }, me.display_name)
      : h("a.who.sign-in", { attrs: { href: "/account/", "data-link": "" } }, [
        me ? h("span", `${me.display_name} · `) : null, t("header_login"),
      ]),
    h("form.language", { attrs: { method: "post", action: "/i18n/setlang/" } }, [
      h("input", { attrs: { type: "hidden", name: "csrfmiddlewaretoken" }, props: { value: csrf() } }),
      h("input", { attrs: { type: "hidden", name: "next" }, props: { value: location.pathname } }),
      h("label.visually-hidden", { attrs: { for: "language-select" } }, t("language")),
      h("select#language-select", {
        attrs: { name: "language" },
        on: {
          change: (event) => {
            // back to the same place of the page (a section of the rules) in the new language
            event.target.form.elements.next.value = location.pathname + location.hash;
            event.target.form.submit();
          },
        },
      }, [
        h("option", { attrs: { value: "hu" }, props: { selected: LANG === "hu" } }, "Magyar"),
        h("option", { attrs: { value: "en" }, props: { selected: LANG === "en" } }, "English"),
      ]),
    ]),
  ]);
}

let redraw = null;

// Draws the header in `element` (once) and redraws it: call after `session.me` changes.
export function drawHeader(element) {
  redraw ??= mount(element, headerView);
  redraw();
}
