// The rules pages, drawn from a RulesCtrl: /rules/ lists the catalogue's games, /rules/<game>/
// shows that game's rules (rules/<game>.js) with a table of contents. `rulesArticle` draws one
// game's rules anywhere (the table's rules drawer uses it too). Pure functions of their input.

import { cardSvg, cardName, suitSymbol } from "../cards.js";
import { gameName } from "../catalogue.js";
import { LANG, t } from "../i18n.js";
import { h, markup } from "../render.js";
import { factAt, fill, pieces } from "./text.js";

// A text of the rules, filled and with its bold words and cards.
function inline(text, facts) {
  return pieces(fill(text, facts)).map((piece, i) => {
    if (piece.bold !== undefined) return h("strong", { key: i }, piece.bold);
    if (piece.card !== undefined) {
      // the suit's sign stays with the name's first word
      const [first, ...rest] = cardName(piece.card, LANG).split(" ");
      return h("span.card-ref", { key: i }, [
        h("span.card-ref-head", [markup("span.card-ref-suit", suitSymbol(piece.card[0], "1em")), first]),
        rest.length ? ` ${rest.join(" ")}` : "",
      ]);
    }
    // a number and its suffix stay on one line: "2-t", "40-et" (a non-breaking hyphen)
    return piece.text.replace(/(\d)-(?=\p{L})/gu, "$1\u2011");
  });
}

function cardsBlock(block, facts) {
  return h("figure.rules-cards", [
    h("ul", block.cards.map((code) => h("li", { key: code }, [
      markup("span.rules-card", cardSvg(code, LANG)),
      block.values ? h("span.rules-card-value", String(factAt(facts, `card_points.${code[1]}`))) : null,
    ]))),
    block.caption ? h("figcaption", inline(block.caption, facts)) : null,
  ]);
}

function tableBlock(table, facts) {
  const columns = table.head.length;
  return h("div.rules-table-wrap", { attrs: { tabindex: "0", role: "region", "aria-label": fill(table.head[0], facts) } }, [
    h("table.rules-table", [
      h("thead", [h("tr", table.head.map((cell, i) => h("th", { key: i, attrs: { scope: "col" } }, fill(cell, facts))))]),
      h("tbody", table.rows.map((row, i) => (row.group
        ? h("tr.group", { key: i }, [h("th", { attrs: { colspan: columns, scope: "colgroup" } }, inline(row.group, facts))])
        : h("tr", { key: i }, [
          ...row.cells.map((cell, j) => h("td", { key: j }, inline(cell, facts))),
          row.fact ? h("td.num", { key: "fact" }, String(factAt(facts, row.fact))) : null,
        ])))),
    ]),
  ]);
}

function block(b, facts, level) {
  if (typeof b === "string") return h("p", inline(b, facts));
  if (b.cards) return cardsBlock(b, facts);
  if (b.table) return tableBlock(b.table, facts);
  if (b.list) return h("ul.rules-list", b.list.map((item, i) => h("li", { key: i }, inline(item, facts))));
  if (b.terms) {
    return h("dl.rules-terms", b.terms.flatMap(([term, text], i) => [
      h("dt", { key: `t${i}` }, inline(term, facts)),
      h("dd", { key: `d${i}` }, inline(text, facts)),
    ]));
  }
  if (b.example) {
    return h("section.rules-example", [
      h(`h${level + 1}`, inline(b.example.title, facts)),
      h("ol", b.example.lines.map((line, i) => h("li", { key: i }, inline(line, facts)))),
    ]);
  }
  return null;
}

// One game's rules in the page's language: its title (at `level`), introduction, table of
// contents and sections; anchors are `prefix` + the section's id. `onContents(id, event)`, when
// given, handles a contents link (the drawer scrolls inside itself instead of changing the URL).
export function rulesArticle(rules, { level = 1, prefix = "", onContents = null } = {}) {
  const language = rules[LANG] ?? rules.hu;
  const { facts } = rules;
  const sub = Math.min(level + 1, 6);
  return h("article.rules", { key: rules.variant, attrs: { lang: LANG, "data-rules": rules.variant } }, [
    h(`h${level}.rules-title`, inline(language.title, facts)),
    h("p.rules-intro", inline(language.intro, facts)),
    h("nav.rules-toc", { attrs: { "aria-label": t("rules_contents") } }, [
      h("p.rules-toc-title", t("rules_contents")),
      h("ol", language.sections.map((section) => h("li", { key: section.id }, [
        h("a", {
          attrs: { href: `#${prefix}${section.id}` },
          on: onContents ? { click: (event) => onContents(`${prefix}${section.id}`, event) } : {},
        }, fill(section.title, facts)),
      ]))),
    ]),
    ...language.sections.map((section) => h("section.rules-section", {
      key: section.id,
      attrs: { id: `${prefix}${section.id}`, "aria-labelledby": `${prefix}${section.id}-title`, tabindex: "-1" },
    }, [
      h(`h${sub}`, { attrs: { id: `${prefix}${section.id}-title` } }, inline(section.title, facts)),
      ...section.blocks.map((b) => block(b, facts, sub)),
    ])),
  ]);
}

const chooserLink = () => h("a.rules-all", { attrs: { href: "/rules/", "data-link": "" } }, t("rules_all"));

// After the page is drawn, its anchor (a link to /rules/<game>/#bidding) is scrolled to.
const toAnchor = {
  insert: () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (target) target.scrollIntoView();
  },
};

export function rulesView(ctrl) {
  if (ctrl.variant !== null) {
    const rules = ctrl.rules();
    if (!rules) {
      return h("div.rules-screen", [
        h("h1", t("rules")),
        h("p.notice", t("rules_missing", { game: ctrl.name(ctrl.variant) })),
        h("p", [chooserLink()]),
      ]);
    }
    return h("div.rules-screen", { key: ctrl.variant, hook: toAnchor }, [
      h("p.rules-nav", [chooserLink()]),
      rulesArticle(rules),
      h("p.rules-nav", [chooserLink()]),
    ]);
  }
  return h("div.rules-screen", [
    h("h1", t("rules")),
    h("p", t("rules_choose")),
    ctrl.status ? h("p.notice", { attrs: { role: "alert" } }, ctrl.status) : null,
    h("ul.rules-games", ctrl.games.map((game) => h("li", { key: game.variant }, ctrl.hasRules(game.variant)
      ? [h("a", { attrs: { href: `/rules/${encodeURIComponent(game.variant)}/`, "data-link": "" } }, gameName(game))]
      : [h("span", gameName(game)), " — ", h("span.rules-none", t("rules_none"))]))),
  ]);
}
