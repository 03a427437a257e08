/*
 * A keystroke's input-to-paint in the built pane (dist/), in Debian's headless Chromium through playwright-core, as
 * a planner types: the Budget view at 60 months (a digit typed into the first month's clips per second, then taken
 * back, so that every keystroke is valid and moves every figure), the Estate view at 20 models (the first model's
 * share of clips scored) and the What-if view (the same in the base
 * scenario's serving time per clip). Each keystroke is timed in the page from its keydown's timestamp to the first
 * task after the next frame (a requestAnimationFrame, then a setTimeout 0: the frame that shows the new figures has
 * been painted by then), one keystroke at a time. Chromium's own counters (CDP Performance.getMetrics) say what a
 * keystroke cost: script, style and layout time, and the number of layouts. Prints figures; asserts nothing but that
 * the pane showed its figures.
 *
 * npm run bench:pane (builds first). PANE_BENCH_KEYS=N keystrokes a view (60 by default); --smoke (or
 * PANE_BENCH_KEYS=4) for a quick run that only shows the bench still runs. PANE_BENCH_DIST=<dir> times another
 * build (an earlier commit's dist/, for a before and after on the same machine at the same load).
 */
const os = require("os");
const path = require("path");
const { startBenchBrowser } = require("./browserHarness");

const root = path.resolve(__dirname, "..");
const dist = path.resolve(root, process.env.PANE_BENCH_DIST || "dist");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
/** One frame at 60 Hz, in ms: the goal for a keystroke to its painted figures. */
const FRAME_MS = 16;
/**
 * The pause after the keystrokes, in ms: longer than the pane waits before it draws what it kept while a planner typed
 * (the off-screen sections, core/pane/frameUpdate.ts QUIET_MS) and saves (the what-if's scenarios), so that both are
 * counted once, apart from the keystrokes, and the figures compared after it are the drawn ones.
 */
const PAUSE_MS = 400;
/** Keystrokes typed and not counted, so that the first ones' compilation and caches are not timed. */
const WARM_UP_KEYS = 6;

/** The views timed: the tab, how the view is set up before the keystrokes, the field typed in. */
const VIEWS = [
  {
    name: "Budget, 60 months",
    tab: "Budget",
    ready: "#budget-summary .summary-value",
    setUp: async (page) => {
      await page.locator("#budget-field-months").fill("60");
      await page.locator("#budget-summary dt", { hasText: "60 months" }).first().waitFor();
    },
    field: "#budget-field-clipsPerSecond",
  },
  {
    name: "Estate, 20 models",
    tab: "Estate",
    ready: "#estate-summary .summary-value",
    // The worked example's three models, then C escalation copied up to the estate's most (MAX_ESTATE_MODELS):
    // each copy has its proposals, so the levers' table ranks 40 levers.
    setUp: async (page) => {
      for (let count = 3; count < 20; count++) await page.getByRole("button", { name: "Duplicate model 3" }).click();
      await page.locator("#estate-table tbody tr").nth(20).waitFor();
    },
    field: '#estate-models .model-card:first-child input[name="shareScored"]',
  },
  {
    name: "What-if",
    tab: "What-if",
    ready: "#whatif-summary .summary-value",
    setUp: async () => undefined,
    field: "#whatif-secondsPerClip-0",
  },
];

// In the page before its scripts: every keydown timed to the first task after the next frame.
const TIMER = `window.__keyTimes = [];
document.addEventListener("keydown", (event) => {
  const start = event.timeStamp;
  requestAnimationFrame(() => setTimeout(() => globalThis.__keyTimes.push(performance.now() - start), 0));
}, true);`;

/** The `share` quantile of sorted `values` (nearest rank). */
const quantile = (values, share) => values[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)];

/** Chromium's counters for the page: { LayoutCount, LayoutDuration (s), ... }. */
async function metrics(cdp) {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Resolves once no section of the pane waits to be drawn (aria-busy: offscreenDraw keeps it while one types). */
const drawn = (page) =>
  page.waitForFunction(() => !globalThis.document.querySelector('[aria-busy="true"]'), null, { polling: 50 });

/** Presses `key` in the focused field and waits for its time: resolves once `count` keystrokes are timed. */
async function timedPress(page, key, count) {
  await page.keyboard.press(key);
  await page.waitForFunction((n) => globalThis.__keyTimes.length >= n, count, { polling: 5 });
}

/** Types `keys` keystrokes into `view`'s field; resolves to the times and Chromium's costs per keystroke. */
async function timeView(browser, origin, view, keys) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 350, height: 700 } });
  // No Office.js (404): the pane settles in browser mode, as in a plain browser.
  await context.route(`${CDN}**`, (route) => route.fulfill({ status: 404, body: "" }));
  await context.addInitScript({ content: TIMER });
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/taskpane.html`);
    await page.waitForSelector("body[data-ready]");
    await page.getByRole("tab", { name: view.tab }).click();
    await page.locator(view.ready).first().waitFor();
    await view.setUp(page);
    const field = page.locator(view.field);
    await field.focus();
    await page.keyboard.press("End");
    await drawn(page);
    const before = await page.evaluate(() => globalThis.document.querySelector("main").textContent);
    // A digit, then Backspace: every keystroke a valid input, every other one the figures as they were.
    const keyAt = (i) => (i % 2 === 0 ? "7" : "Backspace");
    let pressed = await page.evaluate(() => globalThis.__keyTimes.length);
    for (let i = 0; i < WARM_UP_KEYS; i++) await timedPress(page, keyAt(i), ++pressed);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const start = await metrics(cdp);
    const first = pressed;
    for (let i = 0; i < keys; i++) await timedPress(page, keyAt(i), ++pressed);
    const end = await metrics(cdp);
    // The typing pauses: what the view keeps for then (offscreenDraw's sections, aria-busy meanwhile) is drawn.
    await page.waitForTimeout(PAUSE_MS);
    await drawn(page);
    const paused = await metrics(cdp);
    const times = (await page.evaluate(() => globalThis.__keyTimes)).slice(first);
    const after = await page.evaluate(() => globalThis.document.querySelector("main").textContent);
    if (/NaN|Infinity|undefined/.test(after)) throw new Error(`${view.name}: the pane shows NaN or Infinity.`);
    if (keys % 2 === 0 && after !== before) throw new Error(`${view.name}: the figures differ after the keystrokes.`);
    const per = (name, scale = 1000) => ((end[name] - start[name]) * scale) / keys;
    const pause = (name, scale = 1000) => (paused[name] - end[name]) * scale;
    return {
      pause: { scriptMs: pause("ScriptDuration"), layoutMs: pause("LayoutDuration"), layouts: pause("LayoutCount", 1) },
      times,
      scriptMs: per("ScriptDuration"),
      styleMs: per("RecalcStyleDuration"),
      layoutMs: per("LayoutDuration"),
      layouts: per("LayoutCount", 1),
      nodes: end.Nodes,
    };
  } finally {
    await context.close();
  }
}

/** One view's line: median, p90 and the slowest keystroke, how many within a frame, and what each cost. */
function report(name, result) {
  const sorted = [...result.times].sort((a, b) => a - b);
  const within = sorted.filter((t) => t <= FRAME_MS).length;
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `  ${name.padEnd(18)} median ${ms(quantile(sorted, 0.5))}, p90 ${ms(quantile(sorted, 0.9))}, ` +
      `max ${ms(sorted[sorted.length - 1])}; ${within} of ${sorted.length} within ${FRAME_MS} ms`,
  );
  console.log(
    `  ${"".padEnd(18)} a keystroke: script ${ms(result.scriptMs)}, style ${ms(result.styleMs)}, ` +
      `layout ${ms(result.layoutMs)} in ${result.layouts.toFixed(1)} layouts; ${result.nodes} DOM nodes`,
  );
  const { pause } = result;
  console.log(
    `  ${"".padEnd(18)} then the pause (${PAUSE_MS} ms and what waits for it, once): script ${ms(pause.scriptMs)}, ` +
      `layout ${ms(pause.layoutMs)} in ${pause.layouts} layouts`,
  );
}

async function main() {
  const smoke = process.argv.includes("--smoke");
  const keys = Number(process.env.PANE_BENCH_KEYS) || (smoke ? 4 : 60);
  console.log(`A keystroke to its painted figures, headless Chromium, a 350 x 700 pane, ${keys} keystrokes a view`);
  console.log(
    `(${path.relative(root, dist) || "."}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs):`,
  );
  const chromium = await startBenchBrowser(dist);
  if (chromium.skipped) {
    console.log(`  skipped: ${chromium.skipped}`);
    return;
  }
  try {
    for (const view of VIEWS) report(view.name, await timeView(chromium.browser, chromium.origin, view, keys));
  } finally {
    await chromium.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
