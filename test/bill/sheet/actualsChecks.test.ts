/*
 * The actuals sheet's checks, tried as a reviewer would: a negative tolerance, a number typed over a formula (a
 * month's mapped cost), a figure of the file changed, text typed into it; the master check at the top names the
 * check that fails (an error value by its own check, never a spreading #VALUE!), in HyperFormula and IronCalc over
 * the layout and in LibreOffice over the saved .xlsx edited at the XML level; untouched, every engine reads OK.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { BillMonth } from "../../../src/bill/model/billFigures";
import {
  ACTUALS_SHEET_NAME,
  ActualsInput,
  actualsLayout,
  ActualsSheetLayout,
} from "../../../src/bill/sheet/actualsLayout";
import { actualsWorkbookBytes } from "../../../src/bill/sheet/actualsXlsx";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import {
  BadInput,
  expectedInEngines,
  expectedInLibreOffice,
  deepCheckFormulas,
  masterCheckAddress,
  masterInEngines,
  masterInLibreOffice,
} from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import { sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";
import { FIXTURE_SOURCE, fixtureMonths } from "./billMonths";
import { ENGINE_START_MS, LIBREOFFICE_MS } from "../../support/deadlines";

let input: ActualsInput;
let layout: ActualsSheetLayout;
beforeAll(async () => {
  const months: BillMonth[] = await fixtureMonths();
  input = { months, source: FIXTURE_SOURCE, currency: "USD" };
  layout = unwrap(actualsLayout(input));
}, ENGINE_START_MS);

/** The cell of row `key` in month `month` (1-based). */
const monthCell = (l: ActualsSheetLayout, key: string, month: number) => `${monthColumn(month - 1)}${l.rowOf[key]}`;

/** The bad inputs a reviewer tries on `l`, each with the check that must name it. */
const badInputs = (l: ActualsSheetLayout): BadInput[] => [
  {
    what: "a negative money tolerance",
    edits: [[namedAddress(l, "ActualsMoneyTolerance"), -1]],
    fails: "The money tolerance: 0 or more",
  },
  {
    what: "a number over a month's mapped cost",
    edits: [[monthCell(l, "mappedEffective", 2), 900]],
    fails: "EffectiveCost reconciles to the file's total",
  },
  {
    what: "the file's billed total changed",
    edits: [[monthCell(l, "fileBilled", 1), 1027.41]],
    fails: "BilledCost reconciles to the file's total",
  },
  {
    what: "text over the file's total",
    edits: [[monthCell(l, "fileBilled", 1), "n/a"]],
    fails: "No figure is an error value",
  },
];

test("the master check reads OK untouched and names each bad input, in HyperFormula and IronCalc", () => {
  const bad = badInputs(layout);
  expect(masterInEngines(layout, ACTUALS_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
});

test("no check formula, nor the master check, is over three functions deep", () => {
  expect(deepCheckFormulas(layout)).toEqual([]);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the actuals sheet's checks in LibreOffice are skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with each bad input typed in, recalculated by LibreOffice: the master check names it",
  async () => {
    const bad = badInputs(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-actuals-checks-"));
    const bytes = unwrap(await actualsWorkbookBytes(input));
    const words = await masterInLibreOffice(bytes, ACTUALS_SHEET_NAME, masterCheckAddress(layout), bad, folder);
    expect(words).toEqual(expectedInLibreOffice(bad));
  },
  LIBREOFFICE_MS,
);
