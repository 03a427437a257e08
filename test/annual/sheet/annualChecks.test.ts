/*
 * The annual sheet's checks, tried as a reviewer would (issue 28): each kind of bad input typed into the sheet (a
 * negative time per clip, a share over 100%, a peak-to-mean under 1, a negative run, an emptied required input, a
 * negative proposal, a number over the paid total, over a lever's saving, over the bill in money), and the master
 * check at the top names the check that fails, in HyperFormula and IronCalc over the layout and in LibreOffice
 * over the saved .xlsx edited at the XML level; untouched, every engine reads OK. -0.04 s a clip never shows a bill
 * of -426,000 as OK. Every check formula is at most three functions deep.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import type { AnnualPlan } from "../../../src/annual/model/annualFields";
import { ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import {
  BadInput,
  deepCheckFormulas,
  expectedInEngines,
  expectedInLibreOffice,
  masterCheckAddress,
  masterInEngines,
  masterInLibreOffice,
} from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import { sofficePath } from "../../support/libreoffice";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { unwrap } from "../../support/unwrap";

const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2.5, currency: "USD" };

const layoutOf = (plan: AnnualPlan, options = {}) => unwrap(annualSheetLayout(plan, "", options)) as AnnualSheetLayout;

/** The value cell (C) of the row labelled `label`. */
function labelledValue(layout: AnnualSheetLayout, label: string): string {
  const row = layout.rows.findIndex((cells) => cells[0]?.value === label);
  if (row < 0) throw new Error(`No row labelled ${label}.`);
  return `C${row + 1}`;
}

/** The cell of `column` (a header's text) on the levers table's row of `lever`. */
function leverCell(layout: AnnualSheetLayout, lever: string, column: string): string {
  const header = layout.rows.findIndex((cells) => cells[0]?.value === "Lever");
  const c = layout.rows[header].findIndex((cell) => cell?.value === column);
  const r = layout.rows.findIndex((cells, i) => i > header && String(cells[0]?.value).startsWith(lever));
  return `${String.fromCharCode(65 + c)}${r + 1}`;
}

/** The bad inputs a reviewer tries on `layout`, each with the check that must name it. */
function badInputs(layout: AnnualSheetLayout): BadInput[] {
  const at = (name: string) => namedAddress(layout, name);
  return [
    {
      what: "a negative time per clip",
      edits: [[at("ServingSecondsPerClip"), -0.04]],
      fails: "Serving time per clip: 0 or more",
    },
    {
      what: "a share over 100%",
      edits: [[at("ShareNotRescored"), 1.5]],
      fails: "Clips not re-scored: from 0 to 1",
    },
    { what: "peak-to-mean under 1", edits: [[at("ServingPeakToMean"), 0.5]], fails: "Peak-to-mean: 1 or more" },
    { what: "a negative training run", edits: [[at("HoursPerRun"), -600]], fails: "Training run: 0 or more" },
    { what: "an emptied required input", edits: [[at("HoursPerRun"), null]], fails: "Training run: 0 or more" },
    {
      what: "a negative proposal",
      edits: [[labelledValue(layout, "Serving time per clip, proposed"), -0.03]],
      fails: "Proposed time per clip: 0 or more",
    },
    {
      what: "a number over the paid total",
      edits: [[at("YearTotalPaid"), 100_000]],
      fails: "The year's paid total, two routes",
    },
    {
      what: "a number over serving's paid hours",
      edits: [[at("YearServingPaid"), 1]],
      fails: "The year's paid total, two routes",
    },
    {
      what: "a number over a lever's saving",
      edits: [[leverCell(layout, "Retrain cadence", "Saved a year (h)"), 5000]],
      fails: "The levers' savings, two routes",
    },
  ];
}

/** The bad inputs of a priced sheet: a number over the bill in money too. */
const pricedBadInputs = (layout: AnnualSheetLayout): BadInput[] => [
  ...badInputs(layout),
  {
    what: "a number over the year's bill",
    edits: [[labelledValue(layout, "The year's bill, in money"), 1]],
    fails: "The year's bill, two routes",
  },
  {
    what: "a number over a lever's money",
    edits: [[leverCell(layout, "Per-clip service time", "Saved a year (USD)"), 1]],
    fails: "The levers' money, two routes",
  },
];

test.each([
  ["the worked example", EXAMPLE_ANNUAL_PLAN],
  ["a priced plan", PRICED],
])("%s: the master check reads OK untouched and names each bad input, in HyperFormula and IronCalc", (_, plan) => {
  const layout = layoutOf(plan);
  const bad = plan.pricePerHour !== undefined ? pricedBadInputs(layout) : badInputs(layout);
  expect(masterInEngines(layout, ANNUAL_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
});

test("the master check sits at the top, frozen in view; no check formula is over three functions deep", () => {
  const layout = layoutOf(PRICED);
  const master = masterCheckAddress(layout);
  expect(Number(master.slice(1))).toBeLessThanOrEqual(layout.page.frozenRows);
  expect(deepCheckFormulas(layout)).toEqual([]);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the annual sheet's checks in LibreOffice are skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with each bad input typed in, recalculated by LibreOffice: the master check names it",
  async () => {
    const layout = layoutOf(PRICED, { chartNote: true });
    const bad = pricedBadInputs(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-annual-checks-"));
    const bytes = unwrap(await annualWorkbookBytes(PRICED)) as ArrayBuffer;
    const words = await masterInLibreOffice(bytes, ANNUAL_SHEET_NAME, masterCheckAddress(layout), bad, folder);
    expect(words).toEqual(expectedInLibreOffice(bad));
  },
  LIBREOFFICE_MS,
);
