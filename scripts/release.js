/*
 * npm run release: a release an organisation can deploy from its own HTTPS origin.
 *
 *   ADDIN_ORIGIN=https://addin.example.com npm run release
 *   npm run release -- --origin https://addin.example.com [--out release] [--releases releases.json]
 *
 * It refuses an origin that is not https, whose host is not a plain DNS name (letters, digits,
 * hyphens, dots; IDN as punycode) or IP address, that names localhost or a loopback address (in
 * any IPv6 form too), or that carries a path; a package.json version the manifest's <Version>
 * does not match; and a version that releases.json already records (or one below the last
 * recorded). Then it runs the production build with that origin into release/site/, checks the
 * result (every URL the manifest and functions.json name is a file of the release, the manifest
 * validates against Microsoft's XSDs, the icons have the sizes the manifest claims, no localhost
 * anywhere), writes the host configuration files, site/release.json (every served file and its
 * SHA-256, read by release:check), a copy of the manifest, a zip of site/, and SHA256SUMS; and
 * only then records the release in releases.json, which the repository keeps.
 *
 * Version mapping: package.json "MAJOR.MINOR.PATCH" is the manifest's "MAJOR.MINOR.PATCH.0".
 * The manifest's <Version> has up to four parts of up to five digits (OfficeAppManifestV1_1.xsd),
 * and Office, the admin center included, treats a manifest as an update only when its version is
 * higher; a pre-release tag ("1.1.0-beta") has no place there, so the release refuses one.
 */
const { createHash } = require("crypto");
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const JSZip = require("jszip");
const headers = require("./release-headers");

const ROOT = path.resolve(__dirname, "..");
const SCHEMA_DIR = path.join(ROOT, "test/schemas/office-manifest");

/** A refusal: the message says what to change. The CLI prints it and exits 1. */
class ReleaseError extends Error {}

/** The four octets of a dotted IPv4 address, or null for anything else. */
function ipv4Octets(text) {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (without brackets or zone), or null for anything else. */
function ipv6Groups(text) {
  // An embedded dotted IPv4 tail (::ffff:127.0.0.1) is two groups; URL already writes them in hex.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const octets = ipv4Octets(tail[2]);
    if (!octets) return null;
    text = `${tail[1]}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half) => (half === "" ? [] : half.split(":"));
  const [head, rest] = [parse(halves[0]), halves.length === 2 ? parse(halves[1]) : null];
  const missing = 8 - head.length - (rest ? rest.length : 0);
  if (rest ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...(rest ? Array(missing).fill("0") : []), ...(rest || [])];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** Whether IPv4 `octets` reach this machine: 127.0.0.0/8 (loopback) or 0.0.0.0 (unspecified). */
const isLocalIPv4 = (octets) => octets[0] === 127 || octets.every((octet) => octet === 0);

/**
 * Whether `hostname` (as URL parses it: IPv6 in brackets; a bare IPv6 address is read too) is
 * this machine: localhost, a name under .localhost, 127.0.0.0/8, 0.0.0.0, ::1, ::, or one of
 * those IPv4 addresses inside IPv6 (::ffff:127.0.0.1, which URL writes [::ffff:7f00:1], and the
 * older ::127.0.0.1). A manifest naming any of them works only on the machine that serves it.
 */
function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const octets = ipv4Octets(host);
  if (octets) return isLocalIPv4(octets);
  const groups = ipv6Groups(host.replace(/^\[(.*)\]$/, "$1"));
  if (!groups) return false;
  const zerosBefore = (n) => groups.slice(0, n).every((group) => group === 0);
  if (zerosBefore(7) && groups[7] <= 1) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address is what is reached.
  if (zerosBefore(5) && (groups[5] === 0xffff || groups[5] === 0)) {
    return isLocalIPv4([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255]);
  }
  return false;
}

/**
 * Why `hostname` (as URL parses it) is no host a browser and Office load an add-in from, or
 * null when it is one: a DNS name of letters, digits and hyphens in dot-separated labels of 1 to
 * 63 characters (URL has already turned an international name into its xn-- punycode form), or
 * an IP address. URL itself lets through `*`, quotes, `&` and more, which no certificate names
 * and which would break the manifest's XML and the scripts the origin is written into.
 */
function hostNameProblem(hostname) {
  if (ipv4Octets(hostname) || (/^\[.*\]$/.test(hostname) && ipv6Groups(hostname.slice(1, -1)))) return null;
  if (hostname.endsWith(".")) return `ends in a dot: drop it (${hostname.slice(0, -1)})`;
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  if (hostname.length <= 253 && hostname.split(".").every((part) => label.test(part))) return null;
  return (
    `"${hostname}" is not a host name a browser and Office accept: use letters, digits, hyphens and dots` +
    " (each dot-separated part 1 to 63 characters, not starting or ending with a hyphen; an international" +
    " name as its xn-- punycode form), or an IP address"
  );
}

/**
 * The origin the release is served from, as "https://host[:port]", or a ReleaseError saying why
 * `value` cannot be one. A path is refused: the manifest's AppDomain is an origin, and the pages
 * load the scripts relative to themselves, but the dev build's URLs are rewritten by prefix only.
 */
function parseOrigin(value) {
  if (!value) {
    throw new ReleaseError("No origin: set ADDIN_ORIGIN=https://addin.example.com or pass --origin <url>.");
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError(`"${value}" is not a URL; an origin looks like https://addin.example.com.`);
  }
  if (url.protocol !== "https:") {
    throw new ReleaseError(`"${value}" is not https: Office loads add-ins only over HTTPS.`);
  }
  const hostProblem = hostNameProblem(url.hostname);
  if (hostProblem) throw new ReleaseError(`"${value}": the host ${hostProblem}.`);
  if (isLoopbackHost(url.hostname)) {
    throw new ReleaseError(`"${value}" names this machine; users' Excel could not reach it. Use the host's name.`);
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) {
    throw new ReleaseError(`"${value}" is more than an origin: serve the add-in at the root of its own host name.`);
  }
  return url.origin;
}

/** The manifest's four-part <Version> for a package.json version, or a ReleaseError. */
function manifestVersionFor(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(version));
  if (!match) {
    throw new ReleaseError(
      `package.json version "${version}" is not MAJOR.MINOR.PATCH: the manifest's version has no place for a tag.`,
    );
  }
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 99999)) {
    throw new ReleaseError(`package.json version "${version}": the manifest allows at most 5 digits a part.`);
  }
  return `${parts.join(".")}.0`;
}

/** Compares two dotted numeric versions part by part: negative, zero or positive. */
function compareVersions(a, b) {
  const [pa, pb] = [a, b].map((v) => String(v).split(".").map(Number));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const difference = (pa[i] || 0) - (pb[i] || 0);
    if (difference) return difference;
  }
  return 0;
}

/** The releases recorded in `file` (an array; none when the file does not exist). */
function readReleases(file) {
  if (!fs.existsSync(file)) return [];
  const releases = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!Array.isArray(releases)) throw new ReleaseError(`${file} must hold an array of releases.`);
  return releases;
}

/**
 * Refuses `version` when it was released already or is below the highest version released:
 * Office caches an add-in by its manifest version, so changed files under a version users have
 * seen may never reach them, and the admin center updates an add-in only to a higher version.
 */
function assertVersionIsNew(version, releases) {
  const same = releases.find((r) => r.version === version);
  if (same) {
    throw new ReleaseError(
      `Version ${version} was released on ${same.date} (${same.origin}); raise "version" in package.json` +
        ` and <Version> in manifest.xml (${version} -> e.g. ${bumpPatch(version)}).`,
    );
  }
  const newest = releases
    .map((r) => r.version)
    .sort(compareVersions)
    .pop();
  if (newest && compareVersions(version, newest) < 0) {
    throw new ReleaseError(`Version ${version} is below ${newest}, released already: a release must raise it.`);
  }
}

function bumpPatch(version) {
  const parts = String(version).split(".");
  parts[2] = String(Number(parts[2] || 0) + 1);
  return parts.join(".");
}

/** The text of the manifest's <Version> element, or null. */
function manifestVersionOf(xml) {
  const match = /<Version>\s*([^<\s]+)\s*<\/Version>/.exec(xml);
  return match ? match[1] : null;
}

/**
 * Every URL a manifest names, with where: the DefaultValue of any element (icons, pages,
 * resources) and each <AppDomain>. The namespace URIs (xmlns) are names, not URLs to fetch.
 */
function manifestUrls(xml) {
  const urls = [];
  for (const m of xml.matchAll(/<([\w:]+)\b([^>]*?)\bDefaultValue="([a-z]+:\/\/[^"]*)"/gi)) {
    const id = /\bid="([^"]+)"/.exec(m[2]);
    urls.push({ url: m[3], where: id ? `${m[1]} ${id[1]}` : m[1], id: id ? id[1] : null, element: m[1] });
  }
  for (const m of xml.matchAll(/<AppDomain>\s*([^<\s]+)\s*<\/AppDomain>/g)) {
    urls.push({ url: m[1], where: "AppDomain", element: "AppDomain", id: null });
  }
  return urls;
}

/**
 * The icon sizes the manifest claims, as [url, size, where]: <IconUrl> is 32 x 32 and
 * <HighResolutionIconUrl> 64 x 64 for Excel (Microsoft's "Convert an add-in to use the unified
 * manifest", the IconUrl table), and each <bt:Image size="N" resid="X"> says resource X is N x N.
 */
function claimedIconSizes(xml) {
  const claims = [];
  for (const [element, size] of [
    ["IconUrl", 32],
    ["HighResolutionIconUrl", 64],
  ]) {
    const match = new RegExp(`<${element}\\s+DefaultValue="([^"]+)"`).exec(xml);
    if (match) claims.push([match[1], size, element]);
  }
  const images = new Map();
  for (const m of xml.matchAll(/<bt:Image\s+id="([^"]+)"\s+DefaultValue="([^"]+)"/g)) images.set(m[1], m[2]);
  for (const m of xml.matchAll(/<bt:Image\s+size="(\d+)"\s+resid="([^"]+)"/g)) {
    if (images.has(m[2])) claims.push([images.get(m[2]), Number(m[1]), `bt:Image ${m[2]}`]);
  }
  return claims;
}

/** A PNG's width and height from its IHDR chunk, or null when `buffer` is not a PNG. */
function pngSize(buffer) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(signature)) return null;
  if (buffer.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** A tag's attributes, quoted or not (the production build minifies the pages and drops quotes). */
function attributesOf(tag) {
  const attributes = {};
  const body = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attributes;
}

/** The same-origin scripts, stylesheets and icons a page loads: its relative script src and link href. */
function pageReferences(html) {
  const references = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const isScript = name.toLowerCase() === "script";
    const rel = (attributes.rel || "").toLowerCase().split(/\s+/);
    if (!isScript && !rel.includes("stylesheet") && !rel.includes("icon")) continue;
    const reference = isScript ? attributes.src : attributes.href;
    if (!reference || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(reference)) continue;
    references.push(reference);
  }
  return references;
}

/** Every file under `dir`, as sorted paths relative to it with forward slashes. */
function listFiles(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else files.push(name);
    }
  };
  walk("");
  return files.sort();
}

const sha256 = (buffer) => createHash("sha256").update(buffer).digest("hex");

/** The file of the release a URL under `origin` names, or null for a URL elsewhere. */
function fileForUrl(url, origin) {
  if (!url.startsWith(origin + "/")) return null;
  const { pathname } = new URL(url);
  return decodeURIComponent(pathname).replace(/^\/+/, "");
}

/** Validates a manifest against the XSDs in test/schemas/office-manifest: the errors, or none. */
async function schemaErrors(xml) {
  const { validateXML } = require("xmllint-wasm");
  const schemas = fs
    .readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith(".xsd"))
    .map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(SCHEMA_DIR, fileName), "utf8") }));
  const root = schemas.find((s) => s.fileName === "OfficeAppManifestV1_1.xsd");
  const result = await validateXML({
    xml: [{ fileName: "manifest.xml", contents: xml }],
    schema: [root],
    preload: schemas.filter((s) => s !== root),
  });
  return result.valid ? [] : result.errors.map((e) => (typeof e === "string" ? e : e.message || JSON.stringify(e)));
}

const LOOPBACK_TEXT = /https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?=[:/"'\s<]|$)/i;

/**
 * What is wrong with a built release in `site` for `origin` and the manifest version `expected`:
 * a list of problems, empty when there are none. Checked: the manifest against the XSDs and
 * `expected`; every URL of the manifest and of functions.json (helpUrl) under the origin and a
 * file of the release; AppDomain the origin itself; every script, stylesheet and icon the pages
 * load present; the icons PNGs of the sizes claimed; no localhost URL in the manifest,
 * functions.json or a page.
 */
async function verifySite(site, origin, expected) {
  const problems = [];
  const exists = (file) =>
    file !== "" && fs.existsSync(path.join(site, file)) && fs.statSync(path.join(site, file)).isFile();
  const manifestPath = path.join(site, "manifest.xml");
  if (!fs.existsSync(manifestPath)) return ["manifest.xml is missing from the build."];
  const xml = fs.readFileSync(manifestPath, "utf8");
  for (const error of await schemaErrors(xml)) problems.push(`manifest.xml does not validate: ${error}`);
  const version = manifestVersionOf(xml);
  if (version !== expected) problems.push(`manifest.xml <Version> is ${version}; package.json says ${expected}.`);

  const textFiles = ["manifest.xml", "functions.json", ...listFiles(site).filter((f) => f.endsWith(".html"))];
  for (const file of textFiles.filter(exists)) {
    const hit = LOOPBACK_TEXT.exec(fs.readFileSync(path.join(site, file), "utf8"));
    if (hit) problems.push(`${file} names ${hit[0]}: a URL on the user's own machine.`);
  }

  for (const { url, where } of manifestUrls(xml)) {
    if (where === "AppDomain") {
      if (url.replace(/\/$/, "") !== origin) problems.push(`manifest.xml AppDomain ${url} is not ${origin}.`);
      continue;
    }
    const file = fileForUrl(url, origin);
    if (file === null) problems.push(`manifest.xml ${where}: ${url} is not under ${origin}/.`);
    else if (!exists(file))
      problems.push(`manifest.xml ${where}: ${url} names ${file || "/"}, not a file of the release.`);
  }

  if (!exists("functions.json")) problems.push("functions.json is missing from the build.");
  else {
    const metadata = JSON.parse(fs.readFileSync(path.join(site, "functions.json"), "utf8"));
    for (const fn of metadata.functions || []) {
      if (!fn.helpUrl) continue;
      const file = fileForUrl(fn.helpUrl.split("#")[0], origin);
      if (file === null) problems.push(`functions.json ${fn.id}: helpUrl ${fn.helpUrl} is not under ${origin}/.`);
      else if (!exists(file))
        problems.push(`functions.json ${fn.id}: helpUrl names ${file}, not a file of the release.`);
    }
  }

  for (const page of listFiles(site).filter((f) => f.endsWith(".html"))) {
    for (const reference of pageReferences(fs.readFileSync(path.join(site, page), "utf8"))) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), reference.split(/[?#]/)[0]));
      if (!exists(file)) problems.push(`${page} loads ${reference}, not a file of the release.`);
    }
  }

  for (const [url, size, where] of claimedIconSizes(xml)) {
    const file = fileForUrl(url, origin);
    if (file === null || !exists(file)) continue; // reported above
    const actual = pngSize(fs.readFileSync(path.join(site, file)));
    if (!actual) problems.push(`${file} (${where}) is not a PNG.`);
    else if (actual.width !== size || actual.height !== size) {
      problems.push(`${file} (${where}) is ${actual.width} x ${actual.height}; the manifest claims ${size} x ${size}.`);
    }
  }
  return problems;
}

/** Runs the production build with `origin` into `site` (webpack's own process: its config reads the origin once). */
function build(site, origin, log) {
  const cli = require.resolve("webpack-cli/bin/cli.js");
  log(`Building for ${origin} into ${path.relative(process.cwd(), site) || "."} ...`);
  const result = spawnSync(process.execPath, [cli, "--mode", "production", "--output-path", site], {
    cwd: ROOT,
    env: { ...process.env, ADDIN_ORIGIN: origin },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new ReleaseError(`The production build failed:\n${result.stdout}\n${result.stderr}`.trim());
  }
}

/** Marks a folder as the output of npm run release, which alone may empty it. */
const OUTPUT_MARKER = ".mlcost-release";

/**
 * Empties `out` for a new release, refusing a folder that holds anything but an earlier
 * release's output (the marker file says so): `--out .` must never delete the repository.
 */
function prepareOutput(out) {
  if (fs.existsSync(out)) {
    const entries = fs.readdirSync(out);
    if (entries.length && !entries.includes(OUTPUT_MARKER)) {
      throw new ReleaseError(`${out} holds files that are not an earlier release; choose an empty folder.`);
    }
    fs.rmSync(out, { recursive: true, force: true });
  }
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, OUTPUT_MARKER), "Written by npm run release, which empties this folder.\n");
}

/** A zip of every file of `site` at the zip's root, with fixed dates so that equal files give an equal zip. */
async function zipSite(site, files) {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2000, 0, 1));
  for (const file of files) zip.file(file, fs.readFileSync(path.join(site, file)), { date, createFolders: false });
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
}

/**
 * Makes a release; resolves with its record ({ version, manifestVersion, date, origin, zip,
 * sha256 }) once releases.json holds it. Options: origin, out (release/), releasesFile
 * (releases.json), log, and buildSite(site, origin, log), the production build (the release tests
 * give one that reuses the build npm test made: test/release/prebuilt.ts). Throws a ReleaseError
 * on any refusal or failed check, recording nothing.
 */
async function makeRelease({ origin: rawOrigin, out, releasesFile, log = console.log, buildSite = build }) {
  const origin = parseOrigin(rawOrigin);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const manifestVersion = manifestVersionFor(pkg.version);
  const sourceVersion = manifestVersionOf(fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8"));
  if (sourceVersion !== manifestVersion) {
    throw new ReleaseError(
      `manifest.xml <Version> is ${sourceVersion} but package.json "version" ${pkg.version} maps to` +
        ` ${manifestVersion}; set both (the mapping: MAJOR.MINOR.PATCH -> MAJOR.MINOR.PATCH.0).`,
    );
  }
  const releases = readReleases(releasesFile);
  assertVersionIsNew(pkg.version, releases);

  prepareOutput(out);
  const site = path.join(out, "site");
  await buildSite(site, origin, log);
  const problems = await verifySite(site, origin, manifestVersion);
  if (problems.length) {
    throw new ReleaseError(`The build is not releasable:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }

  const served = listFiles(site);
  fs.writeFileSync(path.join(site, "_headers"), headers.netlifyHeaders(served));
  fs.writeFileSync(
    path.join(site, "staticwebapp.config.json"),
    JSON.stringify(headers.staticWebAppConfig(), null, 2) + "\n",
  );
  const files = Object.fromEntries(served.map((f) => [f, sha256(fs.readFileSync(path.join(site, f)))]));
  const record = { name: pkg.name, version: pkg.version, manifestVersion, origin, files };
  fs.writeFileSync(path.join(site, "release.json"), JSON.stringify(record, null, 2) + "\n");
  fs.copyFileSync(path.join(site, "manifest.xml"), path.join(out, "manifest.xml"));

  const zipName = `${pkg.name}-${pkg.version}.zip`;
  const zip = await zipSite(site, listFiles(site));
  fs.writeFileSync(path.join(out, zipName), zip);
  const sums = listFiles(out)
    .filter((f) => f !== OUTPUT_MARKER)
    .map((f) => `${sha256(fs.readFileSync(path.join(out, f)))}  ${f}\n`);
  fs.writeFileSync(path.join(out, "SHA256SUMS"), sums.join(""));

  const entry = { version: pkg.version, manifestVersion, date: new Date().toISOString(), origin, zip: zipName };
  entry.sha256 = sha256(zip);
  fs.writeFileSync(releasesFile, JSON.stringify([...releases, entry], null, 2) + "\n");
  log(`Released ${pkg.version} (manifest ${manifestVersion}) for ${origin}:`);
  log(`  ${path.join(out, "site")}/  upload to the host (with _headers or staticwebapp.config.json)`);
  log(`  ${path.join(out, "manifest.xml")}  give to the Microsoft 365 admin center`);
  log(`  ${path.join(out, zipName)}  sha256 ${entry.sha256}`);
  log(`  recorded in ${path.relative(process.cwd(), releasesFile)}: commit it.`);
  log(`Then check the deployment: npm run release:check -- ${origin}/`);
  return entry;
}

/** Reads `--name value` and `--name=value` options from argv. */
function option(argv, name) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

/** The CLI: resolves with the exit status (0 released, 1 refused or failed). */
async function main(argv = process.argv.slice(2), env = process.env) {
  try {
    await makeRelease({
      origin: option(argv, "origin") || env.ADDIN_ORIGIN,
      out: path.resolve(option(argv, "out") || path.join(ROOT, "release")),
      releasesFile: path.resolve(option(argv, "releases") || path.join(ROOT, "releases.json")),
    });
    return 0;
  } catch (error) {
    console.error(error instanceof ReleaseError ? `Release refused: ${error.message}` : error.stack || error);
    return 1;
  }
}

if (require.main === module) main().then((status) => (process.exitCode = status));

module.exports = {
  ReleaseError,
  isLoopbackHost,
  hostNameProblem,
  parseOrigin,
  manifestVersionFor,
  compareVersions,
  assertVersionIsNew,
  readReleases,
  manifestVersionOf,
  manifestUrls,
  claimedIconSizes,
  pngSize,
  pageReferences,
  listFiles,
  fileForUrl,
  verifySite,
  makeRelease,
  main,
  LOOPBACK_TEXT,
};
