// The table's story (issue 37): what happened, in words. Pure functions, tested under node
// (tests/js/log.test.mjs) with the envelopes recorded from the server:
//   logLines(lines, envelope, words)  the table log with one more event (once per seq)
//   tableWord(event, me, name)        the word said on the table for a move (who took the
//                                     trick, the trump taken, the talon closed, a marriage,
//                                     "enough"), or null

import { t } from "../i18n.js";

// At most this many lines are kept (the oldest go first).
export const LOG_LINES = 200;

// `words(event)` is the event in the page's language (table/words.js), null for an event not
// told (a card drawn, a presence change without words).
export function logLines(lines, envelope, words) {
  if (lines.some((line) => line.seq === envelope.seq)) return lines;
  const text = words(envelope.event);
  if (!text) return lines;
  return [...lines, { seq: envelope.seq, type: envelope.event.type, text }].slice(-LOG_LINES);
}

export function tableWord(event, me, name) {
  const who = event.seat === me ? t("you") : name(event.seat);
  switch (event.type) {
    case "trick_taken":
      return event.seat === me ? t("you_took_it") : t("took_it", { name: name(event.seat) });
    // one's own doing in the second person ("Lezártad a talont"), as in the log
    case "trump_exchanged":
      return event.seat === me ? t("trump_exchanged_you") : t("trump_exchanged_word", { name: who });
    case "talon_closed":
      return event.seat === me ? t("talon_closed_you") : t("talon_closed", { name: who });
    case "marriage_announced":
      return t("marriage_word", { name: who, points: event.points });
    case "enough_declared":
      return t("enough_word", { name: who });
    default:
      return null;
  }
}
