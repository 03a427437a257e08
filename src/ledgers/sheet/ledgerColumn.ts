/*
 * What a column of ledger figures caches, by the model (staleness.ts), as the sheet's formulas (ledgerFormulas.ts)
 * state them: the staleness a month at a cadence (0 without drift, as ledgers.ts's ageCost, where STALENESSCOST
 * refuses drift 0; #NUM! under a month), both ledgers a month at a cadence, and the economic cadence with its whole
 * months below and above, what each costs a month and the better of the two. For the sheets that write such a column
 * (the annual sheet's one, the what-if sheet's one a scenario), so a cell's cached value is worked out once; and a
 * column against a base column (the what-if's scenarios against its base), by the model and in Excel's language.
 */
import { isProblem, Problem, problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { economicCadence, SHORTEST_CADENCE_MONTHS, stalenessCost } from "../model/staleness";
import { perYear } from "./ledgerFormulas";

/**
 * The staleness a month at a cadence of `months`, as the sheet's stalenessPerMonth states it: 0 without drift (a
 * model that does not drift costs nothing as it ages), #NUM! under a month, else the model's stalenessCost.
 * @example sheetStaleness(648e6, 2e-7, 1, 3) // 129.6
 */
export function sheetStaleness(clips: number, drift: number, costPerError: number, months: number): number | Problem {
  if (drift !== 0) return stalenessCost(clips, drift, costPerError, months);
  return months < SHORTEST_CADENCE_MONTHS ? problem("invalidNumber", "The cadence must be a month or more.") : 0;
}

/**
 * Both ledgers a month at a cadence of `months`, as the sheet's cadenceMonthlyCost states it: a run's cost over the
 * months, plus the staleness a month (sheetStaleness); the run's Problem first.
 * @example sheetMonthlyCost(1200, 648e6, 2e-7, 1, 4) // 494.4
 */
export function sheetMonthlyCost(
  runCost: number | Problem,
  clips: number,
  drift: number,
  costPerError: number,
  months: number,
): number | Problem {
  const staleness = sheetStaleness(clips, drift, costPerError, months);
  if (isProblem(runCost)) return runCost;
  return isProblem(staleness) ? staleness : runCost / months + staleness;
}

/** A column's setting, as the sheet states it: a run's cost (a Problem without a price), clips a month, a cadence. */
export interface LedgerColumnSetting {
  runCost: number | Problem;
  clips: number;
  /** the cadence, months between retrains */
  months: number;
}

/** A column's figures by the model, for its cells' cached values. */
export interface LedgerColumnFigures extends LedgerColumnSetting {
  /** the staleness a month at the column's cadence */
  staleness: number | Problem;
  /** the economic cadence, real */
  economic: number | Problem;
  below: number | Problem;
  above: number | Problem;
  costBelow: number | Problem;
  costAbove: number | Problem;
  /** the better of the two whole months: the one above where it costs less, else the one below */
  best: { months: number | Problem; cost: number | Problem };
  /** both ledgers a month at a cadence of `months` */
  costOf: (months: number) => number | Problem;
}

/** The best of two whole months: the month above where it costs less a month, else below (the fresher model). */
function bestOf(
  below: number | Problem,
  above: number | Problem,
  costBelow: number | Problem,
  costAbove: number | Problem,
) {
  if (isProblem(costBelow)) return { months: costBelow, cost: costBelow };
  if (isProblem(costAbove)) return { months: costAbove, cost: costAbove };
  return costAbove < costBelow ? { months: above, cost: costAbove } : { months: below, cost: costBelow };
}

/**
 * A column's figures at drift `drift` and `costPerError` an error: the staleness at its cadence, the economic
 * cadence (its Problem without drift or a price, and so are its whole months), each whole month's cost and the best.
 * @example ledgerColumnFigures({ runCost: 1200, clips: 648e6, months: 3 }, 2e-7, 1).best // { months: 4, cost: 494.4 }
 */
export function ledgerColumnFigures(
  setting: LedgerColumnSetting,
  drift: number,
  costPerError: number,
): LedgerColumnFigures {
  const { runCost, clips, months } = setting;
  const economic = isProblem(runCost) ? runCost : economicCadence(runCost, clips, drift, costPerError);
  const whole = (round: (x: number) => number) =>
    isProblem(economic) ? economic : Math.max(SHORTEST_CADENCE_MONTHS, round(economic));
  const below = whole(Math.floor);
  const above = whole(Math.ceil);
  const costOf = (k: number) => sheetMonthlyCost(runCost, clips, drift, costPerError, k);
  const costAt = (k: number | Problem) => (isProblem(k) ? k : costOf(k));
  const [costBelow, costAbove] = [costAt(below), costAt(above)];
  return {
    ...setting,
    staleness: sheetStaleness(clips, drift, costPerError, months),
    economic,
    below,
    above,
    costBelow,
    costAbove,
    best: bestOf(below, above, costBelow, costAbove),
    costOf,
  };
}

/** A month's figure over a year, or its Problem. */
export const yearOf = (monthly: number | Problem): number | Problem =>
  isProblem(monthly) ? monthly : monthly * MONTHS_PER_YEAR;

/** a - b where both are numbers, else the first Problem. */
function minus(a: number | Problem, b: number | Problem): number | Problem {
  if (isProblem(a)) return a;
  return isProblem(b) ? b : a - b;
}

/** What a column's runs cost a year at its cadence: a run's cost x 12 / months, or its Problem. */
const runsCostPerYear = ({ runCost, months }: LedgerColumnSetting): number | Problem =>
  isProblem(runCost) ? runCost : (runCost * MONTHS_PER_YEAR) / months;

/** A column's cadence against a base column's, a year: the compute it saves, the staleness it adds, the net. */
export interface AgainstBase {
  /** the base's runs a year at its run's cost less the column's at its own (negative: more runs) */
  saving: number | Problem;
  /** the column's staleness a month less the base's, x 12 (negative: a fresher model) */
  added: number | Problem;
  /** saving - added: negative when the change loses */
  net: number | Problem;
}

/**
 * A column's cadence against a base column's, by the model, as savingAgainstBase, stalenessAdded and netPerYear
 * state them on the sheet.
 * @example againstBase(quarterly, yearly).net // -3398.4: going yearly saves 3,600.00 and adds 6,998.40
 */
export function againstBase(base: LedgerColumnFigures, column: LedgerColumnFigures): AgainstBase {
  const saving = minus(runsCostPerYear(base), runsCostPerYear(column));
  const added = yearOf(minus(column.staleness, base.staleness));
  return { saving, added, net: minus(saving, added) };
}

/**
 * The compute saving a year of a column's cadence against a base column's, in Excel's language (againstBase's
 * saving): the base's runs a year at its run's cost less the column's at its own. Beside the annual sheet's
 * changeSaving, which weighs one plan's runs, where two scenarios' runs may cost differently. A difference.
 * @example savingAgainstBase("D30", "D32", "C30", "C32") // "D30*12/D32-C30*12/C32"
 */
export function savingAgainstBase(baseRunCost: string, baseMonths: string, runCost: string, months: string): string {
  return `${perYear(baseRunCost)}/${baseMonths}-${perYear(runCost)}/${months}`;
}
