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

/** The annual view in a browser (Download), settled on the worked example. */
async function annualView(): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width: 350, height: 900 } });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  return page;
}

test("annual view: the proposal in tokens (200 -> 100 output tokens) saves what 0.2 s typed saves", async () => {
  const page = await annualView();
  const form = page.locator("#annual-form");
  const seconds = page.locator("#annual-field-secondsPerClip");
  const proposed = page.locator("#annual-field-secondsPerClipProposed");
  const levers = page.locator("#annual-levers");
  // Typed: 0.25 s today, 0.2 s proposed.
  await seconds.fill("0.25");
  await proposed.fill("0.2");
  await page.getByText("Training is 0.44% of the year's accelerator-hours", { exact: false }).waitFor();
  const typed = await levers.innerText();
  expect(typed).toContain("Per-clip service time");
  const typedSentences = await page.locator("#annual-sentences").innerText();

  await seconds.fill("0.04");
  await proposed.fill("0.03");
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  await form.getByLabel("Serving time given as").selectOption("tokens");
  // Nothing proposed in tokens yet: no change, said.
  expect(await proposed.inputValue()).toBe("");
  expect(await proposed.getAttribute("readonly")).not.toBeNull();
  await page.locator("#annual-proposed-seconds-working").getByText("No token proposed: no change.").waitFor();
  expect(await levers.innerText()).not.toContain("Per-clip service time");
  expect(await page.locator("#annual-proposed-request-hint-outputTokens").textContent()).toBe("Blank = today's: 200");

  await page.locator("#annual-proposed-request-field-outputTokens").fill("100");
  await page.getByText("From the proposed tokens below: 1,500 / 10,000 + 100 / 2,000 = 0.2 s a request.").waitFor();
  expect(await proposed.inputValue()).toBe("0.2");
  expect(await levers.innerText()).toBe(typed);
  expect(await page.locator("#annual-sentences").innerText()).toBe(typedSentences);
  expect(await serious(page)).toEqual([]);
  expect(await overflow(page)).toBe(0);
  await page.locator("#annual-proposed-tokens").scrollIntoViewIfNeeded();
  await wholePage(page, "request-seconds-annual-350-proposal.png");

  // A proposed throughput of 0: said beside it and at the proposed seconds, the figures out of date.
  await page.locator("#annual-proposed-request-field-outputTokensPerSecond").fill("0");
  await page.getByText("Output tokens a second, proposed is 0, and the formula divides by it.").waitFor();
  await page.getByText("Fix the proposed tokens below: the proposed seconds come from them.").waitFor();
  expect(await page.getByRole("button", { name: /Download/ }).isDisabled()).toBe(true);
  await page.locator("#annual-proposed-request-field-outputTokensPerSecond").fill("");
  await page.getByText("= 0.2 s a request.", { exact: false }).waitFor();

  // The download: the proposed seconds are TOKENSECONDS' formula over the proposal's used tokens.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Download/ }).click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  expect(sheet).toContain(
    "<f>ProposedInputTokens/ProposedInputPerSecond+ProposedOutputTokens/ProposedOutputPerSecond</f>",
  );
  expect(sheet).toMatch(/<f>IF\(ISBLANK\(C\d+\),ServingOutputTokens,C\d+\)<\/f>/);

  // Every proposal token blank again: no change; back to seconds, the proposal typed before returns.
  await page.locator("#annual-proposed-request-field-outputTokens").fill("");
  await page.getByText("No token proposed: no change.").waitFor();
  await form.getByLabel("Serving time given as").selectOption("seconds");
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  expect(await proposed.inputValue()).toBe("0.03");
  expect(await page.locator("#annual-proposed-tokens").isHidden()).toBe(true);
  await page.context().close();
});

/** A cell as the fake host keeps its settings: what the document holds after saveAsync. */
interface FakeSettings {
  settings: Record<string, string>;
  settingsSaves: unknown[];
}
const fakeSettings = (page: Page) =>
  page.evaluate(() => (window as unknown as { __excelFake: FakeSettings }).__excelFake);

/** The pane inside the fake Excel, its document's settings `settings`, at 350 px. */
async function inExcel(settings: Record<string, string> = {}, failSettingsSave?: string): Promise<Page> {
  const fakeHost = { sheets: [{ name: "Sheet1", cells: {} }], names: [], settings, failSettingsSave };
  const { page } = await openPane(harness, { fakeHost, viewport: { width: 350, height: 900 } });
  await page.locator("#crossover").getByText("Crossover:").waitFor();
  return page;
}

test("the choice and its tokens are kept with the workbook: reopened, tokens and the same seconds", async () => {
  const page = await inExcel();
  const form = page.locator("#plan-form");
  await form.getByLabel("Serving time given as").selectOption("tokens");
  await page.locator("#request-field-inputTokens").fill("3,000");
  // 3,000 / 10,000 + 200 / 2,000 = 0.4 s: 600 h x 3,600 / 0.4.
  await page.getByText("Crossover: 5,400,000 clips", { exact: false }).waitFor();
  await page.getByText("This choice and its tokens are kept with the workbook.").waitFor();
  await page.waitForFunction(() =>
    (
      (window as unknown as { __excelFake: FakeSettings }).__excelFake.settings["mlcost.stages.servingTime"] ?? ""
    ).includes("3,000"),
  );
  // The annual view keeps its own, the proposal's tokens with it.
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.locator("#annual-form").getByLabel("Serving time given as").selectOption("tokens");
  await page.locator("#annual-proposed-request-field-outputTokens").fill("100");
  await page.getByText("= 0.2 s a request.", { exact: false }).waitFor();
  await page.waitForFunction(() =>
    (
      (window as unknown as { __excelFake: FakeSettings }).__excelFake.settings["mlcost.annual.servingTime"] ?? ""
    ).includes('"outputTokens":"100"'),
  );
  const { settings } = await fakeSettings(page);
  await page.context().close();

  // The same document opened again.
  const again = await inExcel(settings);
  await again.getByText("Crossover: 5,400,000 clips", { exact: false }).waitFor();
  expect(await again.locator("#seconds-source").inputValue()).toBe("tokens");
  expect(await again.locator("#request-field-inputTokens").inputValue()).toBe("3,000");
  expect(await again.locator("#field-secondsPerClip").inputValue()).toBe("0.4");
  expect(await again.locator("#seconds-working").textContent()).toBe(
    "From the tokens below: 3,000 / 10,000 + 200 / 2,000 = 0.4 s a request.",
  );
  await again.getByText("This choice and its tokens are kept with the workbook.").waitFor();
  expect(await serious(again)).toEqual([]);
  await wholePage(again, "request-seconds-350-kept.png");
  await again.getByRole("tab", { name: "Annual bill" }).click();
  await again.getByText("From the proposed tokens below: 1,500 / 10,000 + 100 / 2,000 = 0.2 s a request.").waitFor();
  expect(await again.locator("#annual-field-secondsPerClip").inputValue()).toBe("0.25");
  expect(await again.locator("#annual-field-secondsPerClipProposed").inputValue()).toBe("0.2");
  await again.context().close();
});

test("a newer record is said and not written over; a failed save is said, and what is typed stays", async () => {
  const newer = JSON.stringify({ format: "mlcost-serving-time", version: 2, source: "tokens", tokens: {} });
  const page = await inExcel({ "mlcost.stages.servingTime": newer });
  const line = page.locator("#seconds-kept");
  await line
    .getByText(
      "The saved serving time could not be used, so seconds per clip are shown: it is version 2, from a newer " +
        "MLCost; this add-in reads version 1.",
    )
    .waitFor();
  expect(await page.locator("#seconds-source").inputValue()).toBe("seconds");
  await page.locator("#plan-form").getByLabel("Serving time given as").selectOption("tokens");
  await page.locator("#request-field-inputTokens").fill("3,000");
  await page.getByText("Crossover: 5,400,000 clips", { exact: false }).waitFor();
  await page.waitForTimeout(800);
  expect((await fakeSettings(page)).settings["mlcost.stages.servingTime"]).toBe(newer);
  await page.context().close();

  const failing = await inExcel({}, "the document is read-only");
  await failing.locator("#plan-form").getByLabel("Serving time given as").selectOption("tokens");
  await failing.locator("#request-field-outputTokens").fill("400");
  await failing.getByText("Not saved with the workbook: the document is read-only.").waitFor();
  expect(await failing.locator("#request-field-outputTokens").inputValue()).toBe("400");
  expect(await failing.locator("#field-secondsPerClip").inputValue()).toBe("0.35");
  await wholePage(failing, "request-seconds-350-not-saved.png");
  await failing.context().close();
});
