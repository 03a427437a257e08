/*
 * The pane as Excel shows it (issue 19): at 320, 350 and 800 px wide and 700 px high, light and dark, each of the
 * stage, annual and what-if views leads with its answer. After typing the view's worked example
 * (docs/cost-model.md) the summary's figures lie inside the first 700 px, uncovered, and stay there while the
 * inputs scroll beneath them. Every <text> of every chart meets 4.5:1 against what is drawn behind it (axe-core
 * does not check SVG text), beside axe-core's own findings. The what-if grid keeps its base scenario and one
 * other in view at 320 px and names the rest. Screenshots: test-artifacts/fit-<view>-<width>-<theme>-*.png.
 * Run alone: npx jest --config jest.e2e.config.js test/e2e/paneFit.e2e.ts
 */
import { mkdirSync } from "fs";
import { join } from "path";
import { Page } from "playwright-core";
import { ARTIFACTS, axeViolations, Harness, openPane, startHarness } from "./browser";
import { contrast, svgTexts } from "./svgContrast";
import { VIEWS as VIEW_LIST } from "../../src/taskpane/viewList";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

/** Excel's task pane: about 350 px wide by 700 high; 320 is its narrowest, 800 a pane dragged wide. */
const HEIGHT = 700;
const WIDTHS = [320, 350, 800];
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

/** A view: its tab and summary (the view list's), its worked example as a planner types it, and the figures. */
interface ViewCase {
  tab: string;
  summary: string;
  /** types the worked example into the view's inputs */
  type(page: Page): Promise<void>;
  /** texts the summary shows once the example is typed (docs/cost-model.md's figures) */
  figures: string[];
}

/** Opens every folded group of `form` (honesty factors, money), as a planner does to reach them. */
async function unfold(page: Page, form: string): Promise<void> {
  const closed = page.locator(`${form} details.fold:not([open]) > summary`);
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Types each field's text, by its input's id, after opening the folded groups that hold some. */
const typeInto = async (page: Page, form: string, entries: [id: string, text: string][]) => {
  await unfold(page, form);
  for (const [id, text] of entries) await page.locator(`${form} #${id}`).fill(text);
};

/** The tab's words and the summary's selector of the view `id`, as the view list declares them. */
const listed = (id: (typeof VIEW_LIST)[number]["id"]) => {
  const view = VIEW_LIST.find((candidate) => candidate.id === id)!;
  return { tab: view.label, summary: `#${view.summary}` };
};

const VIEWS: Record<string, ViewCase> = {
  stages: {
    ...listed("stages"),
    type: (page) =>
      typeInto(page, "#plan-form", [
        ["field-trainingHours", "600"],
        // The example's 40 ms, typed as a planner knows it: the form reads it as 0.04 s.
        ["field-secondsPerClip", "40 ms"],
        ["field-intervalDays", "90"],
        ["field-prototypeClips", "5,000"],
        ["field-clipsPerSecond", "250"],
        ["field-trainingOverhead", "1"],
        ["field-peakToMean", "1"],
      ]),
    // Crossover 600 x 3600 / 0.04; at scale 21,600 / 600 = 36x; at 5,000 clips 600 / 0.0556 h = 10,800x.
    figures: ["54,000,000", "Serving, 36x", "Training, 10,800x", "Equal"],
  },
  annual: {
    ...listed("annual"),
    type: (page) =>
      typeInto(page, "#annual-form", [
        ["annual-field-trainingHoursPerRun", "600"],
        ["annual-field-runsPerYear", "4"],
        ["annual-field-secondsPerClip", "0.04"],
        ["annual-field-clipsPerSecond", "250"],
      ]),
    // Training 2,400 / 88,800 h of the year; 40 ms to 30 ms a clip saves 21,600 h a year, the biggest lever.
    figures: ["2.7%", "21,600 h a year"],
  },
  whatif: {
    ...listed("whatif"),
    type: async (page) => {
      for (const [label, text] of [
        ["Training run per retrain, Expected", "600"],
        ["Serving time per clip, Expected", "0.04"],
        ["Scale: clips per second, Expected", "250"],
      ])
        await page.getByLabel(label, { exact: true }).fill(text);
    },
    // The base, Expected, is the worked example: 21,600 h serving + 600 h training at scale; crossover 54,000,000.
    figures: ["22,200 h", "54,000,000"],
  },
};

async function openView(view: ViewCase, width: number, theme: Theme): Promise<Page> {
  const { page } = await openPane(harness, {
    officeJs: "missing",
    viewport: { width, height: HEIGHT },
    colorScheme: theme,
  });
  await page.getByRole("tab", { name: view.tab }).click();
  await page.locator(`${view.summary}`).waitFor({ state: "attached" });
  return page;
}

/** Where each of the summary's figures is drawn, and whether it is the topmost thing at its centre. */
const figureBoxes = (page: Page, summary: string) =>
  page.evaluate((selector) => {
    const container = document.querySelector<HTMLElement>(selector)!;
    const values = Array.from(container.querySelectorAll<HTMLElement>(".summary-value"));
    const own = container.getBoundingClientRect();
    const boxes = values.map((value) => {
      const box = value.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        text: value.textContent ?? "",
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        right: box.right,
        uncovered: top !== null && container.contains(top),
      };
    });
    return { boxes, summary: { top: own.top, bottom: own.bottom, height: own.height } };
  }, summary);

async function expectFiguresInView(page: Page, view: ViewCase, width: number): Promise<void> {
  const { boxes, summary } = await figureBoxes(page, view.summary);
  expect(summary.height).toBeGreaterThan(0);
  // Every figure the view's answer promises is drawn in the summary: an empty summary is not "in view".
  const shown = boxes.map((box) => box.text).join(" ");
  for (const figure of view.figures) expect(shown).toContain(figure);
  for (const box of boxes) {
    expect({ figure: box.text, top: box.top >= 0, bottom: box.bottom <= HEIGHT }).toEqual({
      figure: box.text,
      top: true,
      bottom: true,
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    expect({ figure: box.text, uncovered: box.uncovered }).toEqual({ figure: box.text, uncovered: true });
  }
}

describe.each(Object.entries(VIEWS))("the %s view", (name, view) => {
  describe.each(WIDTHS)("at %i px", (width) => {
    test.each(THEMES)("%s: the summary's figures in the first 700 px, typing and scrolled", async (theme) => {
      const page = await openView(view, width, theme);
      await view.type(page);
      for (const figure of view.figures) await page.locator(view.summary).getByText(figure, { exact: true }).waitFor();
      // Typing leaves the page scrolled to the last field: the summary must still be in view there.
      await expectFiguresInView(page, view, width);
      await page.screenshot({ path: join(ARTIFACTS, `fit-${name}-${width}-${theme}-typed.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectFiguresInView(page, view, width);
      await page.screenshot({ path: join(ARTIFACTS, `fit-${name}-${width}-${theme}-top.png`) });
      // The inputs scroll: half way down, then to the foot of the view.
      for (const at of [0.5, 1]) {
        await page.evaluate((share) => window.scrollTo(0, share * document.scrollingElement!.scrollHeight), at);
        await expectFiguresInView(page, view, width);
      }
      await page.screenshot({ path: join(ARTIFACTS, `fit-${name}-${width}-${theme}-scrolled.png`) });
      await page.context().close();
    });
  });
});

describe.each(THEMES)("%s theme: chart text and axe-core", (theme) => {
  test.each(Object.entries(VIEWS))("the %s view's SVG text meets 4.5:1 against its ground", async (_, view) => {
    const page = await openView(view, 350, theme);
    await view.type(page);
    await page.locator(".view:not([hidden]) svg text").first().waitFor();
    const texts = await svgTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    const poor = texts
      .map((t) => ({ chart: t.chart, text: t.text, ratio: Math.round(contrast(t.fill, t.behind) * 100) / 100 }))
      .filter((t) => t.ratio < 4.5);
    expect(poor).toEqual([]);
    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    await page.context().close();
  });
});

/** What shows of each scenario's column heading inside the grid's box, right of the labels, as a share of it. */
const shownShares = (page: Page) =>
  page.evaluate(() => {
    const wrap = document.getElementById("whatif-grid-wrap")!;
    // The grid's headings half way down the window, clear of the pinned tabs and summary.
    window.scrollBy(0, wrap.getBoundingClientRect().top - window.innerHeight / 2);
    const box = wrap.getBoundingClientRect();
    const labels = wrap.querySelector("thead th:first-child")!.getBoundingClientRect();
    return Array.from(wrap.querySelectorAll<HTMLElement>("thead th.scenario")).map((th) => {
      const own = th.getBoundingClientRect();
      const top = document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2);
      const shown = Math.max(0, Math.min(own.right, box.right) - Math.max(own.left, labels.right));
      return {
        name: th.querySelector("input")!.value,
        base: th.classList.contains("base"),
        share: th.contains(top) ? shown / own.width : 0,
      };
    });
  });

test.each([320, 350])(
  "at %i px the what-if grid shows the base and one scenario, and names the rest",
  async (width) => {
    const page = await openView(VIEWS.whatif, width, "light");
    await page.locator("#whatif-grid-cue").waitFor();
    const whole = (shares: { share: number }[]) => shares.filter((s) => s.share > 0.99).length;
    let shares = await shownShares(page);
    expect(shares.find((s) => s.base)!.share).toBeGreaterThan(0.99);
    expect(whole(shares)).toBeGreaterThanOrEqual(2);
    const hidden = shares.filter((s) => s.share < 0.5).map((s) => s.name);
    expect(hidden.length).toBeGreaterThan(0);
    for (const name of hidden) await page.locator("#whatif-grid-cue").getByRole("button", { name }).waitFor();
    await page.locator("#whatif-scenarios").screenshot({ path: join(ARTIFACTS, `fit-whatif-grid-${width}.png`) });
    // The cue brings a scenario into view; the base stays.
    await page.locator("#whatif-grid-cue").getByRole("button", { name: hidden[0] }).click();
    shares = await shownShares(page);
    expect(shares.find((s) => s.name === hidden[0])!.share).toBeGreaterThan(0.99);
    expect(shares.find((s) => s.base)!.share).toBeGreaterThan(0.99);
    await page
      .locator("#whatif-scenarios")
      .screenshot({ path: join(ARTIFACTS, `fit-whatif-grid-${width}-scrolled.png`) });
    // A base further right (the last of five) is pinned at the grid's right edge, still whole.
    await page.getByRole("button", { name: "Add scenario" }).click();
    await page.getByRole("button", { name: "Add scenario" }).click();
    await page.locator("#whatif-base").selectOption({ index: 4 });
    await page.locator("#whatif-grid-wrap").evaluate((wrap) => (wrap.scrollLeft = 0));
    shares = await shownShares(page);
    expect(shares.find((s) => s.base)!.name).toBe(shares[4].name);
    expect(shares.find((s) => s.base)!.share).toBeGreaterThan(0.99);
    expect(whole(shares)).toBeGreaterThanOrEqual(2);
    await page.locator("#whatif-scenarios").screenshot({ path: join(ARTIFACTS, `fit-whatif-grid-${width}-five.png`) });
    await page.context().close();
  },
);

test("at 800 px every scenario fits: no cue", async () => {
  const page = await openView(VIEWS.whatif, 800, "light");
  await page.locator("#whatif-summary .summary-value").first().waitFor();
  const shares = await shownShares(page);
  expect(shares.every((s) => s.share > 0.99)).toBe(true);
  expect(await page.locator("#whatif-grid-cue").isHidden()).toBe(true);
  await page.context().close();
});

test("a folded group shows its values, follows typing, and opens itself for an invalid value", async () => {
  const page = await openView(VIEWS.stages, 350, "light");
  const fold = page.locator("#plan-form details.fold", { hasText: "Honesty factors" });
  expect(await fold.getAttribute("open")).toBeNull();
  await fold.locator("summary").getByText("overhead 1, peak-to-mean 1").waitFor();
  // Read as one line: the heading, then its values.
  expect(await fold.locator("summary").textContent()).toBe("Honesty factors (optional): overhead 1, peak-to-mean 1");
  await fold.locator("summary").click();
  await page.locator("#plan-form").getByLabel("Peak-to-mean", { exact: false }).fill("2");
  await fold.locator("summary").click();
  await fold.locator("summary").getByText("overhead 1, peak-to-mean 2").waitFor();
  // Closed, with a value made invalid elsewhere (as a view reading back a sheet would): it opens itself.
  await page
    .locator("#plan-form")
    .getByLabel("Peak-to-mean", { exact: false })
    .evaluate((input: HTMLInputElement) => {
      input.value = "0.5";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  await page.locator("#plan-form details.fold[open]", { hasText: "Honesty factors" }).waitFor();
  await page
    .locator("#error-peakToMean")
    .getByText(/1 or more|at least 1/i)
    .waitFor();
  await page.context().close();
});

test('"40 ms" in the stage form is 40 ms, and "40 min" says seconds are wanted', async () => {
  const page = await openView(VIEWS.stages, 350, "light");
  await page.locator("#plan-form").getByLabel("Serving time per clip").fill("40 ms");
  await page.locator("#crossover").getByText("Crossover: 54,000,000 clips per interval", { exact: false }).waitFor();
  await page.locator("#plan-form").getByLabel("Serving time per clip").fill("40 min");
  await page.locator("#error-secondsPerClip").getByText("Type seconds: 0.04 for 40 ms", { exact: false }).waitFor();
  // The summary keeps the last valid figures, greyed, and says what to fix where the planner is looking.
  await page.locator("#stages-summary[data-stale]").getByText("fix Serving time per clip", { exact: false }).waitFor();
  await expectFiguresInView(page, VIEWS.stages, 350);
  await page.context().close();
});

/** The focused element of the stage form, and whether it is the topmost thing at its centre; none outside it. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    if (!focused.closest("#plan-form")) return undefined;
    const box = focused.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { id: focused.id || focused.textContent || "", clear: top === focused || focused.contains(top) };
  });

test.each([320, 350])(
  "at %i px keyboard focus scrolls each field clear of the pinned tabs and summary",
  async (width) => {
    const page = await openView(VIEWS.stages, width, "light");
    await unfold(page, "#plan-form");
    await page.locator("#field-trainingHours").focus();
    const covered: string[] = [];
    // Down the form with Tab, then back up with Shift+Tab, which scrolls each field up under the pinned summary.
    for (const key of [...Array(16).fill("Tab"), ...Array(16).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      const field = await focusedField(page);
      if (field && !field.clear) covered.push(`${key}: ${field.id}`);
    }
    expect(covered).toEqual([]);
    await page.context().close();
  },
);
