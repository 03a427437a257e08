/* Debian's Chromium driven by playwright-core, against the built pane served over HTTPS. */
import { existsSync, mkdtempSync, readFileSync } from "fs";
import { Server } from "https";
import { AddressInfo } from "net";
import { tmpdir } from "os";
import { join, resolve } from "path";
import { generateCertificates } from "office-addin-dev-certs";
import { Browser, BrowserContext, chromium, Page } from "playwright-core";

const { serveDirectory } = require("../../scripts/dev-server");

export const ROOT = resolve(__dirname, "../..");
export const ARTIFACTS = join(ROOT, "test-artifacts");
const OFFICE_JS_DIR = join(ROOT, "node_modules/@microsoft/office-js/dist");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";

/** The Chromium binary: Debian's, as .ci/run installs it. */
export function chromiumPath(): string {
  const path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
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
  // playwright gives every launch a fresh, empty user-data-dir of its own; headless by default.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
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

/**
 * A new page on the pane. Office.js comes from Microsoft's package instead of its CDN (this
 * machine has no Internet); with `fakeHost`, Office.js is replaced by the recording fake host.
 */
export async function openPane(
  harness: Harness,
  options: { fakeHost?: object } = {},
): Promise<{ page: Page; context: BrowserContext; requests: string[]; console: string[] }> {
  const context = await harness.browser.newContext({
    ignoreHTTPSErrors: true,
    acceptDownloads: true,
    viewport: { width: 350, height: 1500 },
  }); // an Excel task pane's width
  const requests: string[] = [];
  const messages: string[] = [];
  await context.route(`${CDN}**`, async (route) => {
    if (options.fakeHost)
      return route.fulfill({ contentType: "text/javascript", body: "/* Office.js replaced by the fake host */" });
    const file = join(OFFICE_JS_DIR, route.request().url().slice(CDN.length).split("?")[0]);
    if (file.startsWith(OFFICE_JS_DIR) && existsSync(file))
      return route.fulfill({ path: file, contentType: "text/javascript" });
    return route.fulfill({ status: 404, body: "" });
  });
  if (options.fakeHost) {
    const seed = `window.__fakeWorkbookSeed = ${JSON.stringify(options.fakeHost)};\n`;
    await context.addInitScript({ content: seed + readFileSync(join(__dirname, "fakeExcelHost.js"), "utf8") });
  }
  const page = await context.newPage();
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  await page.goto(`${harness.origin}/taskpane.html`);
  await page.waitForSelector("body[data-ready]");
  return { page, context, requests, console: messages };
}

/** Types into a labelled field as a user does: select all, type, and let input events fire. */
export async function fill(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: false });
  await field.fill(text);
}
