/*
 * The generated worksheet's formulas, evaluated by a real spreadsheet engine (HyperFormula)
 * with the sheet's defined names, cell by cell against the model.
 */
import { DetailedCellError, HyperFormula } from "hyperformula";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { expectClose, expectSheetMatchesModel, stageTableOf } from "../../support/stageModel";
import { absoluteReference } from "../../../src/core/excel/a1";
import { sheetLayout, SheetLayout } from "../../../src/stages/sheet/stageLayout";

const SHEET = "Cost stages";

function evaluate(layout: SheetLayout) {
  const rows = layout.rows.map((row) =>
    row.map((cell) => (cell === null ? null : cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null))),
  );
  // Default rounding, as Excel: numbers become text with 15 significant digits at most.
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3" });
  hf.addSheet(SHEET);
  const sheetId = hf.getSheetId(SHEET)!;
  for (const { name, address } of layout.names) {
    hf.addNamedExpression(name, `=${absoluteReference(SHEET, address)}`);
  }
  hf.setSheetContent(sheetId, rows as any);
  return (address: string) => hf.getCellValue(hf.simpleCellAddressFromString(address, sheetId)!);
}

const close = (actual: unknown, expected: number) => expectClose(actual, expected, 1e-9);

/** Every cell of the stage table against the model, evaluated by HyperFormula. */
function expectTableMatchesModel(layout: SheetLayout, plan: Plan) {
  const at = evaluate(layout);
  // HyperFormula's ROUND with negative digits leaves float noise (ROUND(3240412, -4) is
  // 3240000.0000000005 there, exact in Excel and LibreOffice): figures compare within 1e-9.
  expectSheetMatchesModel(layout, plan, at, { relative: 1e-9 });
  return at;
}

test("the worked example: crossover 54,000,000, scale 21,600 serving hours, serving 36x, training 2.7%", () => {
  const layout = sheetLayout(EXAMPLE_PLAN);
  const at = expectTableMatchesModel(layout, EXAMPLE_PLAN);
  const scale = layout.table.firstRow + 3;
  close(at(`B${scale}`), 1.944e9);
  close(at(`C${scale}`), 21_600);
  close(at(`F${scale}`), 36);
  expect(at(`G${scale}`)).toBe("serving");
  close(at(`H${scale}`), 36);
  expect((at(`I${scale}`) as number).toFixed(3)).toBe("0.027");
  expect(at(`G${scale - 1}`)).toBe("equal");
  close(at(layout.chart.crossoverClips), 54e6);
});

test("honesty factors: three times the training takes the example from 36x to 12x", () => {
  const plan = { ...EXAMPLE_PLAN, trainingOverhead: 3 };
  const layout = sheetLayout(plan);
  const at = expectTableMatchesModel(layout, plan);
  expect(at(`G${layout.table.firstRow + 3}`)).toBe("serving");
  close(at(`H${layout.table.firstRow + 3}`), 12);
});

test("peak-to-mean, typed stage traffic, a price and a suffix for a second copy", () => {
  const plan: Plan = {
    ...EXAMPLE_PLAN,
    peakToMean: 2,
    launchClips: 1e8,
    scaleClips: 3e9,
    pricePerHour: 2.5,
    currency: "USD",
  };
  const layout = sheetLayout(plan, "_2");
  expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  expect(layout.table.name).toBe("CostStages_2");
  expect(layout.table.columns).toBe(10);
  expectTableMatchesModel(layout, plan);
});

test("property-like sweep: many plans, every cell equal to the model", () => {
  const plans: Plan[] = [];
  for (const trainingHours of [0.5, 600, 2e5])
    for (const secondsPerClip of [1e-4, 0.04, 3])
      for (const overhead of [1, 2.5])
        plans.push({
          ...EXAMPLE_PLAN,
          trainingHours,
          secondsPerClip,
          trainingOverhead: overhead,
          prototypeClips: 1234,
        });
  for (const plan of plans) expectTableMatchesModel(sheetLayout(plan), plan);
});

test("a zero in the sheet gives the same error the model gives", () => {
  const plan = { ...EXAMPLE_PLAN, prototypeClips: 0 };
  const layout = sheetLayout(plan);
  const at = evaluate(layout);
  const model = stageTableOf(plan);
  expect(isProblem(model.rows[0].dominantHalf)).toBe(true);
  expect((at(`G${layout.table.firstRow + 1}`) as DetailedCellError).value).toBe("#DIV/0!");
});

test("every formula cell refers only to names the layout defines", () => {
  const layout = sheetLayout({ ...EXAMPLE_PLAN, pricePerHour: 1 });
  const defined = new Set(layout.names.map((n) => n.name));
  const functions = new Set(["IF", "ROUND", "MAX", "INT", "LOG10"]);
  for (const row of layout.rows)
    for (const cell of row)
      for (const word of cell?.formula?.replace(/"[^"]*"/g, "").match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
        if (/^[A-Z]\d+$/.test(word) || functions.has(word)) continue;
        expect(defined).toContain(word);
      }
});

test("every formula cell caches what the engine computes from its formula: numbers, texts and errors", () => {
  const plans: Plan[] = [
    EXAMPLE_PLAN,
    { ...EXAMPLE_PLAN, peakToMean: 2, pricePerHour: 2.5, currency: "USD" },
    { ...EXAMPLE_PLAN, trainingHours: 0 },
    { ...EXAMPLE_PLAN, prototypeClips: 0, launchClips: 1e8 },
  ];
  for (const plan of plans) {
    const layout = sheetLayout(plan);
    const at = evaluate(layout);
    let errors = 0;
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell?.formula === undefined) return;
        const value = at(`${String.fromCharCode(65 + c)}${r + 1}`);
        const cached = cell.cached!;
        if (typeof cached === "object") {
          errors++;
          expect((value as DetailedCellError).value).toBe(cached.error);
        } else if (typeof cached === "number") close(value, cached);
        else expect(value).toBe(cached);
      }),
    );
    if (plan.trainingHours === 0 || plan.prototypeClips === 0) expect(errors).toBeGreaterThan(0);
  }
});
