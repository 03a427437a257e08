/*
 * npm run release:check -- https://addin.example.com/
 *
 * Checks a deployed release the way Excel will meet it: fetches the manifest the host serves,
 * then every URL it names, the scripts, stylesheets and icons each page loads, the help pages
 * functions.json names, and every file site/release.json lists (the lazy chunks included), and
 * reports each file that is missing, redirects, has the wrong content type, the wrong caching
 * (scripts/release-headers.js), differs from the release, or (functions.json) lacks the CORS
 * header Excel on the web needs. It also reports any URL in the manifest outside the origin or
 * on localhost. Exits 1 on any problem; warnings (a content-hashed file not cached long) do not
 * fail it.
 *
 * Limits, so that a slow, broken or hostile host cannot hold it or fill the memory: each fetch
 * must be complete within --timeout seconds (30) and at most --max-size MB (48; the largest file
 * of a release is the bill's engine, DuckDB-Wasm's 34 MB module, the next about 1 MB), and the whole
 * check ends after --deadline seconds (120), reporting what it did not fetch.
 * Usage: npm run release:check -- <origin>/ [--timeout 30] [--max-size 48]
 * [--deadline 120].
 */
const { createHash } = require("crypto");
const https = require("https");
const headersPolicy = require("./release-headers");
const {
  parseOrigin,
  isLoopbackHost,
  manifestUrls,
  manifestVersionOf,
  pageReferences,
  LOOPBACK_TEXT,
} = require("./release");

/** The origin Excel on the web fetches functions.json from: sent so a host that answers CORS per request does. */
const EXCEL_WEB_ORIGIN = "https://excel.officeapps.live.com";
const MB = 1024 * 1024;
/** The limits checkDeployment and the CLI apply unless told otherwise (documented in docs/deploy.md). */
const DEFAULT_LIMITS = { timeoutMs: 30_000, maxBytes: 48 * MB, deadlineMs: 120_000 };
const seconds = (ms) => `${+(ms / 1000).toFixed(3)} s`;
const megabytes = (bytes) => `${+(bytes / MB).toFixed(3)} MB`;

/**
 * GETs `url` without following redirects; resolves with { status, headers, body } or rejects
 * on a network or TLS error, on an answer not complete within `timeoutMs` (from the request, not
 * from the last byte: a host dripping a byte every few seconds is still cut off), and on a body
 * over `maxBytes` (declared or as received: the connection is closed then, never read whole).
 * A timeout's error has `timedOut: true`. `connectTo` (tests only) sends the connection to a
 * loopback address and port instead of the URL's host, keeping the URL's name for TLS and Host;
 * `ca` adds a certificate authority to trust for the TLS chain, which is still verified.
 */
function get(
  url,
  { ca, connectTo, requestHeaders = {}, timeoutMs = DEFAULT_LIMITS.timeoutMs, maxBytes = DEFAULT_LIMITS.maxBytes } = {},
) {
  const target = new URL(url);
  const options = {
    method: "GET",
    hostname: target.hostname,
    port: target.port || 443,
    path: target.pathname + target.search,
    headers: { Host: target.host, "User-Agent": "mlcost-release-check", ...requestHeaders },
    agent: false,
  };
  if (ca) options.ca = ca;
  if (connectTo) {
    if (!isLoopbackHost(connectTo.host)) throw new Error(`connectTo must be a loopback address, not ${connectTo.host}`);
    options.port = connectTo.port;
    const address = connectTo.host;
    const family = address.includes(":") ? 6 : 4;
    options.lookup = (_host, lookupOptions, callback) =>
      lookupOptions && lookupOptions.all ? callback(null, [{ address, family }]) : callback(null, address, family);
  }
  const tooLarge = () => new Error(`larger than ${megabytes(maxBytes)}, the limit of each file (--max-size)`);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(value);
    };
    const request = https.request(options, (response) => {
      if (Number(response.headers["content-length"]) > maxBytes) return settle(tooLarge());
      const chunks = [];
      let received = 0;
      response.on("data", (chunk) => {
        received += chunk.length;
        if (received > maxBytes) settle(tooLarge());
        else chunks.push(chunk);
      });
      response.on("end", () =>
        settle(null, { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", settle);
      response.on("close", () => settle(new Error("the host closed the connection before the answer was complete")));
    });
    const timer = setTimeout(() => {
      const error = new Error(`no complete answer within ${seconds(timeoutMs)} (--timeout)`);
      error.timedOut = true;
      settle(error);
    }, timeoutMs);
    request.on("error", settle);
    request.end();
  });
}

const sha256 = (buffer) => createHash("sha256").update(buffer).digest("hex");

/**
 * Checks the release deployed at `originArg`. Resolves with { origin, problems, warnings,
 * checked }: problems and warnings as { file, message }, checked the files fetched. Options:
 * `timeoutMs` and `maxBytes` for each fetch, `deadlineMs` for the whole check (DEFAULT_LIMITS
 * when absent; past the deadline it stops and reports what it did not fetch as a problem of
 * "release:check"), and `ca` and `connectTo` (see get; for the tests' loopback host only).
 */
async function checkDeployment(originArg, { ca, connectTo, ...limits } = {}) {
  const { timeoutMs, maxBytes, deadlineMs } = { ...DEFAULT_LIMITS, ...limits };
  const origin = parseOrigin(originArg);
  const deadlineAt = Date.now() + deadlineMs;
  const outOfTime = () => Date.now() >= deadlineAt;
  const problems = [];
  const warnings = [];
  const problem = (file, message) => problems.push({ file, message });
  const queue = [];
  const seen = new Set();
  const enqueue = (file, why) => {
    if (!seen.has(file)) {
      seen.add(file);
      queue.push({ file, why });
    }
  };
  const bodies = new Map();
  let manifestVersion = null;
  let expectedHashes = {};

  /** Fetches one file of the release and checks its status and headers; resolves with the body, or null. */
  const fetchFile = async (file, why) => {
    const url = `${origin}/${file.split("/").map(encodeURIComponent).join("/")}`;
    const requestHeaders = headersPolicy.CORS_FILES.includes(file) ? { Origin: EXCEL_WEB_ORIGIN } : {};
    // The fetch's own limit, or less when the whole check's deadline comes first.
    const left = Math.max(0, deadlineAt - Date.now());
    let response;
    try {
      response = await get(url, { ca, connectTo, requestHeaders, timeoutMs: Math.min(timeoutMs, left), maxBytes });
    } catch (error) {
      const reason =
        error.timedOut && left < timeoutMs
          ? `the check's overall deadline of ${seconds(deadlineMs)} passed (--deadline)`
          : error.message;
      problem(file, `cannot be fetched (${why}): ${reason}`);
      return null;
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.location || "nowhere";
      problem(file, `redirects (${response.status}) to ${location}: serve the file at its own URL (${why})`);
      return null;
    }
    if (response.status !== 200) {
      problem(file, `answers ${response.status}, not 200: missing from the host? (${why})`);
      return null;
    }
    const type = response.headers["content-type"];
    if (!headersPolicy.contentTypeAccepted(file, type)) {
      const expected = headersPolicy.headersFor(file)["Content-Type"];
      problem(file, `is served as "${type || "(no Content-Type)"}", expected "${expected}"`);
    }
    const cache = headersPolicy.cacheProblem(file, response.headers["cache-control"]);
    if (cache)
      (cache.severity === "error" ? problems : warnings).push({ file, message: `Cache-Control ${cache.message}` });
    if (headersPolicy.CORS_FILES.includes(file)) {
      const allowed = response.headers[headersPolicy.CORS_HEADER.toLowerCase()];
      if (allowed !== "*" && allowed !== EXCEL_WEB_ORIGIN) {
        problem(
          file,
          `lacks "${headersPolicy.CORS_HEADER}: *" (got "${allowed || ""}"): Excel on the web cannot read it`,
        );
      }
    }
    bodies.set(file, response.body);
    return response.body;
  };

  seen.add("manifest.xml");
  const manifest = await fetchFile("manifest.xml", "the manifest");
  if (manifest) {
    const xml = manifest.toString("utf8");
    const loopback = LOOPBACK_TEXT.exec(xml);
    if (loopback) problem("manifest.xml", `names ${loopback[0]}: a URL on each user's own machine`);
    for (const { url, where } of manifestUrls(xml)) {
      if (where === "AppDomain") {
        if (url.replace(/\/$/, "") !== origin) problem("manifest.xml", `AppDomain ${url} is not ${origin}`);
      } else if (!url.startsWith(origin + "/")) {
        problem("manifest.xml", `${where} names ${url}, outside ${origin}/`);
      } else {
        enqueue(decodeURIComponent(new URL(url).pathname.slice(1)), `manifest ${where}`);
      }
    }
    manifestVersion = manifestVersionOf(xml);
  }
  // release.json last: what it lists beyond the manifest and the pages is what only it names.
  let listed = false;
  for (let next = queue.shift(); next || !listed; next = queue.shift()) {
    if (outOfTime()) {
      const left = [...(next ? [next.file] : []), ...queue.map((q) => q.file), ...(listed ? [] : ["release.json"])];
      const named = left.length > 8 ? `${left.slice(0, 8).join(", ")} and ${left.length - 8} more` : left.join(", ");
      const beyond = listed ? "" : " (nor what only release.json lists)";
      problem(
        "release:check",
        `stopped at its overall deadline of ${seconds(deadlineMs)} (--deadline); not fetched: ${named}${beyond}`,
      );
      break;
    }
    if (!next) {
      listed = true;
      next = { file: "release.json", why: "the release's file list" };
      seen.add(next.file);
    }
    const { file, why } = next;
    if (file === "") {
      problem("/", `the origin itself is named (${why}); name a file`);
      continue;
    }
    const body = await fetchFile(file, why);
    if (!body) continue;
    if (file === "functions.json") {
      const text = body.toString("utf8");
      const loopback = LOOPBACK_TEXT.exec(text);
      if (loopback) problem(file, `names ${loopback[0]}: a URL on each user's own machine`);
      try {
        for (const fn of JSON.parse(text).functions || []) {
          if (!fn.helpUrl) continue;
          if (!fn.helpUrl.startsWith(origin + "/"))
            problem(file, `${fn.id} helpUrl ${fn.helpUrl} is outside ${origin}/`);
          else enqueue(decodeURIComponent(new URL(fn.helpUrl).pathname.slice(1)), `helpUrl of ${fn.id}`);
        }
      } catch (error) {
        problem(file, `is not JSON: ${error.message}`);
      }
    } else if (file.endsWith(".html")) {
      for (const reference of pageReferences(body.toString("utf8"))) {
        const base = new URL(`${origin}/${file}`);
        const target = new URL(reference, base);
        if (target.origin === origin) enqueue(decodeURIComponent(target.pathname.slice(1)), `loaded by ${file}`);
      }
    } else if (file === "release.json") {
      try {
        const release = JSON.parse(body.toString("utf8"));
        if (manifestVersion && release.manifestVersion !== manifestVersion) {
          problem(file, `is release ${release.manifestVersion} but the manifest is ${manifestVersion}: a mixed upload`);
        }
        for (const listed of Object.keys(release.files || {})) enqueue(listed, `listed in release.json`);
        expectedHashes = release.files || {};
      } catch (error) {
        problem(file, `is not JSON: ${error.message}`);
      }
    }
  }

  // Bytes as released: a file that differs is another release's, or rewritten by the host.
  for (const [file, hash] of Object.entries(expectedHashes)) {
    if (bodies.has(file) && sha256(bodies.get(file)) !== hash) {
      problem(file, "differs from the release's file (another version uploaded, or the host rewrites it)");
    }
  }
  return { origin, problems, warnings, checked: [...bodies.keys()] };
}

/** The CLI's limit options: flag, the checkDeployment option it sets, and its unit in that option's terms. */
const LIMIT_FLAGS = [
  ["timeout", "timeoutMs", 1000, "seconds"],
  ["max-size", "maxBytes", MB, "MB"],
  ["deadline", "deadlineMs", 1000, "seconds"],
];

const USAGE =
  "Usage: npm run release:check -- https://addin.example.com/ [--timeout SECONDS] [--max-size MB] [--deadline SECONDS]\n" +
  `  --timeout   each fetch must be complete within it (default ${DEFAULT_LIMITS.timeoutMs / 1000})\n` +
  `  --max-size  each file at most this large (default ${DEFAULT_LIMITS.maxBytes / MB})\n` +
  `  --deadline  the whole check stops after it (default ${DEFAULT_LIMITS.deadlineMs / 1000})`;

/** Reads argv: the origin and the limits given, or `{ error }` naming what to fix. */
function parseArguments(argv) {
  const limits = {};
  let target;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      target = target ?? arg;
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s);
    const flag = LIMIT_FLAGS.find(([flagName]) => flagName === name);
    if (!flag) return { error: `unknown option --${name}` };
    const value = inline ?? argv[++i];
    const number = Number(value);
    if (value === undefined || value === "" || !Number.isFinite(number) || number <= 0) {
      return { error: `--${name} needs a positive number of ${flag[3]}, not "${value ?? ""}"` };
    }
    limits[flag[1]] = number * flag[2];
  }
  return target ? { target, limits } : { error: "no origin given" };
}

/**
 * The CLI: prints the report and resolves with the exit status (0 clean, 1 problems, 2 usage).
 * `options` go to checkDeployment (the tests' ca and connectTo); the limits on the command line
 * win over theirs.
 */
async function main(argv = process.argv.slice(2), options = {}, log = console.log) {
  const parsed = parseArguments(argv);
  if (parsed.error) {
    log(`release:check: ${parsed.error}.\n${USAGE}`);
    return 2;
  }
  const { target } = parsed;
  options = { ...options, ...parsed.limits };
  let report;
  try {
    report = await checkDeployment(target, options);
  } catch (error) {
    log(`release:check: ${error.message}`);
    return 1;
  }
  for (const { file, message } of report.problems) log(`FAIL ${file}: ${message}`);
  for (const { file, message } of report.warnings) log(`warn ${file}: ${message}`);
  const summary = `${report.checked.length} files fetched from ${report.origin}`;
  if (report.problems.length) {
    log(`${summary}: ${report.problems.length} problem(s), ${report.warnings.length} warning(s).`);
    return 1;
  }
  log(
    `${summary}: all present, typed, cached and allowed as docs/deploy.md says (${report.warnings.length} warning(s)).`,
  );
  return 0;
}

if (require.main === module) main().then((status) => (process.exitCode = status));

module.exports = { checkDeployment, main, get, EXCEL_WEB_ORIGIN, DEFAULT_LIMITS };
