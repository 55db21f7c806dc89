// Copies the pinned snabbdom (package.json, package-lock.json; installed by `npm ci`) into
// apps/web/static/web/vendor/snabbdom: its ES modules without their source-map comments (the
// maps are not shipped), its licence, and the version. `make vendor` runs it;
// tests/js/vendor.test.mjs checks that the committed copy is what this script makes.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SOURCE = join(root, "node_modules", "snabbdom");
export const TARGET = join(root, "apps", "web", "static", "web", "vendor", "snabbdom");

export function* modules(dir = join(SOURCE, "build")) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (name.endsWith(".js")) yield [relative(join(SOURCE, "build"), path), path];
  }
}

export const strip = (text) => text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");

export function vendored() {
  const files = new Map();
  for (const [name, path] of modules()) files.set(name, strip(readFileSync(path, "utf8")));
  const version = JSON.parse(readFileSync(join(SOURCE, "package.json"), "utf8")).version;
  files.set("VERSION", `${version}\n`);
  files.set("LICENSE", readFileSync(join(SOURCE, "LICENSE"), "utf8"));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(TARGET, { recursive: true, force: true });
  for (const [name, text] of vendored()) {
    mkdirSync(dirname(join(TARGET, name)), { recursive: true });
    writeFileSync(join(TARGET, name), text);
  }
  console.log(`snabbdom ${readFileSync(join(TARGET, "VERSION"), "utf8").trim()} vendored into ${relative(root, TARGET)}`);
}
