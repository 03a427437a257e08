/*
 * A real release (npm run release's production build, for https://mlcost.example.com) served
 * over HTTPS on loopback by a static host sending the documented headers, and npm run
 * release:check against it: it passes, and it fails on each way a deployment goes wrong (a
 * missing file, a localhost URL in the manifest, a wrong content type, no CORS on
 * functions.json, a cached manifest, a redirect, an older file), on a self-signed certificate
 * it was not told to trust, and on a host that drips a file or sends an endless one (each fetch
 * has a deadline and a size limit, the whole check a deadline: small ones here). The release
 * itself: the zip holds every file, the sums verify, releases.json records it, and the same
 * version is refused the second time.
 */
import { createHash } from "crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import JSZip from "jszip";
import { generateCertificates } from "office-addin-dev-certs";
import { prebuiltSite } from "./prebuilt";
import { startStaticHost, StaticHost } from "./staticHost";
import { ENGINE_START_MS, HEAVY_TEST_MS } from "../support/deadlines";
const release = require("../../scripts/release");
const check = require("../../scripts/release-check");

// Each check fetches some 40 files over TLS, 34 MB among them; a test may run two checks.
jest.setTimeout(HEAVY_TEST_MS);

const ORIGIN = "https://mlcost.example.com";
const quiet = () => undefined;

let dir: string;
let out: string;
let site: string;
let releasesFile: string;
let host: StaticHost;
let ca: Buffer;
let record: { version: string; manifestVersion: string; origin: string; zip: string; sha256: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mlcost-release-"));
  out = join(dir, "release");
  site = join(out, "site");
  releasesFile = join(dir, "releases.json");
  record = await release.makeRelease({ origin: ORIGIN, out, releasesFile, log: quiet, buildSite: prebuiltSite });
  // A certificate for the release's host name from a CA of this run only, trusted by the check
  // through its test-only options: the chain and the name are still verified.
  const [caPath, certPath, keyPath] = ["ca.crt", "host.crt", "host.key"].map((f) => join(dir, f));
  // It announces "The developer certificates have been generated." on the console.
  const said = jest.spyOn(console, "log").mockImplementation(quiet);
  await generateCertificates(caPath, certPath, keyPath, 2, ["mlcost.example.com"]);
  said.mockRestore();
  ca = readFileSync(caPath);
  host = await startStaticHost(site, readFileSync(certPath), readFileSync(keyPath));
}, HEAVY_TEST_MS);

afterAll(async () => {
  await host?.close();
  // The folder holds a private key: it must not outlive the run.
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  host.faults = {};
  host.sent = {};
});

/*
 * The tests' host, and limits sized for a loaded 2-core machine: the release's own defaults (30 s a fetch, 120 s in
 * all) are for a real host, and a busy test machine can take longer to serve the 34 MB module to itself. A test of
 * the limits gives its own after these.
 */
const loopback = () => ({
  ca,
  connectTo: { host: "127.0.0.1", port: host.port },
  timeoutMs: ENGINE_START_MS,
  deadlineMs: HEAVY_TEST_MS / 2,
});
const runCheck = () => check.checkDeployment(`${ORIGIN}/`, loopback());
const messages = (report: { problems: { file: string; message: string }[] }) =>
  report.problems.map((p) => `${p.file}: ${p.message}`);
const sha256 = (buffer: Buffer) => createHash("sha256").update(buffer).digest("hex");

test("the release: site/, the manifest, a zip of every file, sums that verify, and the record", async () => {
  const served = release.listFiles(site);
  expect(served).toEqual(expect.arrayContaining(["manifest.xml", "functions.json", "taskpane.html", "release.json"]));
  expect(served).toEqual(expect.arrayContaining(["_headers", "staticwebapp.config.json"]));
  expect(served.filter((f: string) => /^chunks\/exceljs\.[0-9a-f]{16}\.js$/.test(f))).toHaveLength(1);

  const zip = await JSZip.loadAsync(readFileSync(join(out, record.zip)));
  const zipped = Object.values(zip.files).filter((entry) => !entry.dir);
  expect(zipped.map((entry) => entry.name).sort()).toEqual(served);
  // Buffer.equals, not toEqual: Jest's deep equality walks the bill engine's 34 MB module byte by byte for minutes
  for (const entry of zipped) {
    const same = (await entry.async("nodebuffer")).equals(readFileSync(join(site, entry.name)));
    expect([entry.name, same]).toEqual([entry.name, true]);
  }

  const sums = readFileSync(join(out, "SHA256SUMS"), "utf8").trim().split("\n");
  expect(sums.length).toBe(served.length + 2);
  for (const line of sums) {
    const [hash, file] = line.split("  ");
    expect([file, sha256(readFileSync(join(out, file)))]).toEqual([file, hash]);
  }

  const pkg = JSON.parse(readFileSync(join(__dirname, "../../package.json"), "utf8"));
  expect(record).toMatchObject({ version: pkg.version, manifestVersion: `${pkg.version}.0`, origin: ORIGIN });
  expect(JSON.parse(readFileSync(releasesFile, "utf8"))).toEqual([record]);
  expect(record.sha256).toBe(sha256(readFileSync(join(out, record.zip))));
  expect(readFileSync(join(out, "manifest.xml"))).toEqual(readFileSync(join(site, "manifest.xml")));
});

test("the released manifest and functions.json name only files of the package, under the origin", async () => {
  const manifest = readFileSync(join(site, "manifest.xml"), "utf8");
  expect(manifest).not.toMatch(/localhost/);
  const urls = release.manifestUrls(manifest).map((u: { url: string }) => u.url);
  expect(urls.length).toBeGreaterThan(8);
  for (const url of urls) expect(url === ORIGIN || url.startsWith(`${ORIGIN}/`)).toBe(true);
  for (const fn of JSON.parse(readFileSync(join(site, "functions.json"), "utf8")).functions) {
    expect(fn.helpUrl.startsWith(`${ORIGIN}/help.html#`)).toBe(true);
  }
  // The release's own verification, run again on what it wrote: XSDs, files, icon sizes.
  expect(await release.verifySite(site, ORIGIN, record.manifestVersion)).toEqual([]);
});

test("release:check passes against the release served with the documented headers", async () => {
  const report = await runCheck();
  expect(messages(report)).toEqual([]);
  expect(report.warnings).toEqual([]);
  const listed = Object.keys(JSON.parse(readFileSync(join(site, "release.json"), "utf8")).files);
  expect(report.checked.sort()).toEqual([...listed, "release.json"].sort());
  expect(report.checked).toEqual(expect.arrayContaining(["manifest.xml", "functions.json", "taskpane.css"]));

  const lines: string[] = [];
  expect(await check.main([`${ORIGIN}/`], loopback(), (line: string) => lines.push(line))).toBe(0);
  expect(lines.join("\n")).toMatch(/files fetched from https:\/\/mlcost\.example\.com: all present/);
});

test("fails on a missing file: one the manifest names, one a page loads, a lazy chunk", async () => {
  const chunk = release.listFiles(site).find((f: string) => f.startsWith("chunks/exceljs."));
  host.faults = { missing: ["functions.js", "taskpane.css", chunk] };
  const problems = messages(await runCheck());
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^functions\.js: answers 404.*manifest bt:Url Functions\.Script\.Url/),
      expect.stringMatching(/^taskpane\.css: answers 404.*loaded by taskpane\.html/),
      `${chunk}: answers 404, not 200: missing from the host? (listed in release.json)`,
    ]),
  );
  const lines: string[] = [];
  expect(await check.main([`${ORIGIN}/`], loopback(), (line: string) => lines.push(line))).toBe(1);
  expect(lines.filter((line) => line.startsWith("FAIL"))).toHaveLength(problems.length);
});

test("fails on a localhost URL in the manifest", async () => {
  const local = (text: string) => text.replace(`${ORIGIN}/help.html`, "https://localhost:3000/help.html");
  host.faults = { bodies: { "manifest.xml": local } };
  expect(messages(await runCheck())).toEqual(
    expect.arrayContaining([
      "manifest.xml: names https://localhost: a URL on each user's own machine",
      expect.stringMatching(/^manifest\.xml: .* names https:\/\/localhost:3000\/help\.html, outside/),
    ]),
  );
});

test("fails on a wrong content type", async () => {
  host.faults = {
    headers: { "functions.json": { "Content-Type": "text/plain" }, "taskpane.js": { "Content-Type": null } },
  };
  expect(messages(await runCheck())).toEqual([
    'functions.json: is served as "text/plain", expected "application/json; charset=utf-8"',
    'taskpane.js: is served as "(no Content-Type)", expected "text/javascript; charset=utf-8"',
  ]);
});

test("fails when functions.json lacks the CORS header Excel on the web needs", async () => {
  host.faults = { headers: { "functions.json": { "Access-Control-Allow-Origin": null } } };
  expect(messages(await runCheck())).toEqual([
    'functions.json: lacks "Access-Control-Allow-Origin: *" (got ""): Excel on the web cannot read it',
  ]);
});

test("fails when a fixed-name file may be cached unrevalidated; a chunk cached briefly only warns", async () => {
  const chunk = release.listFiles(site).find((f: string) => f.startsWith("chunks/"));
  host.faults = {
    headers: {
      "manifest.xml": { "Cache-Control": "public, max-age=86400" },
      "taskpane.js": { "Cache-Control": null },
      [chunk]: { "Cache-Control": "no-cache" },
    },
  };
  const report = await runCheck();
  expect(messages(report)).toEqual([
    'manifest.xml: Cache-Control must not be cached unrevalidated ("no-cache"), got "public, max-age=86400"',
    'taskpane.js: Cache-Control must not be cached unrevalidated ("no-cache"), got ""',
  ]);
  expect(report.warnings).toEqual([{ file: chunk, message: expect.stringMatching(/should be long-lived/) }]);
});

test("fails on a redirect (a host's 'pretty URLs') and on a file that is not the release's", async () => {
  host.faults = {
    redirects: { "taskpane.html": "/taskpane" },
    bodies: { "functions.js": (text: string) => `${text}\n// an older upload` },
  };
  expect(messages(await runCheck())).toEqual([
    "taskpane.html: redirects (301) to /taskpane: serve the file at its own URL (manifest SourceLocation)",
    "functions.js: differs from the release's file (another version uploaded, or the host rewrites it)",
  ]);
});

test("trusts no self-signed certificate unless handed the test's CA, and connects only to loopback", async () => {
  const report = await check.checkDeployment(`${ORIGIN}/`, { connectTo: { host: "127.0.0.1", port: host.port } });
  expect(messages(report)[0]).toMatch(/^manifest\.xml: cannot be fetched \(the manifest\): .*(certificate|self.signed)/i);
  expect(() => check.get(`${ORIGIN}/manifest.xml`, { connectTo: { host: "10.0.0.1", port: 443 } })).toThrow(
    /loopback/,
  );
});

const MB = 1024 * 1024;

test("gives up on a file dripped a byte at a time: each fetch has a deadline (--timeout)", async () => {
  const dripMs = 20;
  host.faults = { drip: { "functions.json": dripMs } };
  const started = Date.now();
  const report = await check.checkDeployment(`${ORIGIN}/`, { ...loopback(), timeoutMs: 500 });
  // Dripped whole, the file would take minutes; the check hung up long before (a bound, not a timing).
  const wholeDripMs = statSync(join(site, "functions.json")).size * dripMs;
  expect(Date.now() - started).toBeLessThan(wholeDripMs / 4);
  const dripped = /^functions\.json: cannot be fetched \(manifest .*\): no complete answer within 0\.5 s/;
  const problems = messages(report);
  expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(dripped)]));
  // On a loaded machine any other file may honestly take over this test's 0.5 s too (the 34 MB module first):
  // every other problem is that same deadline, never another failure.
  const otherwise = problems.filter((m) => !dripped.test(m) && !/: no complete answer within 0\.5 s \(--timeout\)$/.test(m));
  expect(otherwise).toEqual([]);
  expect(host.sent["functions.json"]).toBeGreaterThan(2); // it did drip, and the check hung up
  // The command line's option, in seconds.
  const lines: string[] = [];
  expect(await check.main([`${ORIGIN}/`, "--timeout", "0.5"], loopback(), (line: string) => lines.push(line))).toBe(1);
  expect(lines.join("\n")).toMatch(/FAIL functions\.json: .*no complete answer within 0\.5 s \(--timeout\)/);
}, ENGINE_START_MS);

test("stops at the whole check's deadline (--deadline), saying what it did not fetch", async () => {
  host.faults = { drip: { "functions.json": 50, "taskpane.html": 50, "help.html": 50 } };
  const started = Date.now();
  const report = await check.checkDeployment(`${ORIGIN}/`, { ...loopback(), timeoutMs: 60_000, deadlineMs: 1_000 });
  // Three files dripped whole would take minutes, and each fetch may wait 60 s: the 1 s deadline cut them short.
  expect(Date.now() - started).toBeLessThan(30_000);
  const problems = messages(report);
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/: cannot be fetched .*: the check's overall deadline of 1 s passed \(--deadline\)$/),
      expect.stringMatching(/^release:check: stopped at its overall deadline of 1 s \(--deadline\); not fetched: .*release\.json/),
    ]),
  );
  const lines: string[] = [];
  const argv = [`${ORIGIN}/`, "--deadline=1", "--timeout=60"];
  expect(await check.main(argv, loopback(), (line: string) => lines.push(line))).toBe(1);
  expect(lines.join("\n")).toMatch(/FAIL release:check: stopped at its overall deadline of 1 s/);
}, ENGINE_START_MS);

test("refuses a file over the size limit (--max-size) without reading it whole", async () => {
  // 256 MB of zeros, generated as the check reads: it must hang up after about the limit.
  host.faults = { huge: { "taskpane.js": 256 * MB } };
  const report = await check.checkDeployment(`${ORIGIN}/`, { ...loopback(), maxBytes: 2 * MB });
  // the bill engine's module (34 MB, over this test's 2 MB) is refused too, before it is read whole
  expect(messages(report)).toEqual([
    expect.stringMatching(/^taskpane\.js: cannot be fetched \(.*\): larger than 2 MB, the limit of each file \(--max-size\)/),
    expect.stringMatching(/^chunks\/duckdb-eh\.[0-9a-f]{16}\.wasm: cannot be fetched \(.*\): larger than 2 MB/),
  ]);
  expect(host.sent["taskpane.js"]).toBeLessThan(32 * MB);
  const lines: string[] = [];
  expect(await check.main([`${ORIGIN}/`, "--max-size", "2"], loopback(), (line: string) => lines.push(line))).toBe(1);
  expect(lines.join("\n")).toMatch(/FAIL taskpane\.js: .*larger than 2 MB/);
}, ENGINE_START_MS);

test("refuses a limit that is not a positive number (exit 2, the usage)", async () => {
  for (const bad of [["--timeout", "soon"], ["--deadline=0"], ["--max-size", "-1"], ["--timeout"]]) {
    const lines: string[] = [];
    expect(await check.main([`${ORIGIN}/`, ...bad], loopback(), (line: string) => lines.push(line))).toBe(2);
    expect(lines.join("\n")).toMatch(/--(timeout|deadline|max-size) .*positive number.*\n.*Usage/);
  }
});

test("the same version is refused the second time: releases.json has it", async () => {
  const again = release.makeRelease({ origin: ORIGIN, out, releasesFile, log: quiet });
  await expect(again).rejects.toThrow(new RegExp(`Version ${record.version.replace(/\./g, "\\.")} was released on`));
  expect(JSON.parse(readFileSync(releasesFile, "utf8"))).toEqual([record]);
});
