/*
 * The annual view's summary and its sentences at a price (issue 19): the year's bill, the biggest lever's saving in
 * money, and the per-clip lever's headline (seed 001's "40 ms to 30 ms saves 5,400 h a quarter, nine retrains'
 * worth"), read from the model's worked example at 2.5 USD an accelerator-hour.
 */
import { unwrap } from "../../support/unwrap";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualFigures } from "../../../src/annual/model/levers";
import { annualSummary, paneFigures } from "../../../src/annual/pane/annualSummary";
import { readAnnualForm } from "../../../src/annual/pane/annualForm";
import { annualSheetLayout, sheetFigures } from "../../../src/annual/sheet/annualLayout";

const summaryOf = (plan: AnnualPlan) => annualSummary(unwrap(annualFigures(plan, paneFigures(plan))), plan);
const priced: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2.5, currency: "USD" };

test("at 2.5 USD: training's share, the year's bill of 222,000 USD, the biggest lever's 54,000 USD a year", () => {
  const { figures, sentence } = summaryOf(priced);
  expect(figures).toEqual([
    { label: "Training's share of the year", value: "2.7%" },
    { label: "The year's bill", value: "222,000.00 USD" }, // 88,800 h x 2.5
    {
      label: "Biggest lever: per-clip service time",
      value: "54,000.00 USD a year", // 21,600 h x 2.5
      note: "24.32% of the bill, against a ceiling of 97.3%",
    },
  ]);
  expect(sentence).toBe(
    "Per-clip service time: 40 ms to 30 ms a clip saves 5,400 h a quarter, nine retrains' worth " +
      "(21,600 accelerator-hours a year, 54,000.00 USD).",
  );
});

test("with no price the summary is in hours, and says no money", () => {
  const { figures, sentence } = summaryOf(EXAMPLE_ANNUAL_PLAN);
  expect(figures.map((f) => f.label)).not.toContain("The year's bill");
  expect(figures[1].value).toBe("21,600 h a year");
  expect(sentence).not.toMatch(/USD|money/);
});

test("at peak-to-mean 2 the share of the hours paid for is noted: 1.37%", () => {
  const { figures } = summaryOf({ ...EXAMPLE_ANNUAL_PLAN, peakToMean: 2 });
  expect(figures[0]).toEqual({
    label: "Training's share of the year",
    value: "2.7%",
    note: "1.37% of the hours paid for",
  });
});

test("the pane's sentences and the sheet's are one builder's: the same words, each surface's figures", () => {
  const texts = Object.fromEntries(Object.entries({ ...priced }).map(([key, value]) => [key, String(value)])) as Record<
    keyof AnnualPlan,
    string
  >;
  texts.trainingHoursPerRunProposed = "";
  const pane = readAnnualForm(texts, paneFigures).view!.levers;
  expect(pane.largest).toBe(unwrap(annualFigures(priced, paneFigures(priced))).levers.largest);
  expect(pane.largest).toContain(
    "5,400 h a quarter, nine retrains' worth (21,600 accelerator-hours a year, 54,000.00 USD)",
  );
  expect(pane.smallest).toContain("1,800 accelerator-hours a year (4,500.00 USD), 2.03% of the bill");
  // The sheet's recommendation is a formula (src/annual/sheet/annualRecommendation.ts): the same sentence with the
  // figures its cells can build in every engine, the year's saving alone and shares to two decimals.
  const sheet = unwrap(annualFigures(priced, sheetFigures(priced))).levers.largest!;
  expect(sheet).toBe(
    "Point the effort at per-clip service time: 40 ms to 30 ms a clip saves 21,600 accelerator-hours a year, " +
      "54,000.00 USD, 24.32% of the bill, where paid serving, the part it touches, is 97.30%.",
  );
  const opening = "Point the effort at per-clip service time: 40 ms to 30 ms a clip saves ";
  expect([pane.largest!.startsWith(opening), sheet.startsWith(opening)]).toEqual([true, true]);
  // and the written sheet caches that very sentence in its two lines
  const layout = unwrap(annualSheetLayout(priced));
  const lines = layout.rows.map((row) => row[0]).filter((cell) => cell?.formula !== undefined && cell.role === "label");
  expect(lines.map((cell) => cell!.cached).join(" ")).toBe(sheet);
});
