/*
 * The portable file end to end in headless Chromium, as a planner does it: the built pane (dist/) served over
 * HTTPS, opened in browser mode, the workbook picked, "Convert and download" clicked, the download received.
 * Timed from the click to the download's bytes on disk; the page's JavaScript heap sampled every 20 ms while
 * converting (Chromium's --enable-precise-memory-info). Prints figures; asserts nothing.
 */
const fs = require("fs");
const os = require("os");
const path = require("path");
const { startBenchBrowser } = require("./browserHarness");

const root = path.resolve(__dirname, "..");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Times converting `bytes` (an .xlsx) in each mode in the pane; resolves to rows of figures. */
async function benchInChromium(bytes, modes, rounds) {
  const started = await startBenchBrowser(path.join(root, "dist"), ["--enable-precise-memory-info"]);
  if (started.skipped) return started;
  const { browser, origin } = started;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mlcost-bench-"));
  const input = path.join(dir, "bench.xlsx");
  fs.writeFileSync(input, bytes);
  const rows = [];
  try {
    for (const mode of modes) {
      const times = [];
      let peakHeap = 0;
      let outputSize = 0;
      for (let round = 0; round <= rounds; round++) {
        const context = await browser.newContext({ ignoreHTTPSErrors: true, acceptDownloads: true });
        // No Office.js (404): the pane settles in browser mode, as in a plain browser.
        await context.route(`${CDN}**`, (route) => route.fulfill({ status: 404, body: "" }));
        const page = await context.newPage();
        await page.goto(`${origin}/taskpane.html`);
        await page.waitForSelector("body[data-ready]");
        await page.getByRole("tab", { name: "Portable workbook" }).click();
        // The view loads with its tab (a chunk of its own): a file picked before it listens is never read.
        await page.waitForSelector("#portable-file-section:not([hidden])");
        await page.setInputFiles("#portable-file", input);
        await page.getByLabel(mode === "lambda" ? "Workbook functions" : "Plain arithmetic").check();
        await page.evaluate(() => {
          globalThis.__peakHeap = 0;
          globalThis.__sampler = setInterval(() => {
            globalThis.__peakHeap = Math.max(globalThis.__peakHeap, performance.memory.usedJSHeapSize);
          }, 20);
        });
        const start = Date.now();
        const [download] = await Promise.all([
          page.waitForEvent("download", { timeout: 120000 }),
          page.getByRole("button", { name: "Convert and download" }).click(),
        ]);
        const saved = path.join(dir, `out-${mode}.xlsx`);
        await download.saveAs(saved);
        const elapsed = Date.now() - start;
        const heap = await page.evaluate(() => (clearInterval(globalThis.__sampler), globalThis.__peakHeap));
        if (round > 0) times.push(elapsed); // round 0 warms up
        peakHeap = Math.max(peakHeap, heap);
        outputSize = fs.statSync(saved).size;
        await context.close();
      }
      times.sort((a, b) => a - b);
      rows.push({ mode, medianMs: times[times.length >> 1], peakHeap, outputSize });
    }
  } finally {
    await started.stop();
  }
  return { rows };
}

/** Prints the Chromium figures under the Node ones. */
async function printChromiumBench(bytes, rounds) {
  console.log("");
  console.log("End to end in headless Chromium (pick, convert, download; the built pane in browser mode):");
  const result = await benchInChromium(bytes, ["lambda", "plain"], rounds);
  if (result.skipped) {
    console.log(`  skipped: ${result.skipped}`);
    return;
  }
  for (const row of result.rows)
    console.log(
      `  ${row.mode.padEnd(7)} ${`${(row.medianMs / 1000).toFixed(1)} s`.padStart(7)} median of ${rounds};`,
      `page heap peak ${mb(row.peakHeap)}; download ${mb(row.outputSize)}`,
    );
}

module.exports = { benchInChromium, printChromiumBench };
