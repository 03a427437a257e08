/*
 * Both ledgers' sections, the annual sheet's and the what-if sheet's, saved as .xlsx and recalculated by LibreOffice
 * headless (a fresh profile that never trusts the cached values), all four workbooks in one start: the worked example
 * of docs/cost-model.md "Both ledgers" (quarterly now, yearly proposed: 3,600.00 saved, 6,998.40 added, -3,398.40
 * net; the economic cadence 4.3033 months, best whole month 4 at 494.40 a month) on each sheet, every formula's
 * result the model's cached value and the master check OK; and each file with a negative drift typed into it (at the
 * XML level, every other cell as saved), whose master check names the drift's bound. Without soffice
 * (apt-get install libreoffice-calc) this file is skipped, and says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { ScenarioState } from "../../../src/whatIf/model/scenarios";
import { WHAT_IF_SHEET_NAME, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { ANNUAL_SHEET_NAME, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells, labelRow, LaidOut, Named, namedAddress } from "../../support/layoutCells";
import { editedXlsx, failedWords, masterCheckAddress } from "../../support/checkEdits";
import { LIBREOFFICE_MS } from "../../support/deadlines";

const QUARTERLY: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2 };
const WORKED: ScenarioState<Plan> = {
  scenarios: [
    { name: "Quarterly", inputs: QUARTERLY },
    { name: "Yearly", inputs: { ...QUARTERLY, intervalDays: 360 } },
  ],
  baseIndex: 0,
};
const YEARLY: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, runsPerYearProposed: 1 };

/** The layouts the downloads are written from (chartNote, as the .xlsx writers set it). */
const annual = unwrap(annualSheetLayout(YEARLY, "", { chartNote: true, ledgers: EXAMPLE_LEDGER_INPUTS }));
const whatIf = unwrap(whatIfLayout(WORKED, "", { chartNote: true, ledger: EXAMPLE_LEDGER_INPUTS }));

/** A negative drift, the nonsense a reviewer types: its bound's check is the first to fail. */
const NEGATIVE_DRIFT = -2e-7;
const DRIFT_BOUND = "Drift: from 0 to 1";

/** Each formula whose LibreOffice result is not its cached value, with both. */
function mismatches(layout: LaidOut, actual: Map<string, CachedValue>): string[] {
  return formulaCells(layout).flatMap(({ address, cell }) =>
    sameResult(cell.cached, actual.get(address))
      ? []
      : [`${address} =${cell.formula}: ${JSON.stringify(actual.get(address))}, cached ${JSON.stringify(cell.cached)}`],
  );
}

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: both ledgers' recalculation in LibreOffice is skipped.");

(soffice ? describe : describe.skip)("both ledgers recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-ledgers-"));
  let results: Map<string, CachedValue>[];
  beforeAll(async () => {
    const annualBytes = unwrap(await annualWorkbookBytes(YEARLY, {}, EXAMPLE_LEDGER_INPUTS));
    const whatIfBytes = unwrap(await whatIfWorkbookBytes(WORKED, { ledger: EXAMPLE_LEDGER_INPUTS }));
    const drifting = async (bytes: ArrayBuffer, sheet: string, layout: LaidOut & Named) =>
      editedXlsx(bytes, sheet, [[namedAddress(layout, "LedgerDriftPerMonth"), NEGATIVE_DRIFT]]);
    const files: [string, ArrayBuffer | Buffer][] = [
      ["annual.xlsx", annualBytes],
      ["what-if.xlsx", whatIfBytes],
      ["annual-drift.xlsx", await drifting(annualBytes, ANNUAL_SHEET_NAME, annual)],
      ["what-if-drift.xlsx", await drifting(whatIfBytes, WHAT_IF_SHEET_NAME, whatIf)],
    ];
    const saved = files.map(([name, bytes]) =>
      saveBytes(bytes instanceof ArrayBuffer ? bytes : new Uint8Array(bytes).slice().buffer, folder, name),
    );
    const recalculated = recalculateManyWithLibreOffice(saved);
    const sheets = [ANNUAL_SHEET_NAME, WHAT_IF_SHEET_NAME, ANNUAL_SHEET_NAME, WHAT_IF_SHEET_NAME];
    results = await Promise.all(recalculated.map((path, i) => formulaResults(path, sheets[i])));
  }, LIBREOFFICE_MS);

  test("the annual sheet: every formula's result is the model's, and the master check is OK", () => {
    expect(mismatches(annual, results[0])).toEqual([]);
    expect(results[0].size).toBe(formulaCells(annual).length);
    expect(results[0].get(masterCheckAddress(annual))).toBe(CHECKS_OK);
  });

  test("the annual sheet's worked example: 3,600.00 saved, 6,998.40 added, -3,398.40 net; 4.3033, 4 at 494.40", () => {
    const at = (label: string) => Number(results[0].get(`C${labelRow(annual, label)}`));
    expect(at("Cadence lever: compute saved a year")).toBeCloseTo(3600, 9);
    expect(at("Cadence lever: staleness added a year")).toBeCloseTo(6998.4, 9);
    expect(at("Cadence lever: net a year")).toBeCloseTo(-3398.4, 9);
    expect(at("Economic cadence")).toBeCloseTo(4.3033, 4);
    expect(at("Best whole month")).toBe(4);
    expect(at("Best whole month's cost a month")).toBeCloseTo(494.4, 9);
  });

  test("the what-if sheet: every formula's result is the model's, and the master check is OK", () => {
    expect(mismatches(whatIf, results[1])).toEqual([]);
    expect(results[1].size).toBe(formulaCells(whatIf).length);
    expect(results[1].get(masterCheckAddress(whatIf))).toBe(CHECKS_OK);
  });

  test("the what-if sheet's worked example, yearly (D) against quarterly (C), and the base's best month", () => {
    const at = (letter: string, label: string) => Number(results[1].get(`${letter}${labelRow(whatIf, label)}`));
    expect(at("D", "The cadence change's compute saving")).toBeCloseTo(3600, 9);
    expect(at("D", "The staleness it adds")).toBeCloseTo(6998.4, 9);
    expect(at("D", "Net, both ledgers")).toBeCloseTo(-3398.4, 9);
    expect(at("C", "Economic cadence")).toBeCloseTo(4.3033, 4);
    expect(at("C", "Best whole month")).toBe(4);
    expect(at("C", "Both ledgers a month, best whole month")).toBeCloseTo(494.4, 9);
    expect(at("E", "4 months")).toBeCloseTo(494.4, 9);
  });

  test("a negative drift typed into either file: its master check names the drift's bound", () => {
    expect(results[2].get(masterCheckAddress(annual))).toBe(failedWords(DRIFT_BOUND));
    expect(results[3].get(masterCheckAddress(whatIf))).toBe(failedWords(DRIFT_BOUND));
  });
});
