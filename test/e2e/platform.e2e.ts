/*
 * The pane against the platform it runs on, in Debian's Chromium:
 *  1. its Content-Security-Policy lets Microsoft's real Office.js load and do what it does on
 *     load (its scripts, its styled telemetry frame) without one violation or console error,
 *     allows the frames and telemetry endpoint it uses in Excel, and still refuses inline and
 *     foreign scripts;
 *  2. it waits for Office.onReady however long a cold Excel takes, showing the live preview and
 *     a "Connecting to Excel…" state meanwhile, and goes to browser mode only when Office.js is
 *     absent or reports no host.
 */
import { Page } from "playwright-core";
import { cspViolations, Harness, openPane, startHarness } from "./browser";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

// Office.js outside Office frames its telemetry proxy 3 s after it loads
// (o15apptofilemappingtable.js, ULSEndpointProxy): a load is only over after that.
const OFFICE_JS_SETTLE_MS = 4_500;

const errorsIn = (messages: string[]) => messages.filter((m) => /^(error|pageerror):/.test(m));

describe("Content-Security-Policy with Microsoft's Office.js", () => {
  test("the pane loads the real Office.js with no policy violation and no console error", async () => {
    const { page, console, requests } = await openPane(harness);
    await page.waitForTimeout(OFFICE_JS_SETTLE_MS);
    expect(await page.getAttribute("body", "data-ready")).toBe("browser");
    expect(await cspViolations(page)).toEqual([]);
    expect(errorsIn(console)).toEqual([]);
    // The wait covered Office.js's telemetry frame, and the policy let it be requested.
    expect(requests).toContain(
      "https://telemetryservice.firstpartyapps.oaspapps.com/telemetryservice/telemetryproxy.html",
    );
    await page.context().close();
  });

  test("the custom functions page loads the real runtime with no policy violation and no console error", async () => {
    const { page, console } = await openPane(harness, { path: "functions.html", waitForReady: false });
    await page.waitForLoadState("load");
    await page.waitForTimeout(OFFICE_JS_SETTLE_MS);
    expect(await cspViolations(page)).toEqual([]);
    expect(errorsIn(console)).toEqual([]);
    await page.context().close();
  });

  test("the help page loads with no policy violation and no console error", async () => {
    const { page, console } = await openPane(harness, { path: "help.html", waitForReady: false });
    await page.getByRole("heading", { name: "MLCOST functions", level: 1 }).waitFor();
    await page.waitForLoadState("load");
    expect(await cspViolations(page)).toEqual([]);
    expect(errorsIn(console)).toEqual([]);
    await page.context().close();
  });

  test("the policy, split over lines, still refuses inline and foreign scripts, frames and connections", async () => {
    const { page, context } = await openPane(harness);
    const ran = await page.evaluate(() => {
      const inline = document.createElement("script");
      inline.textContent = "window.__inlineRan = true;";
      document.head.append(inline);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await addScript(page, "https://scripts.example.com/x.js");
    await frame(page, "https://example.com/");
    await page.evaluate(() => fetch("https://example.com/", { mode: "no-cors" }).catch(() => undefined));
    // What Office.js needs: its error frame, its telemetry proxy frame, its telemetry collector.
    await frame(page, "https://appsforoffice.microsoft.com/lib/1/hosted/AgaveErrorUX/index.html");
    await frame(page, "https://telemetryservice.firstpartyapps.oaspapps.com/telemetryservice/telemetryproxy.html");
    await page.evaluate(() =>
      fetch("https://browser.pipe.aria.microsoft.com/Collector/3.0/", { mode: "no-cors" }).catch(() => undefined),
    );
    await page.waitForTimeout(OFFICE_JS_SETTLE_MS);
    const violations = await cspViolations(page);
    expect(violations.map((v) => `${v.directive} ${v.blockedURI}`).sort()).toEqual([
      "connect-src https://example.com/",
      "frame-src https://example.com", // a frame's violation names its origin only
      "script-src-elem https://scripts.example.com/x.js",
      "script-src-elem inline",
    ]);
    await context.close();
  });
});

/** Appends a script element with that source; resolves once it has loaded or failed. */
function addScript(page: Page, src: string): Promise<void> {
  return page.evaluate(
    (url) =>
      new Promise<void>((done) => {
        const script = document.createElement("script");
        script.src = url;
        script.onload = script.onerror = () => done();
        document.head.append(script);
      }),
    src,
  );
}

/** Appends a hidden iframe on that address, as Office.js does for its own frames. */
function frame(page: Page, src: string): Promise<void> {
  return page.evaluate((url) => {
    const element = document.createElement("iframe");
    element.hidden = true;
    element.src = url;
    document.body.append(element);
  }, src);
}

/**
 * A stand-in for Office.js inside a cold Excel: what the pane calls, with onReady answering
 * `delayMs` after the page starts (never, for null), with host Excel.
 */
const slowOffice = (delayMs: number | null) => `
  const answer = { host: "Excel", platform: "PC" };
  const ready = new Promise((resolve) => { if (${delayMs} !== null) setTimeout(() => resolve(answer), ${delayMs}); });
  window.Office = {
    HostType: { Excel: "Excel" },
    context: { requirements: { isSetSupported: () => true } },
    onReady: (callback) => ready.then((info) => (callback && callback(info), info)),
  };`;

describe("Office.onReady, however long it takes", () => {
  test("a cold Excel: the pane previews and says it is connecting until onReady answers, then Insert", async () => {
    const { page, console } = await openPane(harness, {
      officeJs: "empty",
      initScripts: [slowOffice(6_000)],
      waitForReady: false,
    });
    await page.getByText("Crossover: 54,000,000 clips per interval").waitFor();
    const connecting = page.getByRole("button", { name: "Connecting to Excel…" });
    await connecting.waitFor({ timeout: 3_000 });
    expect(await connecting.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Insert table" }).isHidden()).toBe(true);
    expect(await page.getByRole("button", { name: "Download workbook (.xlsx)" }).isHidden()).toBe(true);
    // Page time: the fake's 6 s and the pane's old 4 s guess both count from about 0.
    const pageTime = () => page.evaluate(() => performance.now());
    await page.waitForFunction(() => performance.now() > 5_000); // past the old guess, before onReady answers
    expect(await page.getAttribute("body", "data-ready")).toBeNull();
    expect(await connecting.isVisible()).toBe(true);
    expect(await pageTime()).toBeLessThan(6_000); // all of the above before onReady answered

    await page.waitForSelector("body[data-ready]", { timeout: 15_000 });
    expect(await page.getAttribute("body", "data-ready")).toBe("excel");
    const insert = page.getByRole("button", { name: "Insert table" });
    expect(await insert.isVisible()).toBe(true);
    expect(await insert.isEnabled()).toBe(true);
    expect(await connecting.isHidden()).toBe(true);
    expect(errorsIn(console)).toEqual([]);
    await page.context().close();
  });

  test("Excel that has not answered after a while: the pane keeps waiting, and says so", async () => {
    const { page } = await openPane(harness, {
      officeJs: "empty",
      initScripts: [slowOffice(null)],
      waitForReady: false,
    });
    await page.getByText(/Excel has not answered yet/).waitFor({ timeout: 20_000 });
    expect(await page.getAttribute("body", "data-ready")).toBeNull();
    expect(await page.getByRole("button", { name: "Connecting to Excel…" }).isVisible()).toBe(true);
    await page.context().close();
  });

  test("Office.js absent (its script failed to load): browser mode, with nothing to wait for", async () => {
    const { page } = await openPane(harness, { officeJs: "missing" });
    expect(await page.getAttribute("body", "data-ready")).toBe("browser");
    expect(await page.getByRole("button", { name: "Download workbook (.xlsx)" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Connecting to Excel…" }).isHidden()).toBe(true);
    await page.context().close();
  });
});
