/*
 * The estate's inputs, declared once as data: several models on the plan's one traffic, each with its own run,
 * cadence, seconds per clip, share of the clips it scores, honesty factors, one-off re-scans, a price for its
 * training and one for its serving, and the changes proposed for it (docs/cost-model.md, "Several models in one
 * plan: the estate"). The model's checks, the pane's model cards and the estate sheet's input rows read this list.
 *
 * Choices, and why:
 * - A model's fields are the annual plan's fields where the two mean the same (ANNUAL_FIELDS' label, unit,
 *   quantity and check, reused through annual/model's face), so a one-model estate is today's annual plan and
 *   every check a planner has met there says the same words here.
 * - Traffic (clips per second, days counted in a year) is the plan's, shared by every model: each model scores a
 *   share of it (1 for every clip, 0.05 for an escalation model that sees one clip in twenty).
 * - The cadence is a count and a unit ("4 runs a year", "every 90 days", "every 3 months"), since planners state
 *   it each way; the proposed cadence is in the model's own unit.
 * - Re-scans are batch inference of the back catalogue: billed as consumed, at the model's serving price.
 * - Retiring a model is a proposal like any other (1 = retire), so the levers list it beside the others.
 * - Each model may state the second ledger (drift, the cost of one error, a run's other costs): ledgers/model's
 *   LEDGER_FIELDS, reused through its face in a folded group of their own, so the estate's words and checks are
 *   the annual view's. Blank, the model's figures are exactly as they were without the ledger.
 */
import { ANNUAL_FIELDS, AnnualField, AnnualPlan, annualField, checkAnnualPlan } from "../../annual/model";
import { checkDivisor, checkFraction, checkNonNegative } from "../../core/model/checks";
import { checkFields, KeyedProblem } from "../../core/model/fieldChecks";
import { FieldGroupHeading, FieldSpec, fieldOf } from "../../core/model/fields";
import { Problem, problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { checkLedgerInputs, LEDGER_FIELD_GROUPS, LEDGER_FIELDS, LedgerField, LedgerInputs } from "../../ledgers/model";

/** How a cadence is stated: its words, and the runs a year it makes from a count (days counted in a year given). */
export const CADENCE_UNITS = [
  { unit: "runsPerYear", words: "runs a year", runsPerYear: (count: number) => count },
  { unit: "days", words: "days between retrains", runsPerYear: (count: number, days: number) => days / count },
  { unit: "months", words: "months between retrains", runsPerYear: (count: number) => MONTHS_PER_YEAR / count },
] as const;

/** A cadence's unit: runs a year, or days or months between retrains. */
export type CadenceUnit = (typeof CADENCE_UNITS)[number]["unit"];

/**
 * One model of the estate: what it is now and the changes proposed for it, and its second ledger (LedgerInputs:
 * drift, the cost of one error, a run's other costs), every field of which may be blank.
 */
export interface EstateModel extends LedgerInputs {
  /** the model's name as the planner calls it ("A policy classifier"); unique in the estate */
  name: string;
  /** accelerator-hours of one winning training run */
  trainingHoursPerRun: number;
  /** failed runs and sweeps: multiplies training hours; 1 = none */
  trainingOverhead: number;
  /** the cadence, a count in `cadenceUnit` */
  cadence: number;
  cadenceUnit: CadenceUnit;
  /** accelerator-seconds of serving per clip this model scores */
  secondsPerClip: number;
  /** the share of the plan's clips this model scores, 0 to 1 (1 = every clip) */
  shareScored: number;
  /** fleet held at peak: paid serving hours over consumed; 1 = billed as consumed */
  peakToMean: number;
  /** one-off re-scans of the back catalogue in the year */
  rescanEvents: number;
  /** accelerator-hours of one re-scan */
  rescanHoursEach: number;
  /** price per accelerator-hour of training (its hardware); undefined = hours only */
  trainingPricePerHour?: number;
  /** price per accelerator-hour of serving and re-scans (its hardware); undefined = hours only */
  servingPricePerHour?: number;
  /** the cadence lever, in `cadenceUnit`; undefined = no change */
  cadenceProposed?: number;
  /** the run-length lever; undefined = no change */
  trainingHoursPerRunProposed?: number;
  /** the overhead lever (1 or more); undefined = no change */
  trainingOverheadProposed?: number;
  /** the service-time lever; undefined = no change */
  secondsPerClipProposed?: number;
  /** the provisioning lever (1 or more); undefined = no change */
  peakToMeanProposed?: number;
  /** the work-not-done lever: share of clips no longer scored, 0 to 1; undefined = none */
  shareNotRescored?: number;
  /** the escalation lever: share of the plan's clips scored, proposed; undefined = no change */
  shareScoredProposed?: number;
  /** 1 = retire the model (its whole year saved); 0 or undefined = keep it */
  retireProposed?: number;
}

/** The plan's traffic, shared by every model, and the currency every price is in. */
export interface EstateTraffic {
  /** clips per second, averaged over the year, of the whole service */
  clipsPerSecond: number;
  /** days counted in a year (360: four quarters of 90 days) */
  daysPerYear: number;
  /** the currency of every price ("USD"); undefined = none said */
  currency?: string;
}

/** The estate: the plan's traffic and its models, in the planner's order. */
export interface EstatePlan extends EstateTraffic {
  models: EstateModel[];
}

/** The most models an estate holds: the pane, the sheet's columns and the bench are sized for it. */
export const MAX_ESTATE_MODELS = 20;
/** A model's name's longest text, in characters: a sheet column's heading and a lever's label. */
export const MODEL_NAME_MAX_LENGTH = 40;

/** A key of a model whose field holds a number. */
export type EstateNumberKey = {
  [K in keyof EstateModel]-?: NonNullable<EstateModel[K]> extends number ? K : never;
}[keyof EstateModel];

/** Where a model's field sits: its card's fieldsets and the sheet's input blocks, in order. */
export type EstateFieldGroup = "model" | "training" | "serving" | "honesty" | "rescans" | "money" | "ledger" | "levers";

/** The groups' headings, in order; the advanced ones folded in the pane until opened. */
export const ESTATE_FIELD_GROUPS: readonly FieldGroupHeading<EstateFieldGroup>[] = [
  { group: "model", heading: "Model" },
  { group: "training", heading: "Training" },
  { group: "serving", heading: "Serving" },
  { group: "honesty", heading: "Honesty factors (optional)", folded: true },
  { group: "rescans", heading: "One-off re-scans (optional)", folded: true },
  { group: "money", heading: "Money (optional)", folded: true },
  { ...LEDGER_FIELD_GROUPS[0], group: "ledger", folded: true },
  { group: "levers", heading: "Proposed changes (levers)", folded: true },
];

/** What kind of quantity a model's field holds: the annual kinds, a cadence's count and a yes/no (1 or 0). */
export type EstateQuantity = AnnualField["quantity"] | LedgerField["quantity"] | "cadence" | "flag";

/** One field of a model. */
export type EstateField = FieldSpec<keyof EstateModel, EstateFieldGroup, EstateQuantity>;

/** A 1 or a 0: retire, or keep. */
function checkFlag(value: number, label: string): Problem | undefined {
  if (value === 0 || value === 1) return undefined;
  return problem(
    Number.isNaN(value) ? "invalidValue" : "invalidNumber",
    `${label} is 1 (yes) or 0 (no); got ${value}.`,
  );
}

/** An annual field's row, in the estate's group and under its own defined name (a row of the estate sheet). */
const annualRow = (
  key: keyof EstateModel & keyof AnnualPlan,
  group: EstateFieldGroup,
  definedName: string,
): EstateField => {
  const { key: _key, group: _group, definedName: _name, ...rest } = annualField(key);
  return { ...rest, key, group, definedName };
};

/** A ledger field as a model's row: in the estate's ledger group, its name the ledger's behind "Estate". */
const ledgerRow = (field: LedgerField): EstateField => ({
  ...field,
  group: "ledger",
  definedName: `Estate${field.definedName}`,
});

/** The second ledger's fields, a model's rows (the sheet writes them only where a model's ledger is typed). */
export const ESTATE_LEDGER_FIELDS: readonly EstateField[] = LEDGER_FIELDS.map(ledgerRow);

/** Every field of a model, in the order the pane's card and the sheet's rows show them. */
export const ESTATE_FIELDS: readonly EstateField[] = [
  {
    key: "name",
    label: "Model",
    unit: "its name",
    quantity: "text",
    group: "model",
    definedName: "EstateModelName",
    maxLength: MODEL_NAME_MAX_LENGTH,
  },
  annualRow("trainingHoursPerRun", "training", "EstateHoursPerRun"),
  {
    key: "cadence",
    label: "Cadence",
    unit: "in the unit beside it",
    quantity: "cadence",
    group: "training",
    check: checkNonNegative,
    definedName: "EstateCadence",
  },
  annualRow("trainingOverhead", "honesty", "EstateRunOverhead"),
  annualRow("secondsPerClip", "serving", "EstateSecondsPerClip"),
  {
    key: "shareScored",
    label: "Share of clips scored",
    unit: "share of the plan's clips, 0 to 1",
    quantity: "share",
    group: "serving",
    check: checkFraction,
    definedName: "EstateShareScored",
  },
  annualRow("peakToMean", "honesty", "EstatePeakToMean"),
  annualRow("rescanEvents", "rescans", "EstateRescanEvents"),
  annualRow("rescanHoursEach", "rescans", "EstateRescanHoursEach"),
  {
    key: "trainingPricePerHour",
    label: "Training price per accelerator-hour",
    unit: "per accelerator-hour",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "EstateTrainingPrice",
    shortLabel: "training price",
    blankMeans: "hours only",
  },
  {
    key: "servingPricePerHour",
    label: "Serving price per accelerator-hour",
    unit: "per accelerator-hour (re-scans too)",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "EstateServingPrice",
    shortLabel: "serving price",
    blankMeans: "hours only",
  },
  ...ESTATE_LEDGER_FIELDS,
  {
    key: "cadenceProposed",
    label: "Cadence, proposed",
    unit: "in the cadence's unit",
    quantity: "cadence",
    group: "levers",
    check: checkNonNegative,
    definedName: "EstateProposedCadence",
    blankMeans: "no change",
  },
  { ...annualRow("trainingHoursPerRunProposed", "levers", "EstateProposedHoursPerRun"), blankMeans: "no change" },
  { ...annualRow("trainingOverheadProposed", "levers", "EstateProposedRunOverhead"), blankMeans: "no change" },
  { ...annualRow("secondsPerClipProposed", "levers", "EstateProposedSecondsPerClip"), blankMeans: "no change" },
  { ...annualRow("peakToMeanProposed", "levers", "EstateProposedPeakToMean"), blankMeans: "no change" },
  { ...annualRow("shareNotRescored", "levers", "EstateShareNotRescored"), blankMeans: "none" },
  {
    key: "shareScoredProposed",
    label: "Share of clips scored, proposed",
    unit: "share of the plan's clips, 0 to 1",
    quantity: "share",
    group: "levers",
    check: checkFraction,
    definedName: "EstateProposedShareScored",
    blankMeans: "no change",
  },
  {
    key: "retireProposed",
    label: "Retire the model",
    unit: "1 = retire, 0 = keep",
    quantity: "flag",
    group: "levers",
    check: checkFlag,
    definedName: "EstateRetire",
    blankMeans: "keep",
  },
];

/** A model's second ledger: its ledger fields alone, the blank ones left out. */
export function ledgerOf(model: EstateModel): LedgerInputs {
  const inputs: LedgerInputs = {};
  for (const { key } of LEDGER_FIELDS) if (model[key] !== undefined) inputs[key] = model[key];
  return inputs;
}

/** The field of `key`. */
export function estateField(key: keyof EstateModel): EstateField {
  return fieldOf(ESTATE_FIELDS, key);
}

/** The plan's own fields, shared by every model: its traffic and its currency. */
export const TRAFFIC_KEYS = ["clipsPerSecond", "daysPerYear", "currency"] as const;
export type TrafficKey = (typeof TRAFFIC_KEYS)[number];

/** The plan's fields: its traffic and currency, the annual plan's own rows. */
export const TRAFFIC_FIELDS = ANNUAL_FIELDS.filter((field): field is AnnualField & { key: TrafficKey } =>
  (TRAFFIC_KEYS as readonly string[]).includes(field.key),
);

/** Runs a year of a cadence stated as `count` in `unit`, with `daysPerYear` days counted in the year. */
export function runsPerYearOf(count: number, unit: CadenceUnit, daysPerYear: number): number {
  return CADENCE_UNITS.find((cadence) => cadence.unit === unit)!.runsPerYear(count, daysPerYear);
}

/**
 * One model's year as an annual plan: the plan's traffic times the share it scores, its cadence in runs a year,
 * its proposals; no price (the estate prices training and serving apart). A one-model estate scoring every clip
 * at its runs a year is exactly the annual plan it came from.
 */
export function annualPlanOf(model: EstateModel, traffic: EstateTraffic): AnnualPlan {
  const runsPerYear = runsPerYearOf(model.cadence, model.cadenceUnit, traffic.daysPerYear);
  const proposedRuns =
    model.cadenceProposed === undefined
      ? runsPerYear
      : runsPerYearOf(model.cadenceProposed, model.cadenceUnit, traffic.daysPerYear);
  const optional = <K extends keyof AnnualPlan>(key: K, value: AnnualPlan[K] | undefined) =>
    value === undefined ? {} : { [key]: value };
  return {
    trainingHoursPerRun: model.trainingHoursPerRun,
    runsPerYear,
    trainingOverhead: model.trainingOverhead,
    secondsPerClip: model.secondsPerClip,
    // The clips it scores; x 1 is exact, so a one-model estate's clips are the annual view's to the bit.
    clipsPerSecond: traffic.clipsPerSecond * model.shareScored,
    daysPerYear: traffic.daysPerYear,
    peakToMean: model.peakToMean,
    rescanEvents: model.rescanEvents,
    rescanHoursEach: model.rescanHoursEach,
    runsPerYearProposed: proposedRuns,
    ...optional("trainingHoursPerRunProposed", model.trainingHoursPerRunProposed),
    ...optional("trainingOverheadProposed", model.trainingOverheadProposed),
    ...optional("secondsPerClipProposed", model.secondsPerClipProposed),
    ...optional("peakToMeanProposed", model.peakToMeanProposed),
    ...optional("shareNotRescored", model.shareNotRescored),
  };
}

/**
 * The one-model estate of an annual plan (today's plan): every clip, its runs a year, its price for both
 * halves, its proposals; named `name`.
 */
export function estateOfAnnualPlan(plan: AnnualPlan, name = "Today's model"): EstatePlan {
  const optional = <K extends keyof EstateModel>(key: K, value: EstateModel[K] | undefined) =>
    value === undefined ? {} : { [key]: value };
  const model: EstateModel = {
    name,
    trainingHoursPerRun: plan.trainingHoursPerRun,
    trainingOverhead: plan.trainingOverhead,
    cadence: plan.runsPerYear,
    cadenceUnit: "runsPerYear",
    secondsPerClip: plan.secondsPerClip,
    shareScored: 1,
    peakToMean: plan.peakToMean,
    rescanEvents: plan.rescanEvents,
    rescanHoursEach: plan.rescanHoursEach,
    ...optional("trainingPricePerHour", plan.pricePerHour),
    ...optional("servingPricePerHour", plan.pricePerHour),
    ...optional(
      "cadenceProposed",
      plan.runsPerYearProposed === plan.runsPerYear ? undefined : plan.runsPerYearProposed,
    ),
    ...optional("trainingHoursPerRunProposed", plan.trainingHoursPerRunProposed),
    ...optional("trainingOverheadProposed", plan.trainingOverheadProposed),
    ...optional("secondsPerClipProposed", plan.secondsPerClipProposed),
    ...optional("peakToMeanProposed", plan.peakToMeanProposed),
    ...optional("shareNotRescored", plan.shareNotRescored),
  };
  return {
    clipsPerSecond: plan.clipsPerSecond,
    daysPerYear: plan.daysPerYear,
    ...(plan.currency === undefined ? {} : { currency: plan.currency }),
    models: [model],
  };
}

/** A problem of the estate: the plan's traffic (`model` undefined) or one model's field, named by key. */
export interface EstateProblem {
  /** the model's place in the list; undefined for the plan's own fields and the list itself */
  model?: number;
  key: keyof EstateModel | "clipsPerSecond" | "daysPerYear" | "models";
  problem: Problem;
}

/** A model's cadence checked in its unit: a count of days or months between retrains divides. */
function checkCadence(model: EstateModel): KeyedProblem<keyof EstateModel>[] {
  if (model.cadenceUnit === "runsPerYear") return [];
  const found: KeyedProblem<keyof EstateModel>[] = [];
  const label = `${estateField("cadence").label} (${CADENCE_UNITS.find((c) => c.unit === model.cadenceUnit)!.words})`;
  const now = checkDivisor(model.cadence, label);
  if (now) found.push({ key: "cadence", problem: now });
  if (model.cadenceProposed !== undefined) {
    const proposed = checkDivisor(model.cadenceProposed, `${estateField("cadenceProposed").label}`);
    if (proposed) found.push({ key: "cadenceProposed", problem: proposed });
  }
  return found;
}

/** A model's name: said, at most MODEL_NAME_MAX_LENGTH characters, and not another model's. */
function checkName(name: string, others: readonly string[]): Problem | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return problem("invalidValue", "Model needs a name.");
  if (Array.from(trimmed).length > MODEL_NAME_MAX_LENGTH) {
    return problem("invalidValue", `Model's name is at most ${MODEL_NAME_MAX_LENGTH} characters.`);
  }
  if (others.some((other) => other.trim() === trimmed)) {
    return problem("invalidValue", `Two models are called "${trimmed}"; give each its own name.`);
  }
  return undefined;
}

/** The annual plan's keys a model's own keys are checked as (its cadence is the annual plan's runs a year). */
const ANNUAL_KEY_OF: Partial<Record<keyof AnnualPlan, keyof EstateModel>> = {
  runsPerYear: "cadence",
  runsPerYearProposed: "cadenceProposed",
};

/**
 * Every problem of one model: its fields' own checks, its name, its cadence in its unit, then the products its
 * year rests on (the annual plan's, over the plan's traffic). A blank optional field is not checked.
 */
export function checkEstateModel(
  model: EstateModel,
  traffic: EstateTraffic,
  otherNames: readonly string[] = [],
): KeyedProblem<keyof EstateModel>[] {
  const named = checkName(model.name, otherNames);
  const found: KeyedProblem<keyof EstateModel>[] = [
    ...(named ? [{ key: "name" as const, problem: named }] : []),
    ...checkFields(model, ESTATE_FIELDS, []),
    ...checkCadence(model),
  ];
  // The ledger's one check across its fields (a review half without the other), once its fields pass their own.
  if (!found.some(({ key }) => LEDGER_FIELDS.some((field) => field.key === key))) {
    found.push(...checkLedgerInputs(ledgerOf(model)));
  }
  if (found.length > 0) return found;
  return checkAnnualPlan(annualPlanOf(model, traffic)).map(({ key, problem: bad }) => ({
    key: ANNUAL_KEY_OF[key] ?? (key as keyof EstateModel),
    problem: bad,
  }));
}

/**
 * Every problem of an estate: the list's size, the traffic's fields (the annual plan's rows), then each model's.
 * @example checkEstate({ ...EXAMPLE_ESTATE, models: [] })[0].key // "models"
 */
export function checkEstate(plan: EstatePlan): EstateProblem[] {
  const found: EstateProblem[] = [];
  const count = plan.models.length;
  if (count < 1 || count > MAX_ESTATE_MODELS) {
    const got = count < 1 ? "none" : `${count}`;
    const message = `An estate has 1 to ${MAX_ESTATE_MODELS} models; got ${got}.`;
    found.push({ key: "models", problem: problem("invalidValue", message) });
  }
  for (const field of TRAFFIC_FIELDS) {
    if (!field.check) continue; // the currency: any text
    const key = field.key as "clipsPerSecond" | "daysPerYear";
    const bad = field.check(plan[key], field.label);
    if (bad) found.push({ key, problem: bad });
  }
  if (found.length > 0) return found;
  plan.models.forEach((model, index) => {
    const others = plan.models.filter((_, i) => i < index).map((m) => m.name);
    for (const bad of checkEstateModel(model, plan, others)) found.push({ model: index, ...bad });
  });
  return found;
}
