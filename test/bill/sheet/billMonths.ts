/*
 * The bill's months of test/bill/fixtures/accelerators.csv as the pane will have them: the model's SQL run by
 * DuckDB-Wasm in Node (test/bill/support/duckdb.ts), the result rows read by billMonthsOf. The actuals sheet's
 * tests start from here, so the sheet is tested on the model's own figures, not on figures restated by hand.
 */
import { join } from "path";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../../src/bill/model/billSql";
import { detectFocusVersion } from "../../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import type { ActualsSource } from "../../../src/bill/sheet/actualsLayout";
import { openEngine } from "../support/duckdb";

/** The accelerator fixture: three months, training, serving, unused commitment, spot, two currencies. */
export const ACCELERATORS_CSV = join(__dirname, "../fixtures/accelerators.csv");

/** The fixture's source, as the sheet notes it. */
export const FIXTURE_SOURCE: ActualsSource = {
  files: ["accelerators.csv"],
  importedAt: "2026-12-01 14:05 UTC",
  focusVersion: "1.2",
};

/** The fixture's months, every currency, through the engine and the model. */
export async function fixtureMonths(): Promise<BillMonth[]> {
  const engine = await openEngine();
  try {
    const source = billSourceSql({ format: "csv", paths: [ACCELERATORS_CSV] });
    const columns = engine.query(billColumnsSql(source)).map((row) => String(row.column_name));
    const detection = detectFocusVersion(columns);
    if (isProblem(detection)) throw new Error(detection.message);
    const rows = engine.query(
      billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING, counts: {} }),
    ) as unknown as BillResultRow[];
    return billMonthsOf(rows).months;
  } finally {
    engine.close();
  }
}

/** The steady-growth plan from February 2026: the bill's February and March are its months 1 and 2. */
export const PLAN_FROM_FEBRUARY: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, firstMonth: "2026-02" };
