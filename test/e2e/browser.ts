/* Debian's Chromium driven by playwright-core, against the built pane served over HTTPS. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "fs";
import { Server } from "https";
import { AddressInfo } from "net";
import { tmpdir } from "os";
import { join, resolve } from "path";
import { generateCertificates } from "office-addin-dev-certs";
import { Browser, BrowserContext, chromium, Page, Route } from "playwright-core";

const { serveDirectory } = require("../../scripts/dev-server");
const { CHROMIUM_FLAGS, chromiumExecutable } = require("../../scripts/chromium");

export const ROOT = resolve(__dirname, "../..");
export const ARTIFACTS = join(ROOT, "test-artifacts");
// Made here, on import, so that whichever suite runs first on a fresh clone has somewhere to write.
mkdirSync(ARTIFACTS, { recursive: true });
const OFFICE_JS_DIR = join(ROOT, "node_modules/@microsoft/office-js/dist");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";

/** The Chromium binary: Debian's, as .ci/run installs it. */
export function chromiumPath(): string {
  const path: string | undefined = chromiumExecutable();
  if (!path) throw new Error("Chromium is not installed: apt-get install chromium (.ci/run does).");
  return path;
}

export interface Harness {
  browser: Browser;
  origin: string;
  close(): Promise<void>;
}

/** Serves dist/ over HTTPS on a free port and starts headless Chromium. */
export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "mlcost-e2e-certs-"));
  const [ca, cert, key] = ["ca.crt", "localhost.crt", "localhost.key"].map((f) => join(dir, f));
  await generateCertificates(ca, cert, key);
  const server: Server = await serveDirectory({
    root: join(ROOT, "dist"),
    port: 0,
    cert: readFileSync(cert),
    key: readFileSync(key),
  });
  // scripts/chromium.js: the flags; playwright gives every launch a fresh, empty user-data-dir, headless.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  return {
    browser,
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** What a page's `securitypolicyviolation` events said, recorded from before its first script. */
export interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  sample: string;
}

// Runs before any of the page's scripts (addInitScript), so no violation on load goes unseen.
const CSP_RECORDER = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push({
  directive: e.effectiveDirective, blockedURI: e.blockedURI, sourceFile: e.sourceFile, sample: e.sample,
}), true);`;

/** Every Content-Security-Policy violation the page has reported so far. */
export function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: CspViolation[] }).__cspViolations);
}

export interface PaneOptions {
  /** the recording fake Excel host (fakeExcelHost.js) stands in for Office.js, with this workbook */
  fakeHost?: object;
  /**
   * How Microsoft's CDN answers: Office.js from its npm package ("package", the default), a script
   * that defines nothing ("empty": a test's own init script defines Office), or 404 ("missing").
   */
  officeJs?: "package" | "empty" | "missing";
  /** scripts that run in every page before any of its own */
  initScripts?: string[];
  /** the page to open; taskpane.html by default */
  path?: string;
  /** wait until the pane has settled on a mode (body[data-ready]); true by default */
  waitForReady?: boolean;
  /** the window's size; by default 350 x 1500, an Excel task pane's width and tall enough to show all of it */
  viewport?: { width: number; height: number };
  /** what prefers-color-scheme answers; light by default */
  colorScheme?: "light" | "dark";
}

/** Answers a request to Microsoft's Office.js CDN as `officeJs` says. */
function answerCdn(route: Route, officeJs: PaneOptions["officeJs"]): Promise<void> {
  if (officeJs === "missing") return route.fulfill({ status: 404, body: "" });
  if (officeJs === "empty")
    return route.fulfill({ contentType: "text/javascript", body: "/* Office.js replaced by the test */" });
  const file = join(OFFICE_JS_DIR, route.request().url().slice(CDN.length).split("?")[0]);
  if (file.startsWith(OFFICE_JS_DIR) && existsSync(file))
    return route.fulfill({ path: file, contentType: "text/javascript" });
  return route.fulfill({ status: 404, body: "" });
}

/**
 * A new page on the pane. Office.js comes from Microsoft's package instead of its CDN (this
 * machine has no Internet); with `fakeHost`, Office.js is replaced by the recording fake host.
 * Every page records its CSP violations from the start (see cspViolations).
 */
export async function openPane(
  harness: Harness,
  options: PaneOptions = {},
): Promise<{ page: Page; context: BrowserContext; requests: string[]; console: string[] }> {
  const context = await harness.browser.newContext({
    ignoreHTTPSErrors: true,
    acceptDownloads: true,
    viewport: options.viewport ?? { width: 350, height: 1500 },
    colorScheme: options.colorScheme ?? "light",
  });
  const requests: string[] = [];
  const messages: string[] = [];
  const officeJs = options.officeJs ?? (options.fakeHost ? "empty" : "package");
  await context.route(`${CDN}**`, (route) => answerCdn(route, officeJs));
  // Any other host (Office.js's telemetry, say) gets an empty answer: no test depends on the Internet.
  // Such requests are still listed in `requests`, and a policy violation comes before any request.
  const foreign = (url: URL) => url.origin !== harness.origin && !url.href.startsWith(CDN);
  await context.route(foreign, (route) => route.fulfill({ status: 204, body: "" }));
  await context.addInitScript({ content: CSP_RECORDER });
  if (options.fakeHost) {
    const seed = `window.__fakeWorkbookSeed = ${JSON.stringify(options.fakeHost)};\n`;
    await context.addInitScript({ content: seed + readFileSync(join(__dirname, "fakeExcelHost.js"), "utf8") });
  }
  for (const content of options.initScripts ?? []) await context.addInitScript({ content });
  const page = await context.newPage();
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  await page.goto(`${harness.origin}/${options.path ?? "taskpane.html"}`);
  if (options.waitForReady ?? true) await page.waitForSelector("body[data-ready]");
  return { page, context, requests, console: messages };
}

/** Types into a labelled field as a user does: select all, type, and let input events fire. */
export async function fill(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: false });
  await field.fill(text);
}

/** One rule axe-core found broken, and where. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const AXE_SOURCE = join(ROOT, "node_modules/axe-core/axe.min.js");

/**
 * axe-core's violations on the page as it is now. axe goes in through the DevTools protocol (page.evaluate),
 * which the pane's Content-Security-Policy does not govern: the page itself may run no inline script.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(AXE_SOURCE, "utf8"));
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  });
}

/**
 * Resolves once no section of the pane waits to be drawn: a section under a view's form that a keystroke left for
 * later while it was off-screen says so with aria-busy (src/core/pane/frameUpdate.ts, offscreenDraw) until its
 * figures are the typed ones. Read such a section after this.
 */
export const drawn = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { polling: 20 });

/**
 * A screenshot of the whole pane, taken with the window as tall as the page: a full-page screenshot of the
 * window as it is would draw the pinned action bar where the window's bottom edge was, over the form.
 */
export async function wholePage(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await drawn(page);
  await page.screenshot({ path: join(ARTIFACTS, file) });
  await page.setViewportSize(viewport);
}
