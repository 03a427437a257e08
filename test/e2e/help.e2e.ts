/*
 * The built help page in Debian's Chromium, as Excel's "help on this function" opens it: at
 * 320 px, the narrowest pane, nothing scrolls sideways and nothing is cut off (only the spilled
 * table scrolls, inside its own frame); axe-core finds no serious or critical violation, light
 * or dark; the page breaks none of its own Content-Security-Policy; every help anchor lands on
 * its section; and the way back leads to the task pane. Screenshots go to test-artifacts/.
 */
import { mkdirSync, readFileSync } from "fs";
import { join } from "path";
import { Page } from "playwright-core";
import { ARTIFACTS, cspViolations, Harness, openPane, ROOT, startHarness } from "./browser";

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const { functions } = JSON.parse(readFileSync(join(ROOT, "dist/functions.json"), "utf8"));

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

/** The help page in a new context at `width`, in the given colour scheme, fully loaded. */
async function openHelp(width: number, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const { page } = await openPane(harness, { path: "help.html", waitForReady: false });
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme });
  await page.waitForLoadState("load");
  return page;
}

/**
 * What does not fit the viewport's width: the page's own scroll width, every box that reaches
 * past either edge, and every block whose content is wider than itself (a clipped heading).
 * Anything inside a box that scrolls on its own is that box's business.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsItself = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowX);
    const insideScroller = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (scrollsItself(up)) return true;
      return false;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""}`;
    const outside: string[] = [];
    const cut: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (insideScroller(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) outside.push(name(el));
      const inline = getComputedStyle(el).display === "inline";
      if (!inline && !scrollsItself(el) && el.scrollWidth > el.clientWidth + 1) cut.push(name(el));
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside, cut };
  });
}

/** axe-core's serious and critical violations, as "rule: targets". */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's policy (no script at all) does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations: { id: string; impact: string; nodes: { target: string[] }[] }[] = await page.evaluate(
    async () => (await (window as any).axe.run(document, { resultTypes: ["violations"] })).violations,
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("at 320 px nothing scrolls sideways or is cut off, and only the spilled table scrolls", async () => {
  const page = await openHelp(320);
  const found = await overflow(page);
  expect(found).toEqual({ scrollWidth: 320, width: 320, outside: [], cut: [] });
  // The spill is wider than the page and scrolls in its frame, which a keyboard can reach.
  const spill = page.locator(".spill");
  expect(await spill.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await spill.getAttribute("tabindex")).toBe("0");
  expect(await cspViolations(page)).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, "help-320.png"), fullPage: true });
  await page.context().close();
});

test.each([
  [320, "light"],
  [320, "dark"],
  [800, "light"],
] as const)(
  "at %d px, %s: no serious or critical axe-core violation and no policy violation",
  async (width, scheme) => {
    const page = await openHelp(width, scheme);
    expect(await cspViolations(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    const name = scheme === "dark" ? `help-${width}-dark.png` : `help-${width}.png`;
    if (!(width === 320 && scheme === "light")) await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
    await page.context().close();
  },
);

test("every function's help anchor lands on its section's heading at 320 px", async () => {
  const page = await openHelp(320);
  for (const f of functions as { id: string; helpUrl: string }[]) {
    const hash = new URL(f.helpUrl).hash;
    await page.goto(`${harness.origin}/help.html${hash}`);
    const heading = page.locator(`${hash} h2`);
    expect(await heading.textContent()).toContain(`MLCOST.${f.id}(`);
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(80);
  }
  await page.context().close();
});

test("the link at the top leads back to the task pane", async () => {
  const page = await openHelp(320);
  const back = page.getByRole("link", { name: "Back to the task pane" });
  const box = (await back.boundingBox())!;
  expect(box.y).toBeLessThan(60);
  await back.click();
  await page.waitForURL(/\/taskpane\.html$/);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.context().close();
});
