/*
 * The monthly plan's model list (issue 29, "the budget over time per model"), declared once as data. A plan is the
 * horizon, the traffic and its growth and the money budget, shared by every model; each model has its own run, its
 * own retrain months (its cadence), its own seconds per clip and share of the plan's clips scored, its own honesty
 * factor, re-scans and lever, and a price for its training and one for its serving (hardware differs). Each model's
 * budget is budgetOf's over the plan as that model sees it (modelPlanOf), so one model is today's plan.
 *
 * Choices, and why:
 * - A model's fields that today's plan has keep BUDGET_FIELDS' rows (label, unit, range, check), so a one-model
 *   plan says every sentence it said before; the new ones (name, share scored, the two prices) are rows here.
 * - The money budget, the currency and the traffic are the plan's: a budget holder budgets the estate, not a model.
 * - A plan is priced when every model has both its prices, or hours only when none has either: a month's cost of
 *   the estate adds every model's, and a model without a price would be a silent 0 in it.
 */
import { EXAMPLE_ESTATE, ledgerOf, MAX_ESTATE_MODELS, MODEL_NAME_MAX_LENGTH, runsPerYearOf } from "../../estate/model";
import type { EstateModel, EstatePlan } from "../../estate/model";
import { checkFraction, checkNonNegative } from "../../core/model/checks";
import { FieldSpec } from "../../core/model/fields";
import { problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { ledgerGiven, LedgerInputs } from "../../ledgers/model";
import { checkBudgetPlan, BudgetProblem, ModelBudgetPlan } from "./budget";
import { BUDGET_FIELDS, BudgetField, BudgetKey, BudgetPlan, NEW_BUDGET_PLAN } from "./budgetFields";

/** The fields of today's plan that are a model's own, in the order the sheet's blocks show them. */
export const BUDGET_MODEL_KEYS = [
  "hoursPerRun",
  "trainingOverhead",
  "retrainEveryMonths",
  "secondsPerClip",
  "peakToMean",
  "rescanHours",
  "rescanMonths",
  "leverSecondsPerClip",
  "leverFromMonth",
] as const satisfies readonly BudgetKey[];

/** A field of today's plan that is a model's own. */
export type BudgetModelKey = (typeof BUDGET_MODEL_KEYS)[number];

/** One model of the plan: its name, its own fields of today's plan, the share of clips it scores, its two prices. */
export interface BudgetModel extends Pick<BudgetPlan, BudgetModelKey> {
  /** the model's name as the planner calls it ("A policy classifier"); unique in the plan */
  name: string;
  /** the share of the plan's clips it scores, 0 to 1 (1 = every clip; 0.05 for an escalation model) */
  shareScored: number;
  /** price per accelerator-hour of its training; undefined: hours only */
  trainingPricePerHour?: number;
  /** price per accelerator-hour of its serving and re-scans; undefined: hours only */
  servingPricePerHour?: number;
  /** its second ledger (issue 30): what it costs as it ages; undefined: not counted, nothing added to its budget */
  ledger?: LedgerInputs;
}

/** The plan's fields every model shares: today's plan without a model's own fields and its one price. */
export type BudgetSharedPlan = Omit<BudgetPlan, BudgetModelKey | "pricePerHour">;

/** A monthly plan of several models on one traffic. */
export interface BudgetEstatePlan extends BudgetSharedPlan {
  /** the models, in the planner's order: one at least, MAX_ESTATE_MODELS at most */
  models: BudgetModel[];
}

/** A key of a model's field that is not one of today's plan. */
type ModelOwnKey = Exclude<keyof BudgetModel, BudgetModelKey | "ledger">;

/** A model's field: one of today's plan's rows, or one of the model's own. */
export type BudgetModelField =
  | (BudgetField & { key: BudgetModelKey })
  | FieldSpec<ModelOwnKey, "model" | "training" | "traffic" | "money", "text" | "share" | "price">;

/** The model's own rows: its name first, its share beside its serving, its prices with the money. */
const NAME_FIELD: BudgetModelField = {
  key: "name",
  label: "Model",
  unit: "its name",
  quantity: "text",
  group: "model",
  definedName: "BudgetModelName",
  maxLength: MODEL_NAME_MAX_LENGTH,
};

const OWN_FIELDS: readonly BudgetModelField[] = [
  {
    key: "shareScored",
    label: "Share of clips scored",
    unit: "share of the plan's clips, 0 to 1 (1 = every clip)",
    quantity: "share",
    group: "traffic",
    check: checkFraction,
    definedName: "BudgetShareScored",
  },
  {
    key: "trainingPricePerHour",
    label: "Training price per accelerator-hour",
    unit: "per accelerator-hour",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "BudgetTrainingPrice",
    blankMeans: "hours only",
  },
  {
    key: "servingPricePerHour",
    label: "Serving price per accelerator-hour",
    unit: "per accelerator-hour (re-scans too)",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "BudgetServingPrice",
    blankMeans: "hours only",
  },
];

/** Every field of a model, in the order the form's card and the sheet's block show them. */
export const BUDGET_MODEL_FIELDS: readonly BudgetModelField[] = [
  NAME_FIELD,
  ...BUDGET_FIELDS.filter((field): field is BudgetField & { key: BudgetModelKey } =>
    (BUDGET_MODEL_KEYS as readonly string[]).includes(field.key),
  ).flatMap((field) => (field.key === "secondsPerClip" ? [field, OWN_FIELDS[0]] : [field])),
  ...OWN_FIELDS.slice(1),
];

/** Whether `key` is a model's own field of today's plan. */
export const isModelKey = (key: string): key is BudgetModelKey =>
  (BUDGET_MODEL_KEYS as readonly string[]).includes(key);

/** The name a one-model plan's model has: today's plan was this one model. */
export const ONE_MODEL_NAME = "Model 1";

/**
 * Today's plan as a plan of one model: every clip scored, training and serving at its one price. It gives
 * budgetOf(plan)'s figures exactly (estateBudgetOf); a saved record of today's versions opens as this.
 * @example oneModelPlan(STEADY_GROWTH_EXAMPLE).models[0].shareScored // 1
 */
export function oneModelPlan(plan: BudgetPlan, name = ONE_MODEL_NAME): BudgetEstatePlan {
  const shared: Record<string, unknown> = { ...plan };
  const model: Record<string, unknown> = { name, shareScored: 1 };
  // a field left out stays out (as JSON keeps it), so the plan reads back from a saved record as it was made
  for (const key of BUDGET_MODEL_KEYS) {
    if (plan[key] !== undefined) model[key] = plan[key];
    delete shared[key];
  }
  delete shared.pricePerHour;
  if (plan.pricePerHour !== undefined) {
    model.trainingPricePerHour = plan.pricePerHour;
    model.servingPricePerHour = plan.pricePerHour;
  }
  return { ...(shared as unknown as BudgetSharedPlan), models: [model as unknown as BudgetModel] };
}

/** The plan a new budget starts from: today's defaults, one model. */
export const NEW_BUDGET_ESTATE: BudgetEstatePlan = oneModelPlan(NEW_BUDGET_PLAN);

/**
 * Model `index` of `plan` as budgetOf reads it: the shared fields, the model's own, its serving price as the plan's
 * price and its training price beside it. A one-model plan of oneModelPlan(p) gives p back, with the share and the
 * training price (1 and p's price) that leave budgetOf's figures as they were.
 */
export function modelPlanOf(plan: BudgetEstatePlan, index: number): ModelBudgetPlan {
  const { models: _models, ...shared } = plan;
  const model = plan.models[index];
  const own: Partial<Record<BudgetModelKey, unknown>> = {};
  for (const key of BUDGET_MODEL_KEYS) own[key] = model[key];
  return {
    ...(shared as BudgetSharedPlan),
    ...(own as Pick<BudgetPlan, BudgetModelKey>),
    pricePerHour: model.servingPricePerHour,
    trainingPricePerHour: model.trainingPricePerHour,
    shareScored: model.shareScored,
    ...(model.ledger && { ledger: model.ledger }),
  };
}

/**
 * `plan` with `ledger` as its one model's second ledger (the Budget view's one ledger applies to its one model), or
 * as it is when the ledger is blank (ledgerGiven: nothing of today's plan changes).
 */
export function withOneLedger(plan: BudgetEstatePlan, ledger: LedgerInputs | undefined): BudgetEstatePlan {
  const given = ledgerGiven(ledger);
  return given && plan.models.length === 1 ? { ...plan, models: [{ ...plan.models[0], ledger: given }] } : plan;
}

/** A problem of the plan: a shared field (`model` undefined) or a field of model `model` (0-based), by key. */
export interface BudgetEstateProblem extends Omit<BudgetProblem, "key"> {
  key: BudgetProblem["key"] | ModelOwnKey | "pricePerHour" | "models";
  model?: number;
}

/** The problems of the list itself: its size. */
function listProblems(plan: BudgetEstatePlan): BudgetEstateProblem[] {
  const count = Array.isArray(plan.models) ? plan.models.length : 0;
  if (count >= 1 && count <= MAX_ESTATE_MODELS) return [];
  const message = `A plan holds 1 to ${MAX_ESTATE_MODELS} models; it has ${count}.`;
  return [{ key: "models", ...problem("invalidValue", message) }];
}

/** A model's name: said, at most MODEL_NAME_MAX_LENGTH characters, not another model's. */
function nameProblem(name: unknown, earlier: readonly BudgetModel[]): string | undefined {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (trimmed === "") return "Model needs a name.";
  if (Array.from(trimmed).length > MODEL_NAME_MAX_LENGTH) {
    return `Model's name is at most ${MODEL_NAME_MAX_LENGTH} characters.`;
  }
  if (earlier.some((other) => other.name.trim() === trimmed)) {
    return `Two models are called "${trimmed}"; give each its own name.`;
  }
  return undefined;
}

/** The problems of a model's own fields that today's plan does not have: name, share, prices. */
function ownFieldProblems(plan: BudgetEstatePlan, index: number): BudgetEstateProblem[] {
  const model = plan.models[index];
  const found: BudgetEstateProblem[] = [];
  const named = nameProblem(model.name, plan.models.slice(0, index));
  if (named) found.push({ key: "name", model: index, ...problem("invalidValue", named) });
  for (const field of OWN_FIELDS) {
    const value = model[field.key as keyof BudgetModel];
    if (value === undefined && field.blankMeans !== undefined) continue;
    const bad = field.check!(typeof value === "number" ? value : NaN, field.label);
    if (bad) found.push({ key: field.key as ModelOwnKey, model: index, ...bad });
  }
  return found;
}

/** Whether a model has both its prices, or neither. */
const pricing = (model: BudgetModel): "both" | "none" | "one" => {
  const given = [model.trainingPricePerHour, model.servingPricePerHour].filter((p) => p !== undefined).length;
  return given === 2 ? "both" : given === 0 ? "none" : "one";
};

/** The problem of prices given to some models and not others: every model both, or none either. */
function priceProblems(plan: BudgetEstatePlan): BudgetEstateProblem[] {
  const found: BudgetEstateProblem[] = [];
  const priced = plan.models.some((m) => pricing(m) !== "none");
  plan.models.forEach((model, index) => {
    if (!priced || pricing(model) === "both") return;
    const key = model.trainingPricePerHour === undefined ? "trainingPricePerHour" : "servingPricePerHour";
    const label = OWN_FIELDS.find((f) => f.key === key)!.label;
    const why = `${label} is blank, and a priced plan prices every model's training and serving`;
    found.push({ key, model: index, ...problem("invalidValue", `${why}: fill it, or clear every price.`) });
  });
  return found;
}

/**
 * Every problem of `plan`: the list's size; then the shared fields (once, from the first model's plan); each
 * model's own fields of today's plan (checkBudgetPlan's, over its plan), its name, share and prices; and prices
 * that some models have and others not. Each names its model (0-based) where it is a model's.
 * @example checkBudgetEstate({ ...NEW_BUDGET_ESTATE, models: [] })[0].key // "models"
 */
export function checkBudgetEstate(plan: BudgetEstatePlan): BudgetEstateProblem[] {
  const listed = listProblems(plan);
  if (listed.length > 0) return listed;
  const found: BudgetEstateProblem[] = [];
  plan.models.forEach((_, index) => {
    for (const bad of checkBudgetPlan(modelPlanOf(plan, index))) {
      // the serving price is the model's plan's price: a problem with it is the model's serving price's
      const key = bad.key === "pricePerHour" ? "servingPricePerHour" : bad.key;
      if (isModelKey(bad.key) || key === "servingPricePerHour") found.push({ ...bad, key, model: index });
      else if (index === 0) found.push(bad);
    }
    found.push(...ownFieldProblems(plan, index));
  });
  return [...found, ...priceProblems(plan)];
}

/**
 * The months of a horizon of `months` in which `perYear` re-scans a year fall, spread evenly: a month holds one when
 * the count of re-scans due by its end (months x perYear / 12, rounded down) passes the count due by the month
 * before; 4 a year are months 3, 6, 9, 12, 2 a year months 6 and 12.
 */
function rescanMonthsOf(perYear: number, months: number): number[] {
  const due = (month: number) => Math.floor((month * perYear) / MONTHS_PER_YEAR + 1e-9);
  return Array.from({ length: months }, (_, i) => i + 1).filter((month) => due(month) > due(month - 1));
}

/**
 * One model of the Estate view as a model of the monthly plan over `months` months: its run, overhead, seconds per
 * clip, share scored, peak-to-mean and two prices as they are; its cadence (runs a year, or days or months between
 * retrains, at the estate's days a year) as a retrain every 12 / runs months, which the plan's checks hold to whole
 * months (a cadence of 45 days is said, never rounded); its re-scans a year spread evenly over the months, or, past
 * one a month, each month's share of the year's hours. Its proposed changes (levers) are the Estate view's own.
 * Its second ledger, where typed, is carried as it is: the estate's model and the budget's both state it as
 * LedgerInputs over LEDGER_FIELDS (drift a fraction a month, money an error, minutes, money an hour, money a run),
 * so no unit changes; a model with a blank ledger has none, and the budget adds nothing for it (not counted).
 */
export function budgetModelOfEstate(model: EstateModel, daysPerYear: number, months: number): BudgetModel {
  const runsPerYear = runsPerYearOf(model.cadence, model.cadenceUnit, daysPerYear);
  const perYear = model.rescanEvents;
  const everyMonth = perYear > MONTHS_PER_YEAR;
  const rescans = perYear > 0 && model.rescanHoursEach > 0;
  const ledger = ledgerGiven(ledgerOf(model));
  return {
    name: model.name.trim(),
    hoursPerRun: model.trainingHoursPerRun,
    trainingOverhead: model.trainingOverhead,
    retrainEveryMonths: MONTHS_PER_YEAR / runsPerYear,
    secondsPerClip: model.secondsPerClip,
    shareScored: model.shareScored,
    peakToMean: model.peakToMean,
    rescanHours: !rescans
      ? 0
      : everyMonth
        ? (model.rescanHoursEach * perYear) / MONTHS_PER_YEAR
        : model.rescanHoursEach,
    rescanMonths: !rescans
      ? []
      : everyMonth
        ? rescanMonthsOf(MONTHS_PER_YEAR, months)
        : rescanMonthsOf(perYear, months),
    trainingPricePerHour: model.trainingPricePerHour,
    servingPricePerHour: model.servingPricePerHour,
    ...(ledger && { ledger }),
  };
}

/**
 * The Estate view's models over `plan`'s horizon: `plan` (the budget's horizon, traffic and money) with the
 * estate's model list in place of its own. The traffic stays the budget's: the plan has one, month by month.
 * @example estateModelsPlan(NEW_BUDGET_ESTATE, EXAMPLE_ESTATE).models.length // 3
 */
export function estateModelsPlan(plan: BudgetEstatePlan, estate: EstatePlan): BudgetEstatePlan {
  return { ...plan, models: estate.models.map((m) => budgetModelOfEstate(m, estate.daysPerYear, plan.months)) };
}

/**
 * The estate's worked example (docs/cost-model.md, "Several models in one plan") as a monthly plan: its three
 * models, each retrained in its own months (4 runs a year: every 3 months; 2: every 6), over 12 months of 30 days
 * at the example's 250 clips a second, flat. Its year is the estate's: 191,200 h and 350,080.00.
 */
export const EXAMPLE_BUDGET_ESTATE: BudgetEstatePlan = estateModelsPlan(
  oneModelPlan({
    ...NEW_BUDGET_PLAN,
    monthDays: "yearTwelfth",
    daysPerYear: EXAMPLE_ESTATE.daysPerYear,
    clipsPerSecond: EXAMPLE_ESTATE.clipsPerSecond,
    monthlyGrowth: 0,
    currency: EXAMPLE_ESTATE.currency ?? "",
  }),
  EXAMPLE_ESTATE,
);
