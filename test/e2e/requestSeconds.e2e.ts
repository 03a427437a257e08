/*
 * Seconds per clip from a request's tokens (issue 32) in the built pane, in Chromium: in the stage view, choosing
 * "Tokens per request" with the worked example's 1,500 / 200 tokens at 10,000 / 2,000 a second shows the same
 * crossover as typing 0.25 s; a bad token is said beside its field; the download writes the seconds as TOKENSECONDS'
 * formula over the token inputs; the annual view gives the same answer as 0.25 s typed. Screenshots:
 * test-artifacts/request-seconds-*.png.
 */
import { mkdirSync, readFileSync } from "fs";
import JSZip from "jszip";
import { Locator, Page } from "playwright-core";
import { ARTIFACTS, axeViolations, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

const serious = async (page: Page) =>
  (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** The stage view in a browser (Download), at `width`. */
async function stageView(width = 350): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.locator("#crossover").getByText("Crossover:").waitFor();
  return page;
}

/** The text of `locator` once it has changed from `before`. */
async function changedText(locator: Locator, before: string): Promise<string> {
  await locator
    .page()
    .waitForFunction(([selector, old]) => document.querySelector(selector)?.textContent !== old, [
      await locator.evaluate((node) => `#${node.id}`),
      before,
    ] as const);
  return (await locator.textContent()) ?? "";
}

test("stage view: tokens per request give the crossover of 0.25 s typed, and say where they came from", async () => {
  const page = await stageView();
  const form = page.locator("#plan-form");
  const seconds = form.getByLabel("Serving time per clip");
  const crossover = page.locator("#crossover");
  const atStart = (await crossover.textContent()) ?? "";
  await seconds.fill("0.25");
  const typed = await changedText(crossover, atStart);
  expect(typed).toBe("Crossover: 8,640,000 clips per interval. Above it, serving is the bigger half.");
  await seconds.fill("0.04");
  await page.getByText("Crossover: 54,000,000 clips", { exact: false }).waitFor();

  await form.getByLabel("Serving time given as").selectOption("tokens");
  // The worked example's request to start: 1,500 / 10,000 + 200 / 2,000.
  expect(await changedText(crossover, atStart)).toBe(typed);
  expect(await seconds.inputValue()).toBe("0.25");
  expect(await seconds.getAttribute("readonly")).not.toBeNull();
  expect(await page.locator("#seconds-working").textContent()).toBe(
    "From the tokens below: 1,500 / 10,000 + 200 / 2,000 = 0.25 s a request.",
  );
  expect(await serious(page)).toEqual([]);
  expect(await overflow(page)).toBe(0);
  await wholePage(page, "request-seconds-350-tokens.png");

  // A throughput of 0: said beside it, the seconds field points at the tokens, the preview out of date.
  await form.getByLabel("Input tokens a second").fill("0");
  await page.getByText("Input tokens a second is 0, and the formula divides by it.").waitFor();
  await page.getByText("Fix the request's tokens below: the seconds come from them.").waitFor();
  await page.getByText("Out of date: fix Serving time per clip to update.").waitFor();
  expect(await page.getByRole("button", { name: /Download/ }).isDisabled()).toBe(true);
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "request-seconds-350-invalid.png");
  await form.getByLabel("Input tokens a second").fill("10,000");
  await page.getByText("Crossover: 8,640,000 clips", { exact: false }).waitFor();

  // The download: the seconds are TOKENSECONDS' formula over the blue token inputs, named.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Download/ }).click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  expect(sheet).toContain("<f>ClipInputTokens/ClipInputPerSecond+ClipOutputTokens/ClipOutputPerSecond</f>");
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  for (const name of ["ClipInputTokens", "ClipOutputTokens", "ClipInputPerSecond", "ClipOutputPerSecond"]) {
    expect(workbook).toContain(`<definedName name="${name}"`);
  }

  // Back to seconds per clip: the seconds typed before come back, editable.
  await form.getByLabel("Serving time given as").selectOption("seconds");
  await page.getByText("Crossover: 54,000,000 clips", { exact: false }).waitFor();
  expect(await seconds.inputValue()).toBe("0.04");
  expect(await seconds.getAttribute("readonly")).toBeNull();
  expect(await page.locator("#request-tokens").isHidden()).toBe(true);
  await page.context().close();
});

test("stage view at 320 px: the control fits without a sideways scroll", async () => {
  const page = await stageView(320);
  await page.locator("#plan-form").getByLabel("Serving time given as").selectOption("tokens");
  await page.getByText("Crossover: 8,640,000 clips", { exact: false }).waitFor();
  expect(await overflow(page)).toBe(0);
  await wholePage(page, "request-seconds-320-tokens.png");
  await page.context().close();
});

test("annual view: tokens per request give the answer of 0.25 s typed", async () => {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width: 350, height: 900 } });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  const form = page.locator("#annual-form");
  const seconds = form.getByLabel("Serving time per clip", { exact: false }).first();
  const answer = page.locator("#annual-answer");
  const atStart = (await answer.textContent()) ?? "";
  await seconds.fill("0.25");
  const typed = await changedText(answer, atStart);
  const table = await page.locator("#annual-table").innerText();
  await seconds.fill("0.04");
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  await form.getByLabel("Serving time given as").selectOption("tokens");
  expect(await changedText(answer, atStart)).toBe(typed);
  expect(await page.locator("#annual-table").innerText()).toBe(table);
  expect(await page.locator("#annual-seconds-working").textContent()).toContain("= 0.25 s a request.");
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "request-seconds-annual-350-tokens.png");
  await page.context().close();
});
