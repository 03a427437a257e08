/*
 * node bench/billBrowser.js [DIR] [ROWS]: the bill's import timed in Chromium, as the pane ships (dist/ from
 * `npm run build`, served over HTTPS as the e2e serves it, the same CSP and chunks, Office.js missing: browser mode).
 * The bill is bench/billData.js's generated FOCUS 1.2 bill of ROWS rows (default 1,000,000) in DIR (default
 * <tmp>/mlcost-bill-bench-ROWS), written once and reused while DIR's bill.rows says it is complete. In one run:
 * 1. the engine alone, in a bench page of its own beside dist/ (bench/billBrowser/engine.html): DuckDB-Wasm's
 *    browser client with dist/chunks/' worker and module, count(*) over the CSV with the bill's read_csv options;
 *    hyparquet decoding the Parquet alone (every column, then only the bill's, which is what the pane decodes);
 * 2. the pane's own import: the "Your bill" tab, bill.csv chosen in #bill-file, timed in the page from the input's
 *    change event until the progress bar is hidden and #bill-months has its table; then bill.parquet (a fresh
 *    pane each, so each step starts the engine as a planner's first file does and has a memory peak of its own);
 * 3. memory: the RSS of Chromium's process tree (every descendant of this process) and of its largest process
 *    (the renderer: the page and its workers) every 100 ms, and the page's JSHeapUsedSize (CDP
 *    Performance.getMetrics: the main thread's heap, not the worker's nor WebAssembly memory);
 * 4. a table: step, seconds, rows/s, ratio to the engine-alone figure of the same format, peak RSS.
 * For each import it prints what a planner saw: each status line with its time, the bar's value when it came and
 * when it went, and the main thread's longest stall meanwhile; and the load averages, since the machine may be busy.
 * Refuses to run without a production build in dist/ (it builds nothing). Fails (exit 1) when a step counts other
 * than ROWS rows or the pane shows anything but its figures.
 */
/* global window, document, MutationObserver */ // in the functions page.evaluate runs in the page
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { startBenchBrowser } = require("./browserHarness");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist");
const HERE = path.join(__dirname, "billBrowser");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
const STEP_TIMEOUT_MS = 30 * 60 * 1000;
// the packages the bench page imports (engine.html's import map), and nothing else of node_modules
const SERVED_PACKAGES = [
  "@duckdb/duckdb-wasm",
  "apache-arrow",
  "flatbuffers",
  "hyparquet",
  "hyparquet-compressors",
  "fzstd",
  "tslib",
];

// the bill's TypeScript, compiled as it is required (as bench/billData.js does)
require.extensions[".ts"] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
  });
  module._compile(outputText, filename);
};

/** Stops the run with a sentence (no stack: it is the planner's setup, not a bug). */
function refuse(message) {
  console.error(`bench/billBrowser.js: ${message}`);
  process.exit(1);
}

/** The production build's engine files, or a refusal: the bench builds nothing itself. */
function productionBuild() {
  const chunks = path.join(DIST, "chunks");
  if (!fs.existsSync(path.join(DIST, "taskpane.html")) || !fs.existsSync(chunks)) {
    refuse("dist/ is missing: run `npm run build` first (the bench builds nothing itself).");
  }
  const names = fs.readdirSync(chunks);
  const find = (pattern) => names.find((name) => pattern.test(name));
  // a development build names its chunks without a content hash and writes source maps
  const engineChunk = find(/^bill-engine\.[0-9a-f]{16}\.js$/);
  const worker = find(/^duckdb-browser-eh\.worker\.[0-9a-f]{16}\.js$/);
  const wasm = find(/^duckdb-eh\.[0-9a-f]{16}\.wasm$/);
  if (fs.existsSync(path.join(DIST, "taskpane.js.map")) || names.some((name) => name.endsWith(".map"))) {
    refuse("dist/ is a development build: run `npm run build` (production) first.");
  }
  if (!engineChunk || !worker || !wasm) {
    refuse("dist/ has no bill engine (chunks/bill-engine.*.js, the DuckDB worker and module): run `npm run build`.");
  }
  return { workerUrl: `/chunks/${worker}`, wasmUrl: `/chunks/${wasm}` };
}

/** The generated bill in `dir`, written by bench/billData.js unless a complete one of `rows` rows is there. */
async function generatedBill(dir, rows) {
  const files = { csv: path.join(dir, "bill.csv"), parquet: path.join(dir, "bill.parquet") };
  const marker = path.join(dir, "bill.rows");
  const complete = () => fs.existsSync(marker) && fs.readFileSync(marker, "utf8").trim() === String(rows);
  if (complete() && fs.existsSync(files.csv) && fs.existsSync(files.parquet)) {
    console.log(`Reusing the bill of ${rows.toLocaleString("en-US")} rows in ${dir}`);
    return files;
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(marker, { force: true });
  console.log(`Writing the bill of ${rows.toLocaleString("en-US")} rows into ${dir} (bench/billData.js)`);
  // billData.js times the bill in Node once the files are written; the bench needs only the files, so it stops
  // the generator (its own process group) at the line giving both files' sizes, which comes after both are closed
  const child = spawn(process.execPath, [path.join(__dirname, "billData.js"), dir, String(rows)], {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let written = false;
  let text = "";
  child.stdout.on("data", (data) => {
    text += data;
    process.stdout.write(data);
    if (!written && /^bill\.csv .* MB, bill\.parquet .* MB$/m.test(text)) {
      written = true;
      process.kill(-child.pid, "SIGTERM");
    }
  });
  await new Promise((resolve) => child.on("exit", resolve));
  if (!written) refuse("bench/billData.js ended before writing both files (see above).");
  fs.writeFileSync(marker, `${rows}\n`);
  return files;
}

/** The RSS of every descendant of this process (Chromium's tree), read from /proc. */
function chromiumRss() {
  const children = new Map();
  const rss = new Map();
  const page = 4096;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const resident = Number(fs.readFileSync(`/proc/${entry}/statm`, "utf8").split(" ")[1]) * page;
      rss.set(Number(entry), resident);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended between the listing and the read
    }
  }
  let totalBytes = 0;
  let largestBytes = 0;
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length) {
    const pid = stack.pop();
    totalBytes += rss.get(pid) ?? 0;
    largestBytes = Math.max(largestBytes, rss.get(pid) ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return { totalBytes, largestBytes };
}

/** Samples memory every 100 ms while a step runs: Chromium's RSS and, given a CDP session, the page's JS heap. */
function memorySampler() {
  let peak;
  let cdp;
  let asking = false;
  const sample = () => {
    const now = chromiumRss();
    peak.totalBytes = Math.max(peak.totalBytes, now.totalBytes);
    peak.largestBytes = Math.max(peak.largestBytes, now.largestBytes);
    peak.samples++;
    // a busy main thread answers late: never more than one question outstanding
    if (cdp && !asking) {
      asking = true;
      cdp
        .send("Performance.getMetrics")
        .then(({ metrics }) => {
          const used = metrics.find((m) => m.name === "JSHeapUsedSize");
          if (used) peak.heapBytes = Math.max(peak.heapBytes ?? 0, used.value);
        })
        .catch(() => undefined)
        .finally(() => (asking = false));
    }
  };
  let timer;
  return {
    begin(session) {
      cdp = session;
      peak = { totalBytes: 0, largestBytes: 0, heapBytes: undefined, samples: 0 };
      sample();
      peak.startBytes = peak.totalBytes;
      timer = setInterval(sample, 100);
    },
    end() {
      clearInterval(timer);
      sample();
      cdp = undefined;
      return peak;
    },
  };
}

/** The system's load averages, as /proc/loadavg gives them. */
const loadAverage = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const CONTENT_TYPES = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".ts": "text/javascript",
  ".html": "text/html",
};

/**
 * Answers the bench page's requests under /__bench/: its own files, the few packages its import map names, and
 * the bill's TypeScript modules (src/bill/engine only) as JavaScript modules. Anything else: 404.
 */
function answerBench(route, origin) {
  const relative = decodeURIComponent(new URL(route.request().url()).pathname.slice("/__bench/".length));
  const send = (file, body) =>
    route.fulfill({ status: 200, contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream", body });
  const within = (base, rest) => {
    const file = path.resolve(base, rest);
    return file.startsWith(base + path.sep) && fs.existsSync(file) ? file : undefined;
  };
  let file;
  if (relative.startsWith("nm/")) {
    const inPackage = relative.slice(3);
    const name = SERVED_PACKAGES.find((p) => inPackage.startsWith(`${p}/`));
    if (name) file = within(path.join(ROOT, "node_modules", name), inPackage.slice(name.length + 1));
  } else if (relative.startsWith("src/bill/engine/") && relative.endsWith(".ts")) {
    file = within(path.join(ROOT, "src/bill/engine"), relative.slice("src/bill/engine/".length));
    if (file) {
      const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
        fileName: file,
        compilerOptions: { module: ts.ModuleKind.ES2020, target: ts.ScriptTarget.ES2020 },
      });
      return send(file, outputText);
    }
  } else if (/^[\w-]+\.(html|js)$/.test(relative)) file = within(HERE, relative);
  if (!file) return route.fulfill({ status: 404, body: `not served by the bench: ${relative} (${origin})` });
  return send(file, fs.readFileSync(file));
}

/** Serves dist/ over HTTPS as the e2e does and starts headless Chromium (bench/browserHarness.js). */
async function startHarness() {
  const started = await startBenchBrowser(DIST);
  if (started.skipped) refuse(started.skipped);
  return { ...started, close: started.stop };
}

// Runs before the page's scripts: CSP violations, as the e2e records them.
const CSP_RECORDER = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
  e.effectiveDirective + " " + e.blockedURI), true);`;

/** A fresh context and page on `pagePath`: Office.js's CDN answers 404 (browser mode), other hosts nothing. */
async function openPage(harness, pagePath) {
  const context = await harness.browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 350, height: 900 } });
  await context.route(`${CDN}**`, (route) => route.fulfill({ status: 404, body: "" }));
  await context.route(`${harness.origin}/__bench/**`, (route) => answerBench(route, harness.origin));
  await context.route(
    (url) => url.origin !== harness.origin && !url.href.startsWith(CDN),
    (route) => route.fulfill({ status: 204, body: "" }),
  );
  await context.addInitScript({ content: CSP_RECORDER });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  // a failed request is said by its response, with its address (the console's line has none)
  page.on("response", (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/^Failed to load resource/.test(message.text())) {
      errors.push(`console: ${message.text()}`);
    }
  });
  await page.goto(`${harness.origin}/${pagePath}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable").catch(() => undefined);
  return { context, page, cdp, errors };
}

/*
 * Installed in the pane before a file is chosen (page.evaluate): times the import from the input's change event
 * (a capturing listener on the document, before the pane's own) until it has ended, and records what a planner
 * would see meanwhile: each status line with its time, the bar's value, and the main thread's longest stall (a
 * 50 ms interval that ran late). The import has ended when the bar, once shown, is hidden again and the status
 * is no longer a step (the e2e's test: Starting, Checking, Reading, Adding, Listing).
 */
function recordPaneImport() {
  const run = { started: null, ended: null, sawProgress: false, statuses: [], progressUpdates: 0, longestStallMs: 0 };
  run.stalls = 0;
  window.__paneImport = run;
  const byId = (id) => document.getElementById(id);
  let lastStatus = "";
  let lastValue = null;
  const check = () => {
    if (run.started === null || run.ended !== null) return;
    const now = performance.now() - run.started;
    const bar = byId("bill-progress");
    const status = byId("bill-status")?.textContent ?? "";
    if (!bar.hidden) run.sawProgress = true;
    const value = bar.hidden ? null : bar.hasAttribute("value") ? bar.value : "moving";
    if (value !== lastValue) {
      run.progressUpdates++;
      lastValue = value;
    }
    if (status !== lastStatus) {
      lastStatus = status;
      if (run.statuses.length < 60) run.statuses.push({ ms: Math.round(now), status, bar: value, stallMs: 0 });
    }
    const shown = run.statuses[run.statuses.length - 1];
    if (shown) shown.lastBar = value;
    if (run.sawProgress && bar.hidden && status !== "" && !/^(Starting|Checking|Reading|Adding|Listing)/.test(status)) {
      run.ended = now;
      const months = byId("bill-months");
      run.outcome = {
        status,
        table: Boolean(months?.querySelector("table")),
        resultsShown: byId("bill-results")?.hidden === false,
        problems: Array.from(document.querySelectorAll("#bill-problems li")).map((li) => li.textContent),
      };
    }
  };
  document.addEventListener(
    "change",
    (event) => event.target.id === "bill-file" && (run.started = performance.now()),
    true,
  );
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (run.started !== null && run.ended === null) {
      const stall = now - last - 50;
      run.longestStallMs = Math.max(run.longestStallMs, stall);
      const shown = run.statuses[run.statuses.length - 1];
      if (shown) shown.stallMs = Math.max(shown.stallMs, stall);
      if (stall > 200) run.stalls++;
    }
    last = now;
    check();
  }, 50);
}

/** One step's row in the table. */
function stepRow(step, format, ms, rows, memory, extra = {}) {
  return { step, format, ms, rows, memory, ...extra };
}

/** The column names on a CSV's first line (the generated bill quotes none of them). */
function csvHeader(file) {
  const fd = fs.openSync(file, "r");
  const bytes = Buffer.alloc(64 * 1024);
  const length = fs.readSync(fd, bytes, 0, bytes.length, 0);
  fs.closeSync(fd);
  return bytes.subarray(0, length).toString("utf8").split("\n")[0].split(",");
}

/** The engine alone (the limits), in the bench page. */
async function engineAlone(harness, bill, rows, build, sampler, steps) {
  const { billSourceSql } = require(path.join(ROOT, "src/bill/model/billSql.ts"));
  const { BILL_ENGINE_SETTINGS } = require(path.join(ROOT, "src/bill/engine/engineText.ts"));
  const { detectFocusVersion } = require(path.join(ROOT, "src/bill/model/focusColumns.ts"));
  const { page, context, cdp, errors } = await openPage(harness, "__bench/engine.html");
  await page
    .waitForFunction(() => window.billBench?.ready === true, null, { timeout: 60_000 })
    .catch(() => {
      throw new Error(`the bench page did not load: ${errors.join("; ") || "no error reported"}`);
    });

  const settings = [...BILL_ENGINE_SETTINGS, "SET enable_progress_bar = true"];
  sampler.begin(cdp);
  const started = await page.evaluate((options) => window.billBench.start(options), { ...build, settings });
  steps.push(stepRow("engine start (worker, module, settings)", "-", started.ms, undefined, sampler.end()));

  await page.setInputFiles("#bench-file", bill.csv);
  const sql = `SELECT count(*) FROM ${billSourceSql({ format: "csv", paths: ["bill.csv"] })}`;
  console.log(`  ${sql}`);
  sampler.begin(cdp);
  const counted = await page.evaluate((options) => window.billBench.countCsv(options), { engineName: "bill.csv", sql });
  steps.push(stepRow("engine alone: count(*) over read_csv", "csv", counted.ms, counted.rows, sampler.end()));
  if (counted.rows !== rows) throw new Error(`the engine counted ${counted.rows} rows in bill.csv, not ${rows}`);

  // the columns the pane decodes: the bill's, as the detection names them from the file's columns
  const header = csvHeader(bill.csv);
  const detection = detectFocusVersion(header);
  // not fatal here: the pane's step says what is wrong with the file, and fails the run
  if ("code" in detection) console.log(`  bill.csv's header is not FOCUS (${detection.message}): no Parquet limit`);
  const billColumns = "code" in detection ? [] : Object.values(detection.columns).filter((c) => typeof c === "string");
  await page.setInputFiles("#bench-file", bill.parquet);
  const decodings = [[`hyparquet decode alone, all columns`, undefined]];
  if (billColumns.length)
    decodings.push([`hyparquet decode alone, the bill's ${billColumns.length} columns`, billColumns]);
  for (const [label, columns] of decodings) {
    sampler.begin(cdp);
    const decoded = await page.evaluate((options) => window.billBench.decodeParquet(options), { columns });
    steps.push(stepRow(label, "parquet", decoded.ms, decoded.rows, sampler.end(), { limit: Boolean(columns) }));
    if (decoded.rows !== rows) throw new Error(`hyparquet decoded ${decoded.rows} rows of bill.parquet, not ${rows}`);
  }
  await page.evaluate(() => window.billBench.close());
  if (errors.length) console.log(`  the bench page said: ${errors.join("; ")}`);
  await context.close();
}

/** The pane's own import of one file, in a fresh pane. Throws when the pane shows anything but its figures. */
async function paneImport(harness, file, format, rows, sampler, steps) {
  const { page, context, cdp, errors } = await openPane(harness);
  await page.evaluate(recordPaneImport);
  const wall = Date.now();
  sampler.begin(cdp);
  await page.setInputFiles("#bill-file", file);
  await page.waitForFunction(() => window.__paneImport.ended !== null, null, {
    timeout: STEP_TIMEOUT_MS,
    polling: 250,
  });
  const memory = sampler.end();
  const run = await page.evaluate(() => window.__paneImport);
  const csp = await page.evaluate(() => window.__cspViolations);
  const wallMs = Date.now() - wall;
  await context.close();

  console.log(
    `\n  the pane, ${path.basename(file)}: what it said, ms after the choice, the bar when it said it and last`,
  );
  console.log("    ms  bar first, last  longest stall ms  status");
  const bar = (value) => (value === null ? "hidden" : String(value).slice(0, 6)).padEnd(6);
  for (const { ms, status, bar: first, lastBar, stallMs } of run.statuses) {
    const stall = String(Math.max(0, Math.round(stallMs))).padStart(16);
    console.log(`    ${String(ms).padStart(7)}  ${bar(first)} ${bar(lastBar)}  ${stall}  ${status}`);
  }
  console.log(
    `  bar updates ${run.progressUpdates}; main thread: longest stall ${Math.round(run.longestStallMs)} ms, ` +
      `${run.stalls} stalls over 200 ms; wall clock from setInputFiles ${wallMs} ms; CSP violations ${csp.length}`,
  );
  if (csp.length) console.log(`  CSP: ${csp.join("; ")}`);
  if (errors.length) console.log(`  the pane said: ${errors.join("; ")}`);

  const { outcome } = run;
  const read = /^Read ([\d,]+) rows/.exec(outcome.status);
  if (!outcome.table || !outcome.resultsShown || !read) {
    throw new Error(
      `the pane showed no figures for ${path.basename(file)}: "${outcome.status}"` +
        (outcome.problems.length ? `; problems: ${outcome.problems.join(" | ")}` : ""),
    );
  }
  const shownRows = Number(read[1].replace(/,/g, ""));
  if (shownRows !== rows) throw new Error(`the pane read ${shownRows} rows of ${path.basename(file)}, not ${rows}`);
  steps.push(stepRow(`the pane's import of ${path.basename(file)}`, format, run.ended, shownRows, memory));
}

/** The pane in browser mode on its "Your bill" tab. */
async function openPane(harness) {
  const opened = await openPage(harness, "taskpane.html");
  await opened.page.waitForSelector("body[data-ready]");
  await opened.page.getByRole("tab", { name: "Your bill" }).click();
  await opened.page.locator("#bill-file").waitFor({ state: "attached" });
  return opened;
}

const mb = (bytes) => (bytes === undefined ? "-" : (bytes / 1048576).toFixed(1));

/** The table: each step with its rate and its ratio to the engine-alone limit of its format. */
function printTable(steps) {
  const limit = {
    csv: steps.find((s) => s.format === "csv" && /^engine alone/.test(s.step)),
    parquet: steps.find((s) => s.format === "parquet" && s.limit),
  };
  const head = [
    "step",
    "format",
    "seconds",
    "rows/s",
    "x limit",
    "RSS before MB",
    "peak RSS MB",
    "renderer MB",
    "JS heap MB",
  ];
  const rows = steps.map((s) => [
    s.step,
    s.format,
    (s.ms / 1000).toFixed(2),
    s.rows === undefined ? "-" : Math.round(s.rows / (s.ms / 1000)).toLocaleString("en-US"),
    limit[s.format] ? (s.ms / limit[s.format].ms).toFixed(2) : "-",
    mb(s.memory.startBytes),
    mb(s.memory.totalBytes),
    mb(s.memory.largestBytes),
    mb(s.memory.heapBytes),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\n${line(head)}`);
  for (const row of rows) console.log(line(row));
  console.log(
    "\nx limit: the step's seconds over the engine-alone step of its format (CSV: count(*) over read_csv; " +
      "Parquet: hyparquet decoding the bill's columns). Peak RSS: Chromium's whole process tree (shared pages " +
      "counted in each process), before the step and its peak; renderer: its largest process, peak; " +
      "JS heap: the page's main thread (CDP).",
  );
}

async function main() {
  const [dirArg, rowsArg] = process.argv.slice(2);
  const rows = Number(rowsArg ?? 1_000_000);
  if (!Number.isInteger(rows) || rows <= 0) refuse("usage: node bench/billBrowser.js [DIR] [ROWS]");
  const build = productionBuild();
  const dir = path.resolve(dirArg ?? path.join(os.tmpdir(), `mlcost-bill-bench-${rows}`));
  const bill = await generatedBill(dir, rows);
  const sizes = `bill.csv ${mb(fs.statSync(bill.csv).size)} MB, bill.parquet ${mb(fs.statSync(bill.parquet).size)} MB`;

  const harness = await startHarness();
  const sampler = memorySampler();
  const steps = [];
  const loads = [`start ${loadAverage()}`];
  console.log(`\nChromium ${harness.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}; ${sizes}`);
  try {
    console.log(`\n1. The engine alone (bench page beside dist/, ${build.workerUrl}, ${build.wasmUrl})`);
    await engineAlone(harness, bill, rows, build, sampler, steps);
    loads.push(`after the engine alone ${loadAverage()}`);
    const idle = chromiumRss();
    console.log(`\n2. The pane's import (idle browser: RSS ${mb(idle.totalBytes)} MB)`);
    await paneImport(harness, bill.csv, "csv", rows, sampler, steps);
    loads.push(`after the CSV ${loadAverage()}`);
    await paneImport(harness, bill.parquet, "parquet", rows, sampler, steps);
    loads.push(`after the Parquet ${loadAverage()}`);
  } finally {
    await harness.close();
  }
  printTable(steps);
  console.log(`Load average (1, 5, 15 min): ${loads.join("; ")}`);
}

main().catch((error) => {
  console.error(`\nbench/billBrowser.js FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
