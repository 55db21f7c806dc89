// Words that are not plain strings: a medal's month as a Hungarian writes it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { monthName } from "../../apps/web/static/web/i18n.js";

test("a tournament's month in the page's language (Hungarian under node)", () => {
  assert.equal(monthName(2026, 11), "2026. november");
  assert.equal(monthName(2027, 1), "2027. január");
});
