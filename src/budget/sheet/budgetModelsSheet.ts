/*
 * The budget sheet of a plan of several models (issue 29): the shared inputs (the horizon, the traffic, the money
 * budget) and the traffic rows once; then a block per model, its inputs in blue cells and its own time rows (its
 * retrain months, its hours with serving its share of the clips, its cost at its two prices, its crossover, its
 * shares), each model's rows and names its own (BudgetRows.inModel: keys "m2:training", names "_M2"); then the
 * estate's rows, each month the sum of the blocks' months, one formula a row as every row; checks that the models
 * add up to the estate by two routes, each model's own checks, and one master check in the answer.
 *
 * A plan of one model that is today's plan (every clip scored, one price) is today's sheet, cell for cell
 * (budgetSheetLayout): a saved budget or a workbook of today's release reads as it did.
 */
import { budgetMonthLabel, growthCurveClipsPerSecond, modelBudgetOf } from "../model/budget";
import { BUDGET_FIELDS, BudgetField, BudgetKey, BudgetPlan } from "../model/budgetFields";
import {
  BUDGET_MODEL_FIELDS,
  BudgetEstatePlan,
  BudgetEstateProblem,
  BudgetModelField,
  isModelKey,
  modelPlanOf,
} from "../model/budgetModels";
import { estateBudgetOf, EstateBudgetResult } from "../model/estateBudget";
import * as inExcel from "../../core/excel/formulas";
import { isProblem, problem, Problem } from "../../core/model/problems";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import {
  addCheckRows,
  anyCachedError,
  CHECK_TOLERANCE,
  masterCheckCell,
  PlacedChecks,
  sameFigureCheck,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { currencyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row } from "../../core/sheet/rows";
import { safeText } from "../../core/sheet/sheetBasics";
import { columnWidths } from "../../core/sheet/widths";
import * as budgetExcel from "./budgetFormulas";
import { addInput, addInputs, COUNT_FORMAT, fieldShown, INPUT_NAMES } from "./budgetInputs";
import {
  addTimeAxis,
  BudgetLayoutOptions,
  BudgetSheetLayout,
  budgetSheetLayout,
  chartNoteOf,
  chartOf,
  monthSheetPage,
  widthRow,
} from "./budgetLayout";
import { BudgetRows, ModelScope, monthColumn, rangeValidation } from "./budgetRows";
import {
  addModelTimeline,
  addSharedTraffic,
  BudgetFigures,
  fieldChecks,
  requiredCheck,
  sharedChecks,
  sheetErrorCheck,
} from "./budgetTimeline";

/** The prefix of the estate's rows' keys: "estate:total". */
export const ESTATE_KEY = "estate:";

/** The defined names every model shares: the shared inputs, the constants and flags, the horizon's clips. */
const SHARED_NAMES: ReadonlySet<string> = new Set([
  ...BUDGET_FIELDS.filter((f) => !isModelKey(f.key)).map((f) => f.definedName),
  ...INPUT_NAMES,
  "BudgetHorizonClips",
]);

/** Model `index`'s block (0-based): keys "m1:...", names "..._M1". */
export const modelScope = (index: number): ModelScope => ({
  keyPrefix: `m${index + 1}:`,
  nameSuffix: `_M${index + 1}`,
  sharedNames: SHARED_NAMES,
});

/** Model `index`'s defined name of `base` on `sheet`, read from outside its block. */
const modelName = (sheet: BudgetRows, index: number, base: string): string =>
  sheet.inModel(modelScope(index), () => sheet.named(base));

/** Whether `plan` is today's plan of one model: every clip scored, training and serving at one price. */
export function isTodaysPlan(plan: BudgetEstatePlan): boolean {
  const [model, ...others] = plan.models;
  return others.length === 0 && model.shareScored === 1 && model.trainingPricePerHour === model.servingPricePerHour;
}

/** Today's plan of a one-model plan that is one (isTodaysPlan). */
export function todaysPlanOf(plan: BudgetEstatePlan): BudgetPlan {
  // the ledger is the sheet's to lay out (budgetSheetLayout's options), not today's plan's: a record keeps it not
  const { shareScored: _share, trainingPricePerHour: _training, ledger: _ledger, ...today } = modelPlanOf(plan, 0);
  return today;
}

/** A problem of the plan in words that name its model. */
function problemText(plan: BudgetEstatePlan, found: BudgetEstateProblem): Problem {
  if (found.model === undefined || found.message.startsWith(`${plan.models[found.model].name.trim()}: `)) {
    return problem(found.kind, found.message);
  }
  const name = plan.models[found.model].name.trim() || `Model ${found.model + 1}`;
  return problem(found.kind, `${name}: ${found.message}`);
}

/**
 * The budget sheet of a plan of models, or its first problem (nothing is written then). One model that is today's
 * plan gives today's sheet; `nameSuffix` keeps the names unique beside an earlier copy, as budgetSheetLayout's.
 */
export function budgetModelsSheetLayout(
  plan: BudgetEstatePlan,
  nameSuffix = "",
  options: BudgetLayoutOptions = {},
): BudgetSheetLayout | Problem {
  const result = estateBudgetOf(plan);
  if (Array.isArray(result)) return problemText(plan, result[0]);
  // A model's ledger refused is no figure on the sheet: its problem, named by the model, says what to fix.
  if (result.staleness && isProblem(result.staleness)) return result.staleness;
  if (isTodaysPlan(plan)) {
    return budgetSheetLayout(todaysPlanOf(plan), nameSuffix, { ...options, ledger: plan.models[0].ledger });
  }
  return estateLayoutOf(plan, result, nameSuffix, options);
}

/** Model `index`'s figures as its block caches them: its budget, the shared curve, its plan without its lever. */
function modelFigures(result: EstateBudgetResult, index: number): BudgetFigures {
  const { plan, budget } = result.models[index];
  const curve = budget.months.map((m) => ({ ...m, clipsPerSecond: growthCurveClipsPerSecond(plan, m.month) }));
  if (!budget.lever) return { result: budget, curve };
  const without = modelBudgetOf({ ...plan, leverSecondsPerClip: undefined, leverFromMonth: undefined });
  return { result: budget, curve, ...(Array.isArray(without) ? {} : { withoutLever: without.months }) };
}

/** The estate's sheet from the top: title, answer (reserved), time axis, shared inputs and traffic, blocks, estate. */
function estateLayoutOf(
  plan: BudgetEstatePlan,
  result: EstateBudgetResult,
  nameSuffix: string,
  options: BudgetLayoutOptions,
): BudgetSheetLayout {
  const shared = modelPlanOf(plan, 0);
  const priced = result.cost !== undefined;
  const costFormat = currencyFormat(plan.currency);
  const sheet = new BudgetRows(1, plan.months, (base) => base + nameSuffix);
  const from = budgetMonthLabel(plan.firstMonth, 1);
  sheet.push([
    {
      value: `ML compute budget of ${plan.models.length} models over ${plan.months} months from ${from}`,
      role: "title",
    },
  ]);
  sheet.note(
    "Accelerator-hours a month by model, and money where prices are given. Blue cells are inputs: change one and " +
      "every figure follows. A block a model, the estate's rows their sums; one formula a row; checks at the foot.",
  );
  sheet.blank();
  const answerTop = sheet.blank(estateAnswerCount(plan, priced));
  sheet.blank();
  addTimeAxis(sheet, shared);
  const frozenRows = sheet.lastRow;
  addInputs(sheet, shared, costFormat, "month", (f) => !isModelKey(f.key) && f.key !== "pricePerHour");
  addSharedTraffic(sheet, shared, modelFigures(result, 0));
  const modelChecks = plan.models.flatMap((_, index) => addModelBlock(sheet, plan, result, index, costFormat));
  addEstateRows(sheet, plan, result, costFormat);
  const checks = addEstateChecks(sheet, plan, result, modelChecks);
  fillEstateAnswer(sheet, answerTop, plan, result, costFormat, checks);
  const chart = chartOf(sheet, shared, sheet.nextRow + 1, ESTATE_KEY);
  if (options.chartNote) {
    sheet.blank();
    sheet.wrappedNote(chartNoteOf(chart));
  }
  const widths = columnWidths(sheet.rows.map(widthRow));
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    validations: sheet.validations,
    chart,
    page: monthSheetPage(sheet, frozenRows, widths.length),
    rowOf: sheet.keys(),
    months: plan.months,
  };
}

/** A model's own input (name, share, a price) as a blue cell, named and validated. */
function addOwnInput(sheet: BudgetRows, spec: BudgetModelField, value: unknown, costFormat: string): void {
  const format =
    spec.quantity === "price" ? costFormat : spec.quantity === "share" ? NUMBER_FORMAT.share : NUMBER_FORMAT.text;
  const cell: LayoutCell =
    typeof value === "string"
      ? { value: safeText(value), numberFormat: format, role: "input", align: "right" }
      : { value: typeof value === "number" ? value : 0, numberFormat: format, role: "input" };
  const address = sheet.labelled(spec.label, cell, spec.unit, { name: spec.definedName });
  if (spec.quantity === "text") return;
  const range = spec.quantity === "share" ? { minimum: 0, maximum: 1 } : { minimum: 0 };
  sheet.validate(rangeValidation(address, spec.label, spec.unit, range));
}

/** Model `index`'s inputs: its name, its fields of today's plan (its lever when it has one), share, prices. */
function addModelInputs(sheet: BudgetRows, plan: BudgetEstatePlan, index: number, costFormat: string): void {
  const modelPlan = modelPlanOf(plan, index);
  const model = plan.models[index];
  const field = (key: BudgetKey) => sheet.named(BUDGET_FIELDS.find((f) => f.key === key)!.definedName);
  for (const spec of BUDGET_MODEL_FIELDS) {
    if (spec.key === "rescanMonths") {
      const months = [...model.rescanMonths].sort((a, b) => a - b);
      const marked = months.length ? `now months ${months.join(", ")}` : "none now";
      sheet.note(`${spec.label}: type 1 under a month in this block's row "Re-scan month" (${marked}).`);
    } else if (isModelKey(spec.key)) {
      const budgetSpec = spec as BudgetField;
      if (fieldShown(budgetSpec, modelPlan)) addInput(sheet, budgetSpec, modelPlan, costFormat, field);
    } else if (spec.group !== "money" || modelPlan.pricePerHour !== undefined) {
      addOwnInput(sheet, spec, model[spec.key as keyof typeof model], costFormat);
    }
  }
}

/** The checks of a model's own inputs that today's plan has not: its share within 0 to 1, its prices 0 or more. */
function ownChecks(sheet: BudgetRows, plan: BudgetEstatePlan, index: number): SheetCheck[] {
  const model = plan.models[index];
  const share = sheet.named("BudgetShareScored");
  const found: SheetCheck[] = [
    {
      name: "Share of clips scored: 0 to 1",
      holds: () => `ISNUMBER(${share})*(${share}>=0)*(${share}<=1)`,
      failure: "Share of clips scored must be from 0 to 1 (1 = every clip); it may not be blank.",
      held: model.shareScored >= 0 && model.shareScored <= 1,
    },
  ];
  if (model.servingPricePerHour === undefined) return found;
  for (const base of ["BudgetTrainingPrice", "BudgetServingPrice"]) {
    const price = sheet.named(base);
    const label = base === "BudgetTrainingPrice" ? "Training price" : "Serving price";
    found.push({
      name: `${label}: 0 or more`,
      holds: () => `ISNUMBER(${price})*(${price}>=0)`,
      failure: `${label} per accelerator-hour must be 0 or more; clear every model's prices for hours only.`,
      held: true,
    });
  }
  return found;
}

/** Model `index`'s block: its heading, inputs and time rows; its checks, named by its number ("M2: ..."). */
function addModelBlock(
  sheet: BudgetRows,
  plan: BudgetEstatePlan,
  result: EstateBudgetResult,
  index: number,
  costFormat: string,
): SheetCheck[] {
  const modelPlan = result.models[index].plan;
  return sheet.inModel(modelScope(index), () => {
    sheet.heading(`Model ${index + 1}: ${safeText(plan.models[index].name.trim())}`);
    addModelInputs(sheet, plan, index, costFormat);
    const prices = { serving: sheet.named("BudgetServingPrice"), training: sheet.named("BudgetTrainingPrice") };
    const checks = [
      ...ownChecks(sheet, plan, index),
      ...addModelTimeline(sheet, modelPlan, modelFigures(result, index), costFormat, prices),
    ];
    // A check's condition is written where the checks are placed, after the block: it reads the block's names there.
    return checks.map((check) => ({
      ...check,
      name: `M${index + 1}: ${check.name}`,
      holds: (figures: readonly string[]) => sheet.inModel(modelScope(index), () => check.holds(figures)),
    }));
  });
}

/** The estate's rows added over the blocks: each of a model's month rows, summed over every model. */
const ESTATE_SUMS = [
  { key: "training", label: "Training", name: "BudgetEstateTrainingHours", of: "trainingHours" },
  { key: "rescanHours", label: "Re-scans", name: "BudgetEstateRescanHours", of: "rescanHours" },
  { key: "consumed", label: "Serving, consumed", name: "BudgetEstateServingConsumed", of: "servingHoursConsumed" },
  { key: "paid", label: "Serving, paid", name: "BudgetEstateServingPaid", of: "servingHoursPaid" },
  { key: "total", label: "Total, paid", name: "BudgetEstateTotalHours", of: "totalHours" },
] as const;

/** The estate's rows: every model's hours and money added, month by month; the shares; each model's part. */
function addEstateRows(sheet: BudgetRows, plan: BudgetEstatePlan, result: EstateBudgetResult, costFormat: string) {
  const models = plan.models.map((_, i) => modelScope(i).keyPrefix);
  const summed = (key: string) => (c: { letter: string }) =>
    inExcel.totalHours(...models.map((m) => `${c.letter}${sheet.rowOf(m + key)}`));
  sheet.heading("The estate: every model's months added up");
  for (const { key, label, name, of } of ESTATE_SUMS) {
    sheet.timeRow(ESTATE_KEY + key, {
      label: `${label}, every model`,
      unit: "h",
      role: key === "total" ? "stageName" : undefined,
      month: (c) => figureCell(summed(key)(c), result.months[c.index][of], NUMBER_FORMAT.hours),
      horizon: (range) => figureCell(inExcel.horizonSum(range), result[of], NUMBER_FORMAT.hours),
      name,
    });
  }
  if (result.cost !== undefined) addEstateMoney(sheet, plan, result, costFormat, summed("cost"));
  addEstateStaleness(sheet, plan, result, costFormat);
  addEstateShares(sheet, plan, result);
  sheet.heading("Check workings: 1 in a month that fails");
  sheet.timeRow(`${ESTATE_KEY}checkParts`, {
    label: "The estate's parts miss its total",
    unit: "1 = fails",
    month: (c) =>
      figureCell(
        budgetExcel.mismatchFlag(
          inExcel.totalHours(
            c.at(`${ESTATE_KEY}training`),
            c.at(`${ESTATE_KEY}rescanHours`),
            c.at(`${ESTATE_KEY}paid`),
          ),
          c.at(`${ESTATE_KEY}total`),
          sheet.named("BudgetCheckTolerance"),
        ),
        0,
        COUNT_FORMAT,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), 0, COUNT_FORMAT),
  });
}

/** The estate's cost a month (every model's added), its cost so far, and the months over the budget. */
function addEstateMoney(
  sheet: BudgetRows,
  plan: BudgetEstatePlan,
  result: EstateBudgetResult,
  costFormat: string,
  summed: (c: { letter: string }) => string,
): void {
  const money = safeText(plan.currency) || "money";
  const months = result.months;
  const row = sheet.timeRow(`${ESTATE_KEY}cost`, {
    label: "Cost, every model",
    unit: money,
    month: (c) => figureCell(summed(c), months[c.index].cost!, costFormat),
    horizon: (range) => figureCell(inExcel.horizonSum(range), result.cost!, costFormat),
    name: "BudgetEstateCost",
  });
  sheet.timeRow(`${ESTATE_KEY}cumulative`, {
    label: "Cost so far, every model",
    unit: money,
    month: (c) =>
      figureCell(
        budgetExcel.runningTotal(`$${monthColumn(0)}${row}`, c.at(`${ESTATE_KEY}cost`)),
        months[c.index].cumulativeCost!,
        costFormat,
      ),
  });
  if (plan.budgetAmount === undefined) return;
  sheet.timeRow(`${ESTATE_KEY}over`, {
    label: "Over budget",
    unit: "1 = over",
    month: (c) =>
      figureCell(
        budgetExcel.overBudgetFlag(
          c.at(`${ESTATE_KEY}cost`),
          c.at(`${ESTATE_KEY}cumulative`),
          sheet.named("BudgetPerMonthFlag"),
          sheet.named("BudgetAmount"),
        ),
        months[c.index].overBudget ? 1 : 0,
        COUNT_FORMAT,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), months.filter((m) => m.overBudget).length, COUNT_FORMAT),
  });
}

/**
 * The estate's staleness (issue 30), where some model's ledger is counted: each month the counted models' staleness
 * rows added (a model not counted reads words, which the sum leaves out), its own total beside the cost's.
 */
function addEstateStaleness(sheet: BudgetRows, plan: BudgetEstatePlan, result: EstateBudgetResult, costFormat: string) {
  const staleness = result.staleness;
  if (!staleness || isProblem(staleness) || staleness.counted.length === 0) return;
  const rows = plan.models.map((_, i) => modelScope(i).keyPrefix + "staleness").filter((key) => sheet.has(key));
  sheet.timeRow(`${ESTATE_KEY}staleness`, {
    label: "Staleness, every model counted",
    unit: `${safeText(plan.currency) || "money"}: the second ledger, apart from the cost`,
    month: (c) =>
      figureCell(
        budgetExcel.countedSum(rows.map((key) => `${c.letter}${sheet.rowOf(key)}`)),
        staleness.costByMonth[c.index],
        costFormat,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), staleness.total, costFormat),
    name: "BudgetEstateStaleness",
  });
}

/** The plan's money format. */
const costFormatOf = (plan: BudgetEstatePlan): string => currencyFormat(plan.currency);

/** The estate's halves as shares of its hours, and each model's hours (and money) and its share of the estate's. */
function addEstateShares(sheet: BudgetRows, plan: BudgetEstatePlan, result: EstateBudgetResult): void {
  const n = sheet.named;
  const share = (part: string, whole: string, cached: number) =>
    figureCell(inExcel.shareOfTotal(part, whole), cached, NUMBER_FORMAT.share);
  sheet.heading("The estate's shares");
  const total = n("BudgetEstateTotalHours");
  sheet.labelled(
    "Training's share",
    share(n("BudgetEstateTrainingHours"), total, result.trainingShare),
    "of the hours",
    {
      name: "BudgetEstateTrainingShare",
    },
  );
  sheet.labelled(
    "Serving's share, paid",
    share(n("BudgetEstateServingPaid"), total, result.servingShare),
    "of the hours",
  );
  result.models.forEach(({ name, hoursShare, costShare }, i) => {
    const own = modelName(sheet, i, "BudgetHorizonTotalHours");
    sheet.labelled(`${safeText(name)}: share of the hours`, share(own, total, hoursShare), "of the estate's hours");
    if (result.cost === undefined) return;
    const cost = modelName(sheet, i, "BudgetHorizonCost");
    const estateCost = n("BudgetEstateCost");
    // An estate that costs nothing (every price 0) has no shares of its money: words, never a #DIV/0!.
    const cell = figureCell(
      inExcel.whenPositive(estateCost, inExcel.shareOfTotal(cost, estateCost), NO_COST),
      costShare ?? NO_COST,
      NUMBER_FORMAT.share,
    );
    sheet.labelled(`${safeText(name)}: share of the money`, cell, "of the estate's money");
  });
}

/** What a model's share of the money reads while the estate costs nothing. */
export const NO_COST = "no cost";

/**
 * The sheet's checks: the shared inputs', no error value, each model's, then the models against the estate by two
 * routes (the estate's months summed against the models' horizons summed, in hours and in money; each month's parts
 * against its total).
 */
function addEstateChecks(
  sheet: BudgetRows,
  plan: BudgetEstatePlan,
  result: EstateBudgetResult,
  modelChecks: readonly SheetCheck[],
): PlacedChecks {
  const shared = modelPlanOf(plan, 0);
  const tolerance = sheet.named("BudgetCheckTolerance");
  const errorRange = `A${sheet.rowOf("header")}:${monthColumn(plan.months - 1)}${sheet.lastRow}`;
  const noError = !anyCachedError(sheet.rows.slice(sheet.rowOf("header") - sheet.top));
  const byModels = (base: string) => inExcel.totalHours(...plan.models.map((_, i) => modelName(sheet, i, base)));
  const agree = (a: number, b: number) => Math.abs(a - b) <= CHECK_TOLERANCE * Math.abs(b);
  const modelsHours = result.models.reduce((sum, m) => sum + m.budget.totalHours, 0);
  const estate: SheetCheck[] = [
    sameFigureCheck(
      "The models add up to the estate's hours",
      [sheet.named("BudgetEstateTotalHours"), byModels("BudgetHorizonTotalHours")],
      tolerance,
      "The estate's hours (its months) are not the models' hours added: a number is typed over an estate row.",
      agree(result.totalHours, modelsHours),
    ),
    {
      name: "Each estate month's parts sum to its total",
      holds: () => `${sheet.horizonOf(`${ESTATE_KEY}checkParts`)}=0`,
      failure: "An estate month's training + re-scans + serving paid is not its total: a number is typed over a total.",
      held: true,
    },
  ];
  if (result.cost !== undefined) {
    const modelsCost = result.models.reduce((sum, m) => sum + m.budget.cost!, 0);
    estate.push(
      sameFigureCheck(
        "The models add up to the estate's cost",
        [sheet.named("BudgetEstateCost"), byModels("BudgetHorizonCost")],
        tolerance,
        "The estate's cost (its months) is not the models' costs added: a number is typed over an estate row.",
        agree(result.cost, modelsCost),
      ),
    );
  }
  const staleness = result.staleness;
  if (staleness && !isProblem(staleness) && staleness.counted.length > 0) {
    const counted = plan.models.map((_, i) => i).filter((i) => sheet.has(`${modelScope(i).keyPrefix}staleness`));
    const byModel = budgetExcel.countedSum(counted.map((i) => modelName(sheet, i, "BudgetHorizonStaleness")));
    const modelsTotal = result.models.reduce((sum, m) => {
      const own = m.budget.staleness;
      return own && !isProblem(own) && own.counted ? sum + own.total : sum;
    }, 0);
    estate.push(
      twoRoutesCheck(
        "The models add up to the estate's staleness",
        [
          figureCell(sheet.named("BudgetEstateStaleness"), staleness.total, costFormatOf(plan)),
          figureCell(byModel, modelsTotal, costFormatOf(plan)),
        ],
        tolerance,
        "The estate's staleness (its months) is not the counted models' staleness added: a number is typed over " +
          "an estate row.",
        agree(staleness.total, modelsTotal),
      ),
    );
  }
  sheet.heading("Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)");
  const sharedOnly = (f: BudgetField) => !isModelKey(f.key) && f.key !== "pricePerHour";
  return addCheckRows(sheet, [
    requiredCheck(sheet, shared, sharedOnly),
    ...fieldChecks(sheet, shared, sharedOnly),
    ...sharedChecks(sheet, shared),
    sheetErrorCheck(sheet, errorRange, noError),
    ...modelChecks,
    ...estate,
  ]);
}

/** The answer's lines: the master check, the estate's hours by half, training's share, its cost, over budget. */
function estateAnswerCount(plan: BudgetEstatePlan, priced: boolean): number {
  return 5 + (priced ? 1 : 0) + (priced && plan.budgetAmount !== undefined ? 1 : 0);
}

/** Writes the estate's answer into the rows reserved from `top`: each line reads a named figure below. */
function fillEstateAnswer(
  sheet: BudgetRows,
  top: number,
  plan: BudgetEstatePlan,
  result: EstateBudgetResult,
  costFormat: string,
  checks: PlacedChecks,
): void {
  const n = sheet.named;
  const hours = NUMBER_FORMAT.hours;
  const lines: { label: string; cell: LayoutCell; unit: string; key?: boolean }[] = [
    { label: "Checks", cell: masterCheckCell(checks), unit: "", key: true },
    {
      label: "Training",
      cell: figureCell(n("BudgetEstateTrainingHours"), result.trainingHours, hours),
      unit: `accelerator-hours over the horizon, ${plan.models.length} models`,
    },
    {
      label: "Serving, paid",
      cell: figureCell(n("BudgetEstateServingPaid"), result.servingHoursPaid, hours),
      unit: "accelerator-hours, every model's share of the clips",
    },
    {
      label: "Total, paid",
      cell: figureCell(n("BudgetEstateTotalHours"), result.totalHours, hours),
      unit: "accelerator-hours: training + re-scans + serving paid, every model",
    },
    {
      label: "Training's share",
      cell: figureCell(n("BudgetEstateTrainingShare"), result.trainingShare, NUMBER_FORMAT.share),
      unit: "of the estate's hours: the ceiling on any training-side change (Amdahl)",
      key: true,
    },
  ];
  if (result.cost !== undefined) {
    lines.push({
      label: "Cost",
      cell: figureCell(n("BudgetEstateCost"), result.cost, costFormat),
      unit: "every model's hours at its training and serving prices",
    });
    if (plan.budgetAmount !== undefined) {
      const first = budgetExcel.firstFlagged(sheet.monthsOf(`${ESTATE_KEY}over`), sheet.monthsOf("month"));
      lines.push({
        label: "First month over budget",
        cell: figureCell(first, result.firstMonthOverBudget ?? "none", COUNT_FORMAT),
        unit: "the month number, or none",
      });
    }
  }
  lines.forEach((line, i) => {
    const role: CellRole = line.key ? "crossover" : "label";
    const row: Row = [
      { value: line.label, role },
      { ...line.cell, role: line.key ? "crossover" : "derived" },
    ];
    if (line.unit) row.push({ value: line.unit, role: "unit" });
    sheet.setRow(top + i, row);
  });
}
