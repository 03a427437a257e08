/*
 * The what-if view's figures: the sensitivity of the worked example (training hours +-20% moves the
 * crossover to 64.8M / 43.2M, seconds per clip to 45M / 67.5M, traffic not at all), the targets, the tornado's
 * geometry, and the number style (no NaN, Infinity or false 0% anywhere).
 */
import { ANNUAL_VIEW, AnnualOutputKey } from "../../../src/annual/model/annualWhatIf";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem, problem } from "../../../src/core/model/problems";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import { STAGE_VIEW, StageOutputKey } from "../../../src/stages/model/stagesWhatIf";
import {
  editableText,
  formatChange,
  formatMoves,
  formatOutput,
  formatPercentChange,
  formatSeconds,
  parsePercent,
} from "../../../src/sensitivity/pane/outputFigures";
import {
  defaultSensitivitySettings,
  ownRangesSentence,
  readSensitivitySettings,
  sensitivityFigures,
} from "../../../src/sensitivity/pane/sensitivityFigures";
import { DEFAULT_TARGET_SETTINGS, readTargetSettings, targetTable } from "../../../src/whatIf/pane/whatIfTargetFigures";
import { tornadoDescription, tornadoModel } from "../../../src/sensitivity/pane/tornado";

const DEFAULT_SENSITIVITY_SETTINGS = defaultSensitivitySettings<Plan, StageOutputKey>("crossoverClips");
const defaultOptions = () => readSensitivitySettings(PLAN_FIELDS, DEFAULT_SENSITIVITY_SETTINGS).options!;
const STILL_NOTES = { crossoverClips: "Traffic moves where the system sits against it, not it." };
/** The stage view's figures at the worked example, as the what-if tab asks for them. */
const stageFigures = (options = defaultOptions(), output: StageOutputKey = "crossoverClips") =>
  sensitivityFigures(STAGE_VIEW, EXAMPLE_PLAN, options, output, STILL_NOTES);
const full = (value: number) => formatOutput("clips", value, "full");

test("the crossover's tornado at the worked example: the issue's figures, traffic with no swing", () => {
  const figures = stageFigures();
  expect(figures.base).toBe(54e6);
  const row = (key: string) => figures.rows.find((r) => r.key === key)!;
  expect([row("trainingHours").lowOutput, row("trainingHours").highOutput]).toEqual([43.2e6, 64.8e6]);
  expect(row("secondsPerClip").lowOutput).toBeCloseTo(67.5e6, 3);
  expect(row("secondsPerClip").highOutput).toBeCloseTo(45e6, 3);
  expect([row("clipsPerSecond").lowOutput, row("clipsPerSecond").highOutput]).toEqual([54e6, 54e6]);
  expect(row("clipsPerSecond").zero).toBe(true);
  expect(row("clipsPerSecond").swingText).toBe("0");
  // Largest first: per-clip time swings 22.5M, training 21.6M; the zero swings last.
  expect(figures.rows[0].key).toBe("secondsPerClip");
  expect(figures.rows[1].key).toBe("trainingHours");
  expect(figures.rows[figures.rows.length - 1].zero).toBe(true);
  expect(row("trainingHours").rangeText).toBe("480 → 720");
  expect(figures.sentences.join(" ")).toMatch(/Scale: clips per second leave the crossover where it is/);
  expect(figures.sentences.join(" ")).toMatch(/Traffic moves where the system sits against it/);
  const description = tornadoDescription(figures, full);
  expect(description).toContain("Training run per retrain: 43,200,000 at low, 64,800,000 at high");
  expect(description).toContain("Serving time per clip: 67,500,000 at low, 45,000,000 at high");
  expect(description).toContain("Scale: clips per second: no change");
});

test("the moves and ranges as typed: -20/20 by default, each field's own check, messages by key", () => {
  expect(defaultOptions()).toEqual({ lowFraction: -0.2, highFraction: 0.2, ranges: {} });
  const reading = readSensitivitySettings(PLAN_FIELDS, {
    ...DEFAULT_SENSITIVITY_SETTINGS,
    lowMove: "-100",
    highMove: "x",
    ranges: { secondsPerClip: { low: "0", high: "0.05" }, trainingHours: { low: "500", high: "700" } },
  });
  expect(reading.options).toBeUndefined();
  expect(reading.errors.lowMove).toMatch(/above -100%/);
  expect(reading.errors.highMove).toMatch(/not a number/);
  expect(reading.errors["secondsPerClip.low"]).toMatch(/Serving time per clip \(low value\)/);
  const own = readSensitivitySettings(PLAN_FIELDS, {
    ...DEFAULT_SENSITIVITY_SETTINGS,
    ranges: { trainingHours: { low: "300", high: "1,200" } },
  });
  expect(own.valid).toBe(true);
  const figures = stageFigures(own.options!);
  const training = figures.rows.find((r) => r.key === "trainingHours")!;
  expect([training.lowOutput, training.highOutput]).toEqual([27e6, 108e6]);
  expect(figures.rows[0].key).toBe("trainingHours");
});

test("another output: total hours at scale, where traffic swings and the figures are hours", () => {
  const figures = stageFigures(defaultOptions(), "totalHoursScale");
  expect(figures.base).toBe(22200);
  expect(figures.baseText).toBe("22,200");
  const traffic = figures.rows.find((r) => r.key === "clipsPerSecond")!;
  expect(traffic.zero).toBe(false);
  expect([traffic.lowText, traffic.highText]).toEqual(["17,880", "26,520"]);
});

test("targets of the worked example, and not reachable with the model's reason, said once", () => {
  const inputs = readTargetSettings(DEFAULT_TARGET_SETTINGS).inputs!;
  expect(inputs).toEqual({ budgetHours: 11400, budget: undefined, servingShare: 0.9 });
  const table = targetTable(EXAMPLE_PLAN, inputs);
  expect(table.stages).toEqual(["Prototype", "Launch", "Scale"]);
  const texts = (i: number) => table.rows[i].cells.map((c) => c.text);
  expect(table.rows.map((r) => r.label)).toEqual(["Serving = training", "Total = 11,400 h", "Cost = the money budget"]);
  // (11,400 - 600) x 3600 / 5,000 = 7,776 s at the prototype, to three figures; 20 ms at scale.
  expect(texts(0)).toEqual(["432 s", "Not reachable", "1.11 ms"]);
  expect(texts(1)).toEqual(["7,780 s", "Not reachable", "20 ms"]);
  expect(texts(2)).toEqual(["—", "—", "—"]);
  expect(table.rows[0].cells[1].note).toBe(1);
  expect(table.rows[1].cells[1].note).toBe(1);
  expect(table.rows[2].cells.map((c) => c.note)).toEqual([2, 2, 2]);
  expect(table.notes).toHaveLength(2);
  expect(table.notes[0]).toMatch(/^Not reachable: Launch: clips per interval is blank/);
  expect(table.notes[1]).toMatch(/^Price per accelerator-hour is blank; enter a price/);
  expect(table.share).toEqual({ label: "Serving = 90.0% of the bill", answer: { text: "486,000,000 clips" } });
  const priced = targetTable({ ...EXAMPLE_PLAN, pricePerHour: 2, currency: "USD", launchClips: 54e6 }, inputs);
  expect(priced.rows[2]).toEqual({
    label: "Cost = 22,800.00 USD",
    cells: [{ text: "7,780 s" }, { text: "720 ms" }, { text: "20 ms" }],
  });
  expect(priced.notes).toEqual([]);
  const none = targetTable(EXAMPLE_PLAN, { ...inputs, budgetHours: 600, servingShare: 1 });
  expect(none.notes.some((n) => /^Not reachable: the budget/.test(n))).toBe(true);
  expect(none.notes[none.share.answer.note! - 1]).toMatch(/^Not reachable: serving is the whole bill only/);
  const bad = readTargetSettings({ budgetHours: "-1", budget: "x", servingShare: "120" });
  expect(Object.keys(bad.errors).sort()).toEqual(["budget", "budgetHours", "servingShare"]);
});

test("the tornado's geometry: bars around the base line, inside the drawing, no-change rows marked", () => {
  const figures = stageFigures();
  const model = tornadoModel(figures, 300)!;
  expect(model.bars).toHaveLength(figures.rows.length);
  const xs = model.bars.flatMap((bar) => bar.segments.flatMap((s) => [s.from, s.to]));
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...xs)).toBeLessThanOrEqual(300);
  for (const bar of model.bars) for (const s of bar.segments) expect(s.from).toBe(model.baseX);
  const training = model.bars[1];
  expect(training.segments.map((s) => s.side)).toEqual(["low", "high"]);
  expect(training.segments[0].to).toBeLessThan(model.baseX);
  expect(training.segments[1].to).toBeGreaterThan(model.baseX);
  expect(model.bars.filter((bar) => bar.unchanged)).toHaveLength(figures.rows.filter((r) => r.zero).length);
  // Overhead at 1 cannot go lower: only its high end has a bar.
  const overhead = model.bars[figures.rows.findIndex((r) => r.key === "trainingOverhead")];
  expect(overhead.segments.map((s) => s.side)).toEqual(["high"]);
  expect(JSON.stringify(model)).not.toMatch(/NaN|Infinity/);
  expect(tornadoModel({ ...figures, base: undefined }, 300)).toBeUndefined();
  // The dashed base line never crosses a row's label (its text sits from 10 px above its baseline to 3 px below).
  for (const { label } of model.bars)
    for (const line of model.baseLines) expect(line.y2 < label.y - 10 || line.y1 > label.y + 3).toBe(true);
  expect(model.baseLines.length).toBe(model.bars.length + 1);
});

test("number style: signed changes, points for shares, ms, no NaN; percentages typed", () => {
  expect(formatPercentChange(1 / 3)).toBe("+33.3%");
  // the what-if sheet's change cells' style: one decimal, never -0.0%
  expect(formatPercentChange(-0.2)).toBe("-20.0%");
  expect(formatPercentChange(0)).toBe("0.0%");
  expect(formatPercentChange(-0.00001)).toBe("0.0%");
  expect(formatChange("clips", { absolute: 18e6, relative: 1 / 3 })).toEqual({
    absolute: "+18,000,000",
    relative: "+33.3%",
  });
  // a share's change is in points of the share, as the sheet's cell shows it
  expect(formatChange("share", { absolute: 0.012, relative: 0.5 }).absolute).toBe("+1.2%");
  const zeroBase = problem("divisionByZero", "0 in the base");
  expect(formatChange("hours", { absolute: 5, relative: zeroBase })).toEqual({ absolute: "+5.0", relative: "—" });
  expect(formatChange("hours", { absolute: -0.00001, relative: 0 }).absolute).toBe("0");
  expect(formatOutput("clips", zeroBase, "full")).toBe("—");
  expect(formatOutput("clips", 54e6, "full")).toBe("54,000,000");
  expect(formatOutput("clips", 54e6, "short")).toBe("54M");
  expect(formatSeconds(0.0011111)).toBe("1.11 ms");
  expect(formatSeconds(8.78)).toBe("8.78 s");
  expect(editableText(0.04 * 0.8)).toBe("0.032");
  expect(parsePercent("-20 %")).toBeCloseTo(-0.2, 15);
  expect(parsePercent("90%")).toBeCloseTo(0.9, 15);
  expect(typeof parsePercent("ninety")).toBe("string");
  expect(isProblem(zeroBase)).toBe(true);
});

test("the moves in words, as the ranges' reset button says them: alike either way, else each end signed", () => {
  const settings = defaultSensitivitySettings<Plan, StageOutputKey>("crossoverClips");
  const read = readSensitivitySettings(PLAN_FIELDS, settings).options!;
  expect(formatMoves(read.lowFraction!, read.highFraction!)).toBe("20% either way");
  expect(formatMoves(parsePercent("-15") as number, parsePercent("15") as number)).toBe("15% either way");
  expect(formatMoves(-0.1, 0.3)).toBe("-10% and +30%");
  expect(formatMoves(0.1, 0.3)).toBe("+10% and +30%");
  expect(formatMoves(0, 0)).toBe("0% and 0%");
});

const annualSettings = () => defaultSensitivitySettings<AnnualPlan, AnnualOutputKey>("trainingShareConsumed");

test("the annual view's tornado: training's share of the year at each input's -20% and +20%, in points", () => {
  const options = readSensitivitySettings(ANNUAL_VIEW.fields, annualSettings()).options!;
  const figures = sensitivityFigures(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, options, "trainingShareConsumed");
  expect(figures.baseText).toBe("2.7%");
  const row = (key: string) => figures.rows.find((r) => r.key === key)!;
  // 480 h a run: 1,920 / 88,320; 720 h: 2,880 / 89,280. Traffic 20% up makes serving bigger: the share falls.
  expect([row("trainingHoursPerRun").lowText, row("trainingHoursPerRun").highText]).toEqual(["2.17%", "3.23%"]);
  expect([row("clipsPerSecond").lowText, row("clipsPerSecond").highText]).toEqual(["3.36%", "2.26%"]);
  // 3.356% - 2.262%, before rounding, in points of the share as the sheet's swing cell shows it
  expect(row("clipsPerSecond").swingText).toBe("1.09%");
  expect(row("rescanEvents").zero).toBe(true);
  // the inputs it lists are every digit, as the sheet's input cells: 44,400 x 0.8 is 35,520, not 35,500
  expect(row("rescanHoursEach").rangeText).toBe("35,520 → 53,280");
  expect(row("clipsPerSecond").rangeText).toBe("200 → 300");
  expect(row("secondsPerClip").rangeText).toBe("0.032 → 0.048");
  expect(figures.sentences[0]).toMatch(/^Largest swing: .+, which moves training's share of the year from /);
  expect(figures.sentences.join(" ")).not.toMatch(/Traffic moves/);
  expect(tornadoDescription(figures, (v) => formatOutput("share", v, "full"))).toContain(
    "Training run: 2.17% at low, 3.23% at high",
  );
});

test("a typed range reaches the model; a refused or unreadable one leaves its own row without a figure", () => {
  const settings = annualSettings();
  settings.ranges.runsPerYear = { low: "2", high: "12" };
  const typed = readSensitivitySettings(ANNUAL_VIEW.fields, settings);
  expect(typed.valid).toBe(true);
  expect(typed.options!.ranges).toEqual({ runsPerYear: { low: 2, high: 12 } });
  const model = sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, { ranges: { runsPerYear: { low: 2, high: 12 } } });
  if (isProblem(model)) throw new Error(model.message);
  const expected = model.outputs[0].rows.find((r) => r.key === "runsPerYear")!;
  const figures = sensitivityFigures(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, typed.options!, "trainingShareConsumed");
  const runs = figures.rows.find((r) => r.key === "runsPerYear")!;
  expect([runs.lowOutput, runs.highOutput]).toEqual([expected.lowOutput, expected.highOutput]);
  expect(runs.rangeText).toBe("2 → 12");

  for (const low of ["-1", "abc", "1e400"]) {
    settings.ranges.runsPerYear = { low, high: "12" };
    const refused = readSensitivitySettings(ANNUAL_VIEW.fields, settings);
    expect(refused.valid).toBe(false);
    expect(refused.errors["runsPerYear.low"]).toMatch(low === "-1" ? /0 or more/ : /not a number|too large/);
    expect(refused.errors["runsPerYear.high"]).toBeUndefined();
    const shown = sensitivityFigures(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, refused.options!, "trainingShareConsumed");
    const bad = shown.rows.find((r) => r.key === "runsPerYear")!;
    expect([bad.lowText, bad.highText, bad.swingText]).toEqual(["—", "—", "—"]);
    // The end that cannot be read shows as no figure; the one that can, as typed.
    expect(bad.rangeText).toBe(low === "-1" ? "-1 → 12" : "— → 12");
    expect(JSON.stringify(shown)).not.toMatch(/NaN|Infinity/);
    expect(shown.rows[shown.rows.length - 1].key).toBe("runsPerYear");
    expect(shown.rows.find((r) => r.key === "trainingHoursPerRun")!.lowText).toBe("2.17%");
    const model = tornadoModel(shown, 320)!;
    expect(model.bars[model.bars.length - 1].missing?.text).toBe("no figure");
    expect(JSON.stringify(model)).not.toMatch(/NaN|Infinity/);
  }
});

test("a range kept for an input that is now blank is not read", () => {
  const settings = { ...DEFAULT_SENSITIVITY_SETTINGS, ranges: { launchClips: { low: "-5", high: "1" } } };
  const varied = PLAN_FIELDS.filter((field) => field.key !== "launchClips");
  expect(readSensitivitySettings(varied, settings)).toEqual({
    options: { lowFraction: -0.2, highFraction: 0.2, ranges: {} },
    valid: true,
    errors: {},
  });
  expect(readSensitivitySettings(PLAN_FIELDS, settings).valid).toBe(false);
});

test("one end typed alone is read alone: the other follows the moves, and the sentence names the end", () => {
  const settings = { ...DEFAULT_SENSITIVITY_SETTINGS, ranges: { trainingHours: { high: "900" } } };
  const reading = readSensitivitySettings(PLAN_FIELDS, settings);
  expect(reading.valid).toBe(true);
  expect(reading.options!.ranges).toEqual({ trainingHours: { high: 900 } });
  const shown = sensitivityFigures(STAGE_VIEW, EXAMPLE_PLAN, reading.options!, "crossoverClips");
  expect(shown.rows.find((r) => r.key === "trainingHours")!.rangeText).toBe("480 → 900");
  expect(ownRangesSentence(PLAN_FIELDS, reading.options!.ranges)).toBe(
    "The sheet has your own high of Training run per retrain as blue cells; the other ends follow the moves.",
  );
  const both = { trainingHours: { low: 1, high: 2 }, secondsPerClip: { low: 0.01 } };
  expect(ownRangesSentence<Plan>(PLAN_FIELDS, both)).toBe(
    "The sheet has your own low and high of Training run per retrain and low of Serving time per clip as blue " +
      "cells; the other ends follow the moves.",
  );
});

test.each(["", "  ", "x"])(
  "a factor's end left as %p: the sentences say to enter a number, never 'got NaN'",
  (typed) => {
    const reading = readSensitivitySettings(PLAN_FIELDS, {
      ...DEFAULT_SENSITIVITY_SETTINGS,
      ranges: { trainingOverhead: { low: typed }, peakToMean: { high: typed } },
    });
    expect(reading.valid).toBe(false);
    const text = stageFigures(reading.options!).sentences.join(" ");
    expect(text).not.toMatch(/NaN/);
    expect(text).toContain("Training overhead: failed runs and sweeps (low value) is a multiplier of 1 or more");
    expect(text).toContain("Peak-to-mean provisioning for serving (high value) is a multiplier of 1 or more");
    expect(text).toContain("enter a number");
  },
);
