/*
 * The annual sheet's recommendation follows an edit (issue 28: "after a price and a proposal change the recalculated
 * sheet still says 30 ms and 4,500.00 USD"). Its two lines are formulas over the levers' rows
 * (src/annual/sheet/annualRecommendation.ts); typed edits to a proposal and the price, in HyperFormula and IronCalc
 * over the layout and in LibreOffice over the saved .xlsx edited at the XML level, give the model's new
 * recommendation for the edited plan, word for word: the model's sentence with the sheet's figures (sheetFigures).
 * The grouping of thousands is checked on its own across the digits a year's hours or money can have.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { HyperFormula } from "hyperformula";
import { AnnualPlan, annualField, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualFigures, RECOMMENDATION_WORDS } from "../../../src/annual/model/levers";
import { ANNUAL_SHEET_NAME, annualSheetLayout, sheetFigures } from "../../../src/annual/sheet/annualLayout";
import type { AnnualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { groupedWhole } from "../../../src/annual/sheet/annualRecommendation";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { moneyText } from "../../../src/core/model/money";
import { CellEdit, editedLayout, editedXlsx } from "../../support/checkEdits";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { formulaResults, saveBytes } from "../../support/formulaResults";
import { ironcalcModel } from "../../support/ironcalc";
import { namedAddress, placedCells } from "../../support/layoutCells";
import { layoutInHyperFormula, layoutInIronCalc } from "../../support/layoutEngines";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";

/** A proposal left blank, which the plan's type holds as a number a form always fills (blank is no change). */
const BLANK = undefined as unknown as number;

const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2.5, currency: "USD" };

const layoutOf = (plan: AnnualPlan, chartNote = false) =>
  unwrap(annualSheetLayout(plan, "", { chartNote })) as AnnualSheetLayout;

/** The addresses of the recommendation's two lines: column A's text formulas. */
function lineAddresses(layout: AnnualSheetLayout): string[] {
  const found = placedCells(layout).filter(
    ({ column, cell }) => column === 0 && cell.formula !== undefined && cell.role === "label",
  );
  return found.map(({ address }) => address);
}

/** The value column's cell of the row labelled `label`. */
function valueOf(layout: AnnualSheetLayout, label: string): string {
  const row = layout.rows.findIndex((cells) => cells[0]?.value === label);
  if (row < 0) throw new Error(`No row labelled ${label}.`);
  return `C${row + 1}`;
}

/**
 * The recommendation as a reader takes it: the two lines, the second only when it says something (an empty text,
 * which a recalculated .xlsx may hold as no value at all).
 */
const sentence = (lines: unknown[]) => lines.filter((line) => line !== "" && line != null).join(" ");

/** What the model recommends for `plan`, in the sheet's figures: its largest saving's sentence, or none proposed. */
const modelSays = (plan: AnnualPlan) =>
  unwrap(annualFigures(plan, sheetFigures(plan))).levers.largest ?? RECOMMENDATION_WORDS.noneProposed;

/** One edit a planner makes to the priced sheet, and the plan it makes. */
interface Edit {
  what: string;
  edits: readonly CellEdit[];
  plan: AnnualPlan;
}

function edits(layout: AnnualSheetLayout): Edit[] {
  const perClip = valueOf(layout, "Serving time per clip, proposed");
  const runs = valueOf(layout, "Runs per year, proposed");
  const price = namedAddress(layout, "AnnualPricePerHour");
  return [
    {
      what: "the per-clip proposal taken back and the price doubled: the cadence lever leads",
      edits: [
        [perClip, 0.04],
        [price, 5],
      ],
      plan: { ...PRICED, secondsPerClipProposed: 0.04, pricePerHour: 5 },
    },
    {
      what: "35 ms proposed at 3 USD",
      edits: [
        [perClip, 0.035],
        [price, 3],
      ],
      plan: { ...PRICED, secondsPerClipProposed: 0.035, pricePerHour: 3 },
    },
    {
      what: "every proposal emptied: no change is proposed",
      edits: [
        [perClip, null],
        [runs, null],
      ],
      plan: { ...PRICED, secondsPerClipProposed: undefined, runsPerYearProposed: BLANK },
    },
    {
      what: "twelve runs a year proposed, the per-clip proposal emptied: no change saves hours",
      edits: [
        [perClip, null],
        [runs, 12],
      ],
      plan: { ...PRICED, secondsPerClipProposed: undefined, runsPerYearProposed: 12 },
    },
  ];
}

test("untouched, the lines cache the model's recommendation in the sheet's figures, word for word", () => {
  for (const plan of [EXAMPLE_ANNUAL_PLAN, PRICED]) {
    const layout = layoutOf(plan);
    const cached = lineAddresses(layout).map(
      (address) => placedCells(layout).find((placed) => placed.address === address)!.cell.cached,
    );
    expect(sentence(cached)).toBe(modelSays(plan));
  }
  expect(modelSays(PRICED)).toBe(
    "Point the effort at per-clip service time: 40 ms to 30 ms a clip saves 21,600 accelerator-hours a year, " +
      "54,000.00 USD, 24.32% of the bill, where paid serving, the part it touches, is 97.30%.",
  );
});

test("a proposal and the price edited: HyperFormula and IronCalc give the model's new recommendation", () => {
  const layout = layoutOf(PRICED);
  const addresses = lineAddresses(layout);
  for (const { what, edits: typed, plan } of edits(layout)) {
    const hf = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
    for (const [address, value] of typed) hf.set(address, value);
    const ironCalc = layoutInIronCalc(editedLayout(layout, typed), ANNUAL_SHEET_NAME);
    const expected = modelSays(plan);
    expect([what, sentence(addresses.map(hf.at))]).toEqual([what, expected]);
    expect([what, sentence(addresses.map(ironCalc))]).toEqual([what, expected]);
  }
  // The issue's stale words are gone once the proposal and the price move.
  expect(modelSays(edits(layout)[0].plan)).toContain(
    "4 to 1 runs a year saves 1,800 accelerator-hours a year, 9,000.00 USD",
  );
});

/**
 * Two levers of equal saving, built from the field list: the cadence's proposal and the run length's, each halving
 * the training hours (4 to 2 runs a year; 600 to 300 hours a run). Written when the run length saved more (cadence
 * 4 to 3), so that its row stands above the cadence's; then edited into the tie, the per-clip proposal taken back.
 */
function tieEdit(): { layout: AnnualSheetLayout; edits: CellEdit[]; plan: AnnualPlan } {
  const runs = annualField("runsPerYearProposed");
  const hours = annualField("trainingHoursPerRunProposed");
  const written: AnnualPlan = { ...PRICED, [runs.key]: 3, [hours.key]: PRICED.trainingHoursPerRun / 2 };
  const layout = layoutOf(written);
  const plan: AnnualPlan = { ...written, [runs.key]: PRICED.runsPerYear / 2, secondsPerClipProposed: undefined };
  const edits: CellEdit[] = [
    [valueOf(layout, runs.label), PRICED.runsPerYear / 2],
    [valueOf(layout, annualField("secondsPerClipProposed").label), null],
  ];
  return { layout, edits, plan };
}

test("two levers of equal saving: the sheet names the one the model names, first in the levers' list", () => {
  const { layout, edits: typed, plan } = tieEdit();
  const written = unwrap(annualFigures({ ...plan, runsPerYearProposed: 3 })).levers.rows.map((row) => row.lever);
  // the run length's row stands above the cadence's on the sheet
  expect(written.indexOf("runLength")).toBeLessThan(written.indexOf("cadence"));
  const rows = unwrap(annualFigures(plan)).levers.rows;
  const [cadence, runLength] = ["cadence", "runLength"].map((id) => rows.find((row) => row.lever === id)!);
  expect(cadence.hoursSavedPerYear).toBe(runLength.hoursSavedPerYear);
  expect([cadence.rank, runLength.rank]).toEqual([1, 1]);
  // the model names the cadence, listed first (LEVERS): its sentence, word for word, in both engines
  const expected = modelSays(plan);
  expect(expected).toMatch(/^Point the effort at retrain cadence: 4 to 2 runs a year saves /);
  const addresses = lineAddresses(layout);
  const hf = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
  for (const [address, value] of typed) hf.set(address, value);
  expect(sentence(addresses.map(hf.at))).toBe(expected);
  const ironCalc = layoutInIronCalc(editedLayout(layout, typed), ANNUAL_SHEET_NAME);
  expect(sentence(addresses.map(ironCalc))).toBe(expected);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the recommendation in LibreOffice is skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with a proposal and the price edited, recalculated by LibreOffice: the model's new words",
  async () => {
    const layout = layoutOf(PRICED, true);
    const addresses = lineAddresses(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-annual-recommendation-"));
    const bytes = unwrap(await annualWorkbookBytes(PRICED)) as ArrayBuffer;
    const all = [{ what: "untouched", edits: [] as readonly CellEdit[], plan: PRICED }, ...edits(layout)];
    const paths = await Promise.all(
      all.map(async ({ edits: typed }, i) => {
        const edited = await editedXlsx(bytes, ANNUAL_SHEET_NAME, typed);
        return saveBytes(new Uint8Array(edited).buffer, folder, `edit-${i}.xlsx`);
      }),
    );
    const recalculated = recalculateManyWithLibreOffice(paths);
    const said = await Promise.all(
      recalculated.map(async (path) => {
        const results = await formulaResults(path, ANNUAL_SHEET_NAME);
        return sentence(addresses.map((address) => results.get(address)));
      }),
    );
    expect(all.map(({ what }, i) => [what, said[i]])).toEqual(all.map(({ what, plan }) => [what, modelSays(plan)]));
  },
  LIBREOFFICE_MS,
);

test("thousands grouped by hand, as moneyText groups them, in HyperFormula and IronCalc", () => {
  const wholes = [0, 7, 42, 999, 1000, 21_600, 100_000, 999_999, 1_000_000, 12_345_678, 1e9, 987_654_321_012, 1e14];
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3" });
  hf.addSheet("S");
  // A word after each, so that IronCalc's reader (which takes "600" for a number) reads a text.
  hf.setSheetContent(
    0,
    wholes.map((n, r) => [n, `=${groupedWhole(`A${r + 1}`)}&" h"`]),
  );
  const model = ironcalcModel();
  wholes.forEach((n, r) => {
    model.setUserInput(0, r + 1, 1, String(n));
    model.setUserInput(0, r + 1, 2, `=${groupedWhole(`A${r + 1}`)}&" h"`);
  });
  model.evaluate();
  const expected = wholes.map((n) => `${moneyText(n).slice(0, -3)} h`);
  expect(wholes.map((_, r) => hf.getCellValue({ sheet: 0, row: r, col: 1 }))).toEqual(expected);
  expect(wholes.map((_, r) => model.getFormattedCellValue(0, r + 1, 2))).toEqual(expected);
});
