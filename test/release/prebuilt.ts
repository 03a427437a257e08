/*
 * The release tests' build step: the production build npm test has already made (dist/), copied
 * and moved to the release's origin by the build's own rewrite (scripts/origin.js), rather than a
 * second production build of the same sources (about a minute here). Only the files that name the
 * origin differ between the two; everything else, content-hashed chunks included, is the same.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "fs";
import { join, resolve } from "path";
const origins = require("../../scripts/origin");

const DIST = resolve(__dirname, "../../dist");

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/** Copies dist/ to `site` for `origin`; refuses a missing or development build (chunks unhashed). */
export function prebuiltSite(site: string, origin: string): void {
  if (!existsSync(join(DIST, "manifest.xml"))) throw new Error("No dist/: run npm run build first (npm test does).");
  const chunks = existsSync(join(DIST, "chunks")) ? readdirSync(join(DIST, "chunks")) : [];
  if (!chunks.length || chunks.some((name) => !/\.[0-9a-f]{16}\.(js|wasm)(\.LICENSE\.txt)?$/.test(name))) {
    throw new Error("dist/ is not a production build (its chunks carry no content hash): run npm run build.");
  }
  // The copy stands for a build with `origin` only if no other file names the development origin.
  const naming = listFiles(DIST).filter((file) => readFileSync(join(DIST, file)).includes(origins.DEV_ORIGIN));
  const unlisted = naming.filter((file) => !origins.FILES_NAMING_ORIGIN.includes(file));
  if (unlisted.length) throw new Error(`${unlisted.join(", ")} name the origin: add them to FILES_NAMING_ORIGIN.`);
  cpSync(DIST, site, { recursive: true });
  for (const file of origins.FILES_NAMING_ORIGIN) {
    const path = join(site, file);
    writeFileSync(path, origins.withOrigin(readFileSync(path), origin));
  }
}
