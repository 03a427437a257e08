/*
 * npm run release's rules that need no build: which origins it refuses, the version mapping
 * package.json -> manifest, releases.json and the refusal of a version released already, the
 * icon sizes read from PNG headers, and the header policy every host configuration follows.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join, resolve } from "path";
const release = require("../../scripts/release");
const policy = require("../../scripts/release-headers");

const ROOT = resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const manifest = readFileSync(join(ROOT, "manifest.xml"), "utf8");

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "mlcost-release-unit-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each([
  ["https://addin.example.com", "https://addin.example.com"],
  ["https://addin.example.com/", "https://addin.example.com"],
  ["https://Addin.Example.com:8443/", "https://addin.example.com:8443"],
  ["https://10.1.2.3", "https://10.1.2.3"],
  // An international name is released as its punycode form, the one a certificate carries.
  ["https://bücher.example", "https://xn--bcher-kva.example"],
  ["https://mlcost-1.intra.example.com", "https://mlcost-1.intra.example.com"],
  ["https://[2001:db8::1]", "https://[2001:db8::1]"],
  ["https://[::ffff:10.1.2.3]", "https://[::ffff:a01:203]"],
])("accepts the origin %s as %s", (value, origin) => {
  expect(release.parseOrigin(value)).toBe(origin);
});

test.each([
  [undefined, /No origin/],
  ["", /No origin/],
  ["addin.example.com", /not a URL/],
  ["http://addin.example.com", /not https/],
  ["https://localhost:3000", /names this machine/],
  ["https://LOCALHOST", /names this machine/],
  ["https://addin.localhost", /names this machine/],
  ["https://127.0.0.1:3000", /names this machine/],
  ["https://127.5.6.7", /names this machine/],
  ["https://[::1]:3000", /names this machine/],
  ["https://0.0.0.0", /names this machine/],
  // IPv4-mapped and IPv4-compatible IPv6 forms of loopback, as URL serialises them (hex).
  ["https://[::ffff:127.0.0.1]", /names this machine/],
  ["https://[::ffff:7f00:1]", /names this machine/],
  ["https://[::ffff:127.9.8.7]:8443", /names this machine/],
  ["https://[::127.0.0.1]", /names this machine/],
  ["https://[::ffff:0.0.0.0]", /names this machine/],
  ["https://[0:0:0:0:0:0:0:0]", /names this machine/],
  ["https://2130706433", /names this machine/],
  ["https://*.example.com", /not a host name.*letters, digits, hyphens and dots/],
  ['https://a"b.com', /not a host name/],
  ["https://a&b.com", /not a host name/],
  ["https://a'b.com", /not a host name/],
  ["https://a_b.example.com", /not a host name/],
  ["https://a$b.com", /not a host name/],
  ["https://-a.example.com", /not a host name/],
  ["https://a..example.com", /not a host name/],
  [`https://${"a".repeat(64)}.example.com`, /not a host name/],
  ["https://example.com.", /ends in a dot/],
  ["https://example.com/mlcost/", /more than an origin/],
  ["https://example.com/?v=2", /more than an origin/],
  ["https://user@example.com", /more than an origin/],
])("refuses the origin %s", (value, why) => {
  expect(() => release.parseOrigin(value)).toThrow(why);
  expect(() => release.parseOrigin(value)).toThrow(release.ReleaseError);
});

test("maps MAJOR.MINOR.PATCH to the manifest's MAJOR.MINOR.PATCH.0, and refuses what has no place there", () => {
  expect(release.manifestVersionFor("1.0.0")).toBe("1.0.0.0");
  expect(release.manifestVersionFor("2.10.3")).toBe("2.10.3.0");
  expect(release.manifestVersionFor("99999.0.1")).toBe("99999.0.1.0");
  for (const bad of ["1.0", "1.0.0.0", "1.0.0-beta.1", "1.0.0+build", "100000.0.0", "v1.0.0"]) {
    expect(() => release.manifestVersionFor(bad)).toThrow(release.ReleaseError);
  }
});

test("manifest.xml carries the version package.json maps to (raise both together)", () => {
  expect(release.manifestVersionOf(manifest)).toBe(release.manifestVersionFor(pkg.version));
});

test("releases.json is the repository's record: each release with its version, date, origin and zip hash", () => {
  const releases = release.readReleases(join(ROOT, "releases.json"));
  expect(Array.isArray(releases)).toBe(true);
  for (const entry of releases) {
    expect(entry.manifestVersion).toBe(release.manifestVersionFor(entry.version));
    expect(new Date(entry.date).toISOString()).toBe(entry.date);
    expect(release.parseOrigin(entry.origin)).toBe(entry.origin);
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(new Set(releases.map((r: { version: string }) => r.version)).size).toBe(releases.length);
});

test("refuses a version released already, and one below the newest released", () => {
  const releases = [
    { version: "1.0.0", date: "2026-01-05T10:00:00.000Z", origin: "https://addin.example.com" },
    { version: "1.2.0", date: "2026-03-01T10:00:00.000Z", origin: "https://addin.example.com" },
  ];
  expect(() => release.assertVersionIsNew("1.2.0", releases)).toThrow(/1\.2\.0 was released on 2026-03-01.*1\.2\.1/);
  expect(() => release.assertVersionIsNew("1.1.9", releases)).toThrow(/below 1\.2\.0/);
  expect(() => release.assertVersionIsNew("1.2.1", releases)).not.toThrow();
  expect(() => release.assertVersionIsNew("1.10.0", releases)).not.toThrow();
  expect(() => release.assertVersionIsNew("1.0.0", [])).not.toThrow();
});

test("npm run release refuses, before building, a version releases.json holds", async () => {
  const releasesFile = join(dir, "releases.json");
  const recorded = { version: pkg.version, date: "2026-01-05T10:00:00.000Z", origin: "https://addin.example.com" };
  writeFileSync(releasesFile, JSON.stringify([recorded]));
  const attempt = release.makeRelease({
    origin: "https://addin.example.com",
    out: join(dir, "out"),
    releasesFile,
    log: () => undefined,
  });
  await expect(attempt).rejects.toThrow(new RegExp(`Version ${pkg.version.replace(/\./g, "\\.")} was released`));
  // Refused before anything was written: no output folder, the record unchanged.
  expect(() => readFileSync(join(dir, "out", ".mlcost-release"))).toThrow();
  expect(JSON.parse(readFileSync(releasesFile, "utf8"))).toEqual([recorded]);
});

test("npm run release never empties a folder that is not an earlier release's", async () => {
  const out = join(dir, "precious");
  mkdirSync(out);
  writeFileSync(join(out, "thesis.docx"), "years of work");
  const attempt = release.makeRelease({
    origin: "https://addin.example.com",
    out,
    releasesFile: join(dir, "none.json"),
    log: () => undefined,
  });
  await expect(attempt).rejects.toThrow(/not an earlier release/);
  expect(readFileSync(join(out, "thesis.docx"), "utf8")).toBe("years of work");
});

test("npm run release refuses a hostile origin before it builds (was: a 90 s build, then a stack)", async () => {
  const buildSite = jest.fn();
  for (const origin of ['https://a"b.com', "https://*.example.com", "https://[::ffff:127.0.0.1]"]) {
    const attempt = release.makeRelease({
      origin,
      out: join(dir, "hostile"),
      releasesFile: join(dir, "none.json"),
      log: () => undefined,
      buildSite,
    });
    await expect(attempt).rejects.toThrow(/not a host name|names this machine/);
  }
  expect(buildSite).not.toHaveBeenCalled();
});

test("the CLI exits 1 without an origin, or with an http or localhost one", async () => {
  const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    expect(await release.main([], {})).toBe(1);
    expect(await release.main(["--origin", "http://addin.example.com"], {})).toBe(1);
    expect(await release.main([], { ADDIN_ORIGIN: "https://localhost:3000" })).toBe(1);
    expect(error.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/Release refused: No origin/),
      expect.stringMatching(/not https/),
      expect.stringMatching(/names this machine/),
    ]);
  } finally {
    error.mockRestore();
  }
});

test("reads icon sizes from PNG headers: every icon is as large as its name says", () => {
  for (const size of [16, 32, 64, 80, 128]) {
    const png = readFileSync(join(ROOT, `assets/icon-${size}.png`));
    expect(release.pngSize(png)).toEqual({ width: size, height: size });
  }
  expect(release.pngSize(Buffer.from("GIF89a not a png at all"))).toBeNull();
});

test("the manifest's icon claims: IconUrl 32, HighResolutionIconUrl 64, each ribbon image its size", () => {
  const claims = release
    .claimedIconSizes(manifest)
    .map(([url, size]: [string, number]) => [url.split("/").pop(), size]);
  expect(claims).toEqual(
    expect.arrayContaining([
      ["icon-32.png", 32],
      ["icon-64.png", 64],
      ["icon-16.png", 16],
      ["icon-80.png", 80],
    ]),
  );
  for (const [file, size] of claims) expect(file).toBe(`icon-${size}.png`);
});

test("finds every URL the manifest names, and the files each page loads", () => {
  const urls = release.manifestUrls(manifest);
  expect(urls.filter((u: { where: string }) => u.where === "AppDomain")).toHaveLength(1);
  expect(urls.map((u: { url: string }) => u.url)).toEqual(
    expect.arrayContaining(["https://localhost:3000/functions.json", "https://localhost:3000/taskpane.html"]),
  );
  expect(urls.every((u: { url: string }) => !u.url.includes("schemas.microsoft.com"))).toBe(true);
  const page = '<link rel="icon" href="assets/icon-32.png" /><link rel="preconnect" href="x.css" />';
  const scripts = '<script src="https://appsforoffice.microsoft.com/x.js"></script><script src="a.js" defer></script>';
  expect(release.pageReferences(page + scripts)).toEqual(["assets/icon-32.png", "a.js"]);
  // As the production build writes them: minified, attributes unquoted.
  const minified = "<link rel=icon href=assets/icon-32.png><link rel=stylesheet href=taskpane.css>" +
    "<script src=https://appsforoffice.microsoft.com/lib/1/hosted/office.js></script><script src=taskpane.js defer>";
  expect(release.pageReferences(minified)).toEqual(["assets/icon-32.png", "taskpane.css", "taskpane.js"]);
  expect(release.pageReferences("<script src='b.js'></script><link href=\"c.css\" rel=\"stylesheet\">")).toEqual([
    "b.js",
    "c.css",
  ]);
});

test("the header policy: hashed chunks a year, every fixed-name file revalidated, CORS on functions.json", () => {
  expect(policy.headersFor("chunks/exceljs.0123456789abcdef.js")["Cache-Control"]).toBe(
    "public, max-age=31536000, immutable",
  );
  for (const file of ["manifest.xml", "taskpane.html", "taskpane.js", "functions.js", "assets/icon-32.png"]) {
    expect(policy.headersFor(file)["Cache-Control"]).toBe("no-cache");
    expect(policy.headersFor(file)["Access-Control-Allow-Origin"]).toBeUndefined();
  }
  expect(policy.headersFor("functions.json")["Access-Control-Allow-Origin"]).toBe("*");
  expect(policy.headersFor("functions.json")["Content-Type"]).toMatch(/^application\/json/);

  expect(policy.cacheProblem("taskpane.js", "no-cache")).toBeNull();
  expect(policy.cacheProblem("taskpane.js", "max-age=0, must-revalidate")).toBeNull();
  expect(policy.cacheProblem("taskpane.js", "public, max-age=3600")).toMatchObject({ severity: "error" });
  expect(policy.cacheProblem("taskpane.js", undefined)).toMatchObject({ severity: "error" });
  expect(policy.cacheProblem("chunks/a.0123456789abcdef.js", "no-cache")).toMatchObject({ severity: "warning" });
  expect(policy.cacheProblem("chunks/a.0123456789abcdef.js", "public, max-age=31536000, immutable")).toBeNull();
});

test("the generated host configurations say the same, with no rule overlapping another", () => {
  const files = ["chunks/a.0123456789abcdef.js", "functions.json", "manifest.xml", "taskpane.html"];
  const netlify: string = policy.netlifyHeaders(files);
  const rules = netlify.split("\n").filter((line) => line.startsWith("/"));
  expect(rules).toEqual(["/chunks/*", "/functions.json", "/manifest.xml", "/taskpane.html"]);
  expect(netlify).toContain("/functions.json\n  Cache-Control: no-cache\n  X-Content-Type-Options: nosniff\n");
  expect(netlify).toContain("  Access-Control-Allow-Origin: *");
  const swa = policy.staticWebAppConfig();
  expect(swa.globalHeaders["Cache-Control"]).toBe("no-cache");
  expect(swa.routes).toContainEqual({ route: "/chunks/*", headers: { "Cache-Control": policy.LONG_LIVED } });
  expect(swa.routes).toContainEqual({ route: "/functions.json", headers: { "Access-Control-Allow-Origin": "*" } });
});

test("release/ is ignored by git, Prettier and ESLint", () => {
  // Anchored at the root: a bare "release/" would also hide test/release/, these tests.
  expect(readFileSync(join(ROOT, ".gitignore"), "utf8").split("\n")).toContain("/release/");
  expect(readFileSync(join(ROOT, ".prettierignore"), "utf8").split("\n")).toContain("release/");
  expect(readFileSync(join(ROOT, "eslint.config.mjs"), "utf8")).toContain('"release/"');
});
