// The rules texts' small language (pure, no DOM, unit-tested): {fact} placeholders filled from
// the game's facts, **bold**, and [PA] card references.

// The value at a dotted path of the facts ("points.win_no_trick", "targets.0"), or undefined.
export function factAt(facts, path) {
  return path.split(".").reduce((node, key) => (node == null ? undefined : node[key]), facts);
}

const PLACEHOLDER = /\{([a-z_0-9.]+)\}/g;

// Every placeholder named in a text.
export const placeholders = (text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);

// The text with its placeholders filled (an unknown one is left as it is: a test finds it).
export const fill = (text, facts) =>
  text.replace(PLACEHOLDER, (whole, path) => {
    const value = factAt(facts, path);
    return value === undefined || typeof value === "object" ? whole : String(value);
  });

// The table of the cards' worth, highest first, in a language ("hu" or "en"): a row for each
// rank the game's facts give a value (the nine only where the game has it).
const RANK_WORDS = {
  hu: { head: ["Lap", "Sarokjel", "Érték"], A: ["ász", "Á"], X: ["tízes", "10"], K: ["király", "K"],
        O: ["felső", "F"], U: ["alsó", "U"], 9: ["kilences", "9"] },
  en: { head: ["Card", "Corner", "Worth"], A: ["Ace (ász)", "A"], X: ["Ten (tízes)", "10"], K: ["King (király)", "K"],
        O: ["Over (felső)", "O"], U: ["Under (alsó)", "U"], 9: ["Nine (kilences)", "9"] },
};

export function cardValueTable(language, facts) {
  const words = RANK_WORDS[language];
  const ranks = ["A", "X", "K", "O", "U", "9"].filter((rank) => facts.card_points[rank] !== undefined);
  return { table: { head: words.head, rows: ranks.map((rank) => ({ cells: words[rank], fact: `card_points.${rank}` })) } };
}

const INLINE = /\*\*(.+?)\*\*|\[([PTZM][9UOKXA])\]/g;

// A filled text in pieces: {text}, {bold}, {card}.
export function pieces(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push(m[1] !== undefined ? { bold: m[1] } : { card: m[2] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

// Every string of a language's rules (titles, paragraphs, cells, terms, examples), for checks.
export function strings(language) {
  const out = [language.title, language.intro];
  const block = (b) => {
    if (typeof b === "string") out.push(b);
    else if (b.list) out.push(...b.list);
    else if (b.terms) b.terms.forEach(([term, text]) => out.push(term, text));
    else if (b.example) out.push(b.example.title, ...b.example.lines);
    else if (b.table) {
      out.push(...b.table.head);
      b.table.rows.forEach((row) => (row.group ? out.push(row.group) : out.push(...row.cells)));
    } else if (b.caption) out.push(b.caption);
  };
  language.sections.forEach((section) => {
    out.push(section.title);
    section.blocks.forEach(block);
  });
  return out;
}

// The facts a language's tables show, row by row ({section, path}).
export function tableFacts(language) {
  return language.sections.flatMap((section) =>
    section.blocks.filter((b) => b.table).flatMap((b) =>
      b.table.rows.filter((row) => row.fact).map((row) => ({ section: section.id, path: row.fact }))));
}
