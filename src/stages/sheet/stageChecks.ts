/*
 * The stage sheet's checks, under its derived figures, and the master check at the top that names the first
 * failing one (core/sheet/checks.ts, the vocabulary): each input within its field's bounds (PLAN_FIELDS' own
 * checks), no figure an error value, and the stage table's hours by two routes (the table's column sums against the
 * same hours from the inputs alone), so a number typed over a table cell or a derived figure is caught.
 */
import { PLAN_FIELDS, PlanField } from "../model/planFields";
import { Plan } from "../model/plan";
import { isProblem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, RowsBuilder } from "../../core/sheet/rows";
import {
  addCheckRows,
  CHECK_TOLERANCE,
  fieldBoundChecks,
  noErrorCheck,
  PlacedChecks,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { columnLetter } from "../../core/excel/a1";
import type { ModelValues } from "./stageValues";
import type { StageRow } from "../model/stages";
import type { StageColumn, StageColumnKey } from "./stageColumns";

/** What the checks read of the sheet written so far. */
export interface StageCheckContext {
  plan: Plan;
  model: ModelValues;
  rows: RowsBuilder<unknown>;
  columns: readonly StageColumn[];
  /** the table's header row and its last stage row */
  table: { header: number; last: number };
}

/** Whether two routes' figures agree within the tolerance, as the sheet's condition decides it. */
const agree = (a: number, b: number) => Math.abs(a - b) <= CHECK_TOLERANCE * Math.abs(b);

/** One two-route check over the model's figures of both routes (each cell caches its route's figure). */
function route(
  name: string,
  formulas: readonly [string, string],
  figures: readonly [number, number],
  tolerance: string,
  failure: string,
): SheetCheck {
  const cells = [0, 1].map((i) => figureCell(formulas[i], figures[i], NUMBER_FORMAT.hours)) as [LayoutCell, LayoutCell];
  return twoRoutesCheck(name, cells, tolerance, failure, agree(figures[0], figures[1]));
}

/** The checks section and the master check's place: written from the rows' next row. */
export function addStageChecks(context: StageCheckContext): PlacedChecks {
  const { rows } = context;
  rows.heading("Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)");
  const tolerance = rows.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "relative: two routes to one figure agree within this share of it",
  );
  const errorRange = `A${context.table.header}:${columnLetter(context.columns.length - 1)}${rows.lastRow - 2}`;
  return addCheckRows(rows, [
    ...boundChecks(context),
    noErrorCheck(
      "No figure is an error value",
      errorRange,
      `A cell in ${errorRange} shows an error value (#DIV/0!, #VALUE!...): ` +
        "an input above is blank or out of its bounds.",
      !rows.rows.slice(context.table.header - rows.top).some(hasError),
    ),
    ...routeChecks(context, tolerance),
  ]);
}

/** Whether a row caches an error value. */
const hasError = (row: readonly (LayoutCell | null)[]) =>
  row.some((cell) => typeof cell?.cached === "object" && cell.cached !== null);

/** Each shown numeric input within its field's bounds, over its named cell. */
function boundChecks({ plan, model, rows }: StageCheckContext): SheetCheck[] {
  const named = new Set(rows.names.map((n) => n.name));
  return fieldBoundChecks<PlanField>(
    PLAN_FIELDS,
    (field) => (named.has(rows.named(field.definedName)) ? rows.named(field.definedName) : undefined),
    (field) => {
      const value = plan[field.key];
      if (value !== undefined || field.blankMeans === undefined) return value;
      // A blank optional field's cell holds its default's formula: the check reads what that gives.
      const computed = model.blank[field.key];
      return computed === undefined || isProblem(computed) ? "error" : computed;
    },
  );
}

/** The stage table's hour columns against the inputs (serving, training, total, cost) and the crossover. */
function routeChecks(context: StageCheckContext, tolerance: string): SheetCheck[] {
  const { plan, model, rows, columns, table } = context;
  const stages = model.rows;
  const crossover = model.derived.CrossoverClips;
  // A plan without a table is refused before it reaches a sheet: there is nothing to add up.
  if (!Array.isArray(stages) || isProblem(crossover)) return [];
  const n = rows.named;
  const column = (key: StageColumnKey) => {
    const letter = columnLetter(columns.findIndex((c) => c.key === key));
    return `${letter}${table.header + 1}:${letter}${table.last}`;
  };
  const sum = (pick: (row: StageRow) => number) => stages.reduce((total, row) => total + pick(row), 0);
  const { secondsPerClip, peakToMean = 1, trainingHours, trainingOverhead = 1 } = plan;
  const perClip = `${n("SecondsPerClip")}*${n("PeakToMean")}/${SECONDS_PER_HOUR}`;
  const runs = `${n("TrainingHours")}*${n("TrainingOverhead")}`;
  const serving = sum((r) => r.servingHours);
  const training = sum((r) => r.trainingHours);
  const checks = [
    route(
      "Serving hours, two routes",
      [`SUM(${column("servingHours")})`, `(${n("PrototypeClips")}+${n("LaunchClips")}+${n("ScaleClips")})*${perClip}`],
      [serving, (sum((r) => r.clipsPerInterval) * secondsPerClip * peakToMean) / SECONDS_PER_HOUR],
      tolerance,
      "The serving hours do not sum to the stages' clips × seconds per clip × peak-to-mean: " +
        "a number is typed over a formula in that column or over a derived figure.",
    ),
    route(
      "Training hours, two routes",
      [`SUM(${column("trainingHours")})`, `${runs}*ROWS(${column("trainingHours")})`],
      [training, trainingHours * trainingOverhead * stages.length],
      tolerance,
      "The training hours are not a run × overhead at each stage: " +
        "a number is typed over a formula in that column or over a derived figure.",
    ),
    route(
      "Total hours, two routes",
      [`SUM(${column("totalHours")})`, `SUM(${column("servingHours")})+SUM(${column("trainingHours")})`],
      [sum((r) => r.totalHours), serving + training],
      tolerance,
      "The total hours are not serving + training: a number is typed over a formula in that column.",
    ),
    route(
      "The crossover, two routes",
      [`${n("CrossoverClips")}*${perClip}`, runs],
      [(crossover * secondsPerClip * peakToMean) / SECONDS_PER_HOUR, trainingHours * trainingOverhead],
      tolerance,
      "The crossover's serving hours are not one training run × overhead: " +
        "a number is typed over the crossover or a derived figure.",
    ),
  ];
  const price = plan.pricePerHour;
  if (price !== undefined && columns.some((c) => c.key === "cost")) {
    checks.push(
      route(
        "Costs, two routes",
        [`SUM(${column("cost")})`, `SUM(${column("totalHours")})*${n("PricePerHour")}`],
        [sum((r) => (typeof r.cost === "number" ? r.cost : NaN)), sum((r) => r.totalHours) * price],
        tolerance,
        "The costs are not total hours × the price per accelerator-hour: " +
          "a number is typed over a formula in that column.",
      ),
    );
  }
  return checks;
}
