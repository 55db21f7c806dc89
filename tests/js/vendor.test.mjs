// The committed snabbdom is exactly the pinned package (package-lock.json, installed by `npm ci`)
// as `make vendor` copies it: a hand edit, or a version bump without `make vendor`, fails here.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

import { TARGET, vendored } from "../../apps/web/vendor_snabbdom.mjs";

function committed(dir = TARGET, files = new Map()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) committed(path, files);
    else files.set(relative(TARGET, path), readFileSync(path, "utf8"));
  }
  return files;
}

test("the vendored snabbdom is the pinned package, file for file", () => {
  const expected = vendored();
  const actual = committed();
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [name, text] of expected) assert.equal(actual.get(name), text, name);
});

test("the pinned version is the one package.json names", () => {
  const pinned = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url))).dependencies.snabbdom;
  assert.equal(readFileSync(join(TARGET, "VERSION"), "utf8").trim(), pinned);
});
