/**
 * Hungarian-suited playing cards (Snapszer / Hungarian 66) drawn as inline SVG.
 *
 * Self-contained ES module: no dependencies, no build step, no network.
 *
 * Card codes are two characters, suit then rank:
 *   suits  P piros (Hearts), T tök (Bells), Z zöld (Leaves), M makk (Acorns)
 *   ranks  9 kilences, U alsó, O felső, K király, X tízes, A ász
 *
 * Every exported function returns plain markup strings.  All card/suit codes
 * are validated against SUITS / RANKS (an Error is thrown otherwise) and all
 * text that ends up in markup is XML-escaped, so the output can be assigned to
 * innerHTML safely.
 *
 * The four suits differ by SHAPE as well as colour (heart; bell with rim and
 * clapper; leaf with stem and veins; acorn with textured cap and stalk), so
 * they stay distinguishable without colour vision.
 */

export const SUITS = Object.freeze(["P", "T", "Z", "M"]);
/** Ascending strength. */
export const RANKS = Object.freeze(["9", "U", "O", "K", "X", "A"]);

/** A card's place in a sorted hand: by suit (SUITS' order), then by rank. */
export const cardOrder = (code) => SUITS.indexOf(code[0]) * 10 + RANKS.indexOf(code[1]);

const SUIT_NAMES = Object.freeze({
  hu: Object.freeze({ P: "piros", T: "tök", Z: "zöld", M: "makk" }),
  en: Object.freeze({ P: "Hearts", T: "Bells", Z: "Leaves", M: "Acorns" }),
});

const RANK_NAMES = Object.freeze({
  hu: Object.freeze({
    "9": "kilences", U: "alsó", O: "felső", K: "király", X: "tízes", A: "ász",
  }),
  en: Object.freeze({
    "9": "Nine", U: "Under", O: "Over", K: "King", X: "Ten", A: "Ace",
  }),
});

/**
 * Short corner labels. No two ranks share a letter, accents aside, in either language, and a
 * letter names the same rank in both: the alsó is "U" (the Unter, as its code and the English
 * label), since "A" beside the ász's "Á" differs by an accent alone and is the ace in English.
 */
const RANK_LABELS = Object.freeze({
  hu: Object.freeze({ "9": "9", U: "U", O: "F", K: "K", X: "10", A: "Á" }),
  en: Object.freeze({ "9": "9", U: "U", O: "O", K: "K", X: "10", A: "A" }),
});

/** Fill colour of each suit symbol. */
const SUIT_COLORS = Object.freeze({
  P: "#c8102e",
  T: "#d98e04",
  Z: "#2e7d32",
  M: "#6d4c2f",
});

/** Text / frame colour per suit (tök is darkened for contrast on white). */
const INK_COLORS = Object.freeze({
  P: "#c8102e",
  T: "#8a5a00",
  Z: "#2e7d32",
  M: "#6d4c2f",
});

/** Very light tint used behind the figure cards (U, O, K). */
const TINT_COLORS = Object.freeze({
  P: "#fdecee",
  T: "#fff4dc",
  Z: "#e9f5e9",
  M: "#f3ece6",
});

const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700"';

/* ------------------------------------------------------------------------ */
/* helpers                                                                   */
/* ------------------------------------------------------------------------ */

const XML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function esc(value) {
  return String(value).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

/** Normalise a language argument: "en", "en-GB" → "en"; anything else → "hu". */
function normLang(lang) {
  return typeof lang === "string" && lang.toLowerCase().startsWith("en") ? "en" : "hu";
}

function checkSuit(suit) {
  if (typeof suit !== "string" || !SUITS.includes(suit)) {
    throw new Error("Unknown suit: " + JSON.stringify(suit));
  }
  return suit;
}

function parseCode(code) {
  if (
    typeof code !== "string" ||
    code.length !== 2 ||
    !SUITS.includes(code[0]) ||
    !RANKS.includes(code[1])
  ) {
    throw new Error("Unknown card code: " + JSON.stringify(code));
  }
  return { suit: code[0], rank: code[1] };
}

/** Round to 2 decimals to keep the markup short. */
function n(x) {
  return String(Math.round(x * 100) / 100);
}

/* ------------------------------------------------------------------------ */
/* suit symbols, each drawn in a 0..100 box                                  */
/* ------------------------------------------------------------------------ */

const SYMBOL_BODIES = Object.freeze({
  // Heart: two lobes on top, point at the bottom.
  P:
    '<path fill="#c8102e" stroke="#8e0b20" stroke-width="2.5" stroke-linejoin="round" ' +
    'd="M50 92C46 87 7 63 5 34C4 15 17 5 30 5C40 5 47 11 50 20C53 11 60 5 70 5C83 5 96 15 95 34C93 63 54 87 50 92Z"/>' +
    '<ellipse cx="29" cy="27" rx="8" ry="11" transform="rotate(-30 29 27)" fill="#fff" fill-opacity=".35"/>',

  // Bell: hanging loop, domed body, wide rim and a clapper ball underneath.
  T:
    '<g stroke="#7a4f00" stroke-width="5" stroke-linejoin="round">' +
    '<circle cx="50" cy="11" r="6.5" fill="none"/>' +
    '<path fill="#d98e04" d="M50 18C31 18 25 33 24 49C23 63 18 69 11 74L89 74C82 69 77 63 76 49C75 33 69 18 50 18Z"/>' +
    '<rect x="7" y="72" width="86" height="10" rx="5" fill="#d98e04"/>' +
    "</g>" +
    '<path d="M25 57H75" stroke="#7a4f00" stroke-width="4"/>' +
    '<path d="M36 30C32 36 31 44 31 50" stroke="#fff" stroke-opacity=".55" stroke-width="5" stroke-linecap="round" fill="none"/>' +
    '<circle cx="50" cy="90" r="8" fill="#7a4f00"/>',

  // Leaf: pointed tip on top, stem at the bottom, light central and side veins.
  Z:
    '<path d="M50 72C50 82 53 90 61 97" fill="none" stroke="#1b5e20" stroke-width="7" stroke-linecap="round"/>' +
    '<path fill="#2e7d32" stroke="#1b5e20" stroke-width="2.5" stroke-linejoin="round" ' +
    'd="M50 3C61 18 88 34 90 58C91 74 76 82 61 80C56 79 52 77 50 74C48 77 44 79 39 80C24 82 9 74 10 58C12 34 39 18 50 3Z"/>' +
    '<path fill="none" stroke="#dcefdc" stroke-width="3.5" stroke-linecap="round" ' +
    'd="M50 15V73M50 34L36 25M50 34L64 25M50 48L27 38M50 48L73 38M50 62L28 56M50 62L72 56"/>',

  // Acorn: stalk, dark cross-hatched cap, smooth pointed nut.
  M:
    '<path d="M50 4V20" stroke="#3b2716" stroke-width="8" stroke-linecap="round"/>' +
    '<path fill="#6d4c2f" stroke="#3b2716" stroke-width="2.5" stroke-linejoin="round" ' +
    'd="M25 46C25 72 39 91 50 97C61 91 75 72 75 46Z"/>' +
    '<ellipse cx="39" cy="66" rx="5" ry="12" transform="rotate(12 39 66)" fill="#fff" fill-opacity=".3"/>' +
    '<path fill="#3b2716" stroke="#3b2716" stroke-width="2.5" stroke-linejoin="round" ' +
    'd="M16 46C16 27 31 17 50 17C69 17 84 27 84 46C84 51 81 54 76 54L24 54C19 54 16 51 16 46Z"/>' +
    '<path fill="none" stroke="#b08f6e" stroke-width="2.5" ' +
    'd="M24 30L46 52M36 22L66 52M52 19L80 47M76 30L54 52M64 22L34 52M48 19L20 47"/>',
});

/** Symbol for `suit`, centred at (cx, cy) and `size` units wide, as an SVG group. */
function placeSymbol(suit, cx, cy, size) {
  const s = size / 100;
  return (
    `<g transform="translate(${n(cx - size / 2)} ${n(cy - size / 2)}) scale(${n(s)})">` +
    SYMBOL_BODIES[suit] +
    "</g>"
  );
}

/* ------------------------------------------------------------------------ */
/* public API                                                                */
/* ------------------------------------------------------------------------ */

/** "piros" / "tök" / "zöld" / "makk", or "Hearts" / "Bells" / "Leaves" / "Acorns". */
export function suitName(suit, lang = "hu") {
  return SUIT_NAMES[normLang(lang)][checkSuit(suit)];
}

/** Human card name: "piros ász" (hu) or "Ace of Hearts" (en). */
export function cardName(code, lang = "hu") {
  const { suit, rank } = parseCode(code);
  const l = normLang(lang);
  return l === "en"
    ? `${RANK_NAMES.en[rank]} of ${SUIT_NAMES.en[suit]}`
    : `${SUIT_NAMES.hu[suit]} ${RANK_NAMES.hu[rank]}`;
}

/** The rank as a card's corner shows it: "Á", "10", "F" (hu) or "A", "10", "O" (en). */
export function rankLabel(code, lang = "hu") {
  return RANK_LABELS[normLang(lang)][parseCode(code).rank];
}

/**
 * Just the suit symbol as an inline <svg> (decorative: aria-hidden; callers
 * provide the accessible label).  `size` is a number of CSS px or a CSS
 * length string such as "1em" / "1.2rem" / "18px"; default "1em".
 */
export function suitSymbol(suit, size = "1em") {
  checkSuit(suit);
  let dim;
  if (typeof size === "number" && Number.isFinite(size) && size > 0) {
    dim = n(size);
  } else if (typeof size === "string" && /^\d+(\.\d+)?(px|em|rem|ex|ch|%)?$/.test(size)) {
    dim = size;
  } else {
    throw new Error("Invalid suit symbol size: " + JSON.stringify(size));
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${esc(dim)}" height="${esc(dim)}" ` +
    `class="suit-symbol suit-${suit}" aria-hidden="true" focusable="false" ` +
    'style="vertical-align:-0.15em;overflow:visible">' +
    SYMBOL_BODIES[suit] +
    "</svg>"
  );
}

/* card geometry: viewBox 0 0 60 90 */
const W = 60;
const H = 90;

function cornerGroup(suit, label) {
  const ink = INK_COLORS[suit];
  // "10" is two glyphs wide: squeeze it a little so it fits the corner.
  // "Á" carries an accent above the cap height: set it a bit lower/smaller so
  // the accent stays clear of the card edge.
  let text;
  if (label.length > 1) {
    text = `<text x="8.4" y="13.6" font-size="12" letter-spacing="-1.1" text-anchor="middle" fill="${ink}" ${FONT}>${esc(label)}</text>`;
  } else if (label === "Á") {
    text = `<text x="8" y="15.4" font-size="13" text-anchor="middle" fill="${ink}" ${FONT}>${esc(label)}</text>`;
  } else {
    text = `<text x="8" y="14.2" font-size="14" text-anchor="middle" fill="${ink}" ${FONT}>${esc(label)}</text>`;
  }
  return text + placeSymbol(suit, 8, 23, 11.5);
}

function pipLayout(suit, rank) {
  switch (rank) {
    case "A":
      return (
        `<ellipse cx="30" cy="45" rx="17.5" ry="20.5" fill="${TINT_COLORS[suit]}" stroke="${INK_COLORS[suit]}" stroke-width=".6" stroke-opacity=".5"/>` +
        placeSymbol(suit, 30, 45, 31)
      );
    case "X":
      return placeSymbol(suit, 30, 31.5, 22) + placeSymbol(suit, 30, 58.5, 22);
    case "9": {
      let out = "";
      for (const y of [33.5, 45, 56.5]) {
        for (const x of [19.5, 30, 40.5]) out += placeSymbol(suit, x, y, 10);
      }
      return out;
    }
    default:
      return "";
  }
}

function crown(cx, top, ink) {
  // Small three-pointed crown, 16 wide and 9 tall.
  const x = cx - 8;
  return (
    `<path fill="${ink}" d="M${n(x)} ${n(top + 9)}L${n(x)} ${n(top + 1.5)}L${n(x + 4)} ${n(top + 5)}` +
    `L${n(x + 8)} ${n(top)}L${n(x + 12)} ${n(top + 5)}L${n(x + 16)} ${n(top + 1.5)}L${n(x + 16)} ${n(top + 9)}Z"/>`
  );
}

function figureLayout(suit, rank, letter) {
  const ink = INK_COLORS[suit];
  const frame =
    `<rect x="15.5" y="6.5" width="29" height="77" rx="3" fill="${TINT_COLORS[suit]}" ` +
    `stroke="${ink}" stroke-width=".8"/>`;
  const big = (y, size) =>
    `<text x="30" y="${y}" font-size="${size}" text-anchor="middle" fill="${ink}" ${FONT}>${esc(letter)}</text>`;
  switch (rank) {
    case "O": // felső: suit sign high up, figure below
      return frame + placeSymbol(suit, 30, 25, 21) + big(69, 28);
    case "U": // alsó: figure on top, suit sign low down
      return frame + big(45, 28) + placeSymbol(suit, 30, 65, 21);
    case "K": // király: crown, letter, suit sign
      return frame + crown(30, 11, ink) + big(46, 24) + placeSymbol(suit, 30, 64, 20);
    default:
      return "";
  }
}

/**
 * Face-up card as an inline <svg> (viewBox 0 0 60 90, no fixed size: set the
 * CSS width, the height follows).  Labelled with role="img", aria-label and
 * <title> = cardName(code, lang).
 */
export function cardSvg(code, lang = "hu") {
  const { suit, rank } = parseCode(code);
  const l = normLang(lang);
  const name = esc(cardName(code, l));
  const label = RANK_LABELS[l][rank];
  const centre =
    rank === "U" || rank === "O" || rank === "K"
      ? figureLayout(suit, rank, label)
      : pipLayout(suit, rank);
  const corner = cornerGroup(suit, label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" ` +
    `class="card card-face suit-${suit}" data-card="${esc(code)}" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<rect x=".5" y=".5" width="${W - 1}" height="${H - 1}" rx="4.5" fill="#fff" stroke="#9a9a9a" stroke-width="1"/>` +
    centre +
    corner +
    `<g transform="rotate(180 ${W / 2} ${H / 2})">${corner}</g>` +
    "</svg>"
  );
}

/**
 * Face-up card as an <img> of its SVG (a data: URL), with an empty alt: for a card inside a
 * control (a button in the hand) whose own label names the card. The card face is a picture
 * there: its corner and centre letters are pixels of that picture, not text of the button's
 * label, so the label ("piros király") is the whole name and reads well. Carries data-card.
 */
export function cardImg(code, lang = "hu") {
  const svg = cardSvg(code, lang);
  return (
    `<img class="card card-face" data-card="${esc(code)}" alt="" draggable="false" ` +
    `src="data:image/svg+xml,${esc(encodeURIComponent(svg))}">`
  );
}

/* Card back: built once (it never changes).  No ids/patterns are used, so any
   number of backs can sit in the same document without id clashes. */
const BACK_SVG = (() => {
  const x0 = 5.5;
  const y0 = 5.5;
  const x1 = W - 5.5;
  const y1 = H - 5.5;
  const step = 6;
  // Diamond lattice: small rhombi on a grid filling the inner panel.
  let lattice = "";
  const cols = Math.floor((x1 - x0) / step);
  const rows = Math.floor((y1 - y0) / step);
  const ox = x0 + (x1 - x0 - cols * step) / 2;
  const oy = y0 + (y1 - y0 - rows * step) / 2;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cx = ox + c * step + step / 2;
      const cy = oy + r * step + step / 2;
      const h = step / 2 - 0.6;
      lattice += `M${n(cx)} ${n(cy - h)}L${n(cx + h)} ${n(cy)}L${n(cx)} ${n(cy + h)}L${n(cx - h)} ${n(cy)}Z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="card card-back" aria-hidden="true" focusable="false">` +
    `<rect x=".5" y=".5" width="${W - 1}" height="${H - 1}" rx="4.5" fill="#1d4a2a" stroke="#0f2a17" stroke-width="1"/>` +
    `<rect x="${x0 - 1.5}" y="${y0 - 1.5}" width="${n(x1 - x0 + 3)}" height="${n(y1 - y0 + 3)}" rx="2.5" fill="none" stroke="#e8d9a8" stroke-width=".8"/>` +
    `<path d="${lattice}" fill="#2c6b3d"/>` +
    `<ellipse cx="30" cy="45" rx="13" ry="17" fill="#1d4a2a" stroke="#e8d9a8" stroke-width="1"/>` +
    `<ellipse cx="30" cy="45" rx="9.5" ry="13.5" fill="none" stroke="#e8d9a8" stroke-width=".5"/>` +
    `<path d="M30 36L36 45L30 54L24 45Z" fill="#e8d9a8"/>` +
    `<path d="M30 40L33 45L30 50L27 45Z" fill="#1d4a2a"/>` +
    "</svg>"
  );
})();

/** Face-down card (decorative, aria-hidden). */
export function cardBackSvg() {
  return BACK_SVG;
}
