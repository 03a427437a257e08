/*
 * The estate's year: each model's training, serving and re-scan hours (its annual year, annual/model's
 * annualHours over its share of the plan's traffic), their money at the model's two prices, each part's share
 * of the estate in hours and in money, each model's crossover and which half dominates it and the estate. The
 * shares and ceilings are taken against the whole estate: the question "what share of the whole bill can this
 * touch" that a one-model view cannot answer (docs/cost-model.md, "Several models in one plan: the estate").
 * Hours are the hours paid (serving at peak-to-mean), the bill's, as the annual levers' are.
 */
import { annualHours, AnnualHours, AnnualPlan } from "../../annual/model";
import { finiteResult } from "../../core/model/checks";
import { Dominance, dominanceOfHours } from "../../core/model/dominance";
import { amdahlCeiling, clipsPerInterval, crossoverClips } from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { costOf, effectiveSecondsPerClip, effectiveTrainingHours } from "../../stages/model";
import { annualPlanOf, checkEstate, EstateModel, EstatePlan, EstateProblem } from "./estateFields";

/** The parts of a model's year, in the tables' order: the two halves and the one-off re-scans. */
export const ESTATE_PARTS = ["training", "serving", "rescans"] as const;
export type EstatePart = (typeof ESTATE_PARTS)[number];

/** Each part's words, and which price it is billed at. */
export const ESTATE_PART_SPECS: Readonly<
  Record<EstatePart, { label: string; hours: keyof AnnualHours; price: keyof EstateModel }>
> = {
  training: { label: "Training", hours: "training", price: "trainingPricePerHour" },
  serving: { label: "Serving", hours: "servingPaid", price: "servingPricePerHour" },
  rescans: { label: "Re-scans", hours: "rescans", price: "servingPricePerHour" },
};

/** A part's (or a total's) hours and money, and its share of the estate's. */
export interface PartFigures {
  /** accelerator-hours paid a year */
  hours: number;
  /** the hours' share of the estate's hours */
  hoursShare: number | Problem;
  /** hours x the part's price; undefined when the estate is not priced */
  cost?: number | Problem;
  /** the money's share of the estate's money; undefined when the estate is not priced */
  costShare?: number | Problem;
}

/** One model's year in the estate. */
export interface ModelFigures {
  name: string;
  /** its year as an annual plan (the plan's traffic times its share scored) */
  plan: AnnualPlan;
  hours: AnnualHours;
  parts: Record<EstatePart, PartFigures>;
  total: PartFigures;
  /** clips of the plan's traffic in one retrain interval at which its paid serving equals one run's training */
  crossoverClips: number | Problem;
  /** the plan's clips in one of its retrain intervals now, to read the crossover against */
  clipsPerInterval: number | Problem;
  /** which half of its year dominates, in hours */
  dominance: Dominance | Problem;
}

/** The estate's figures: each model's, the parts' and the whole's, and which half dominates. */
export interface EstateYear {
  models: ModelFigures[];
  /** every model's training, serving and re-scans added up */
  parts: Record<EstatePart, PartFigures>;
  /** the estate's hours and money; its shares are 1 */
  total: PartFigures;
  /** every model has both its prices: money beside the hours, and the levers ranked by money */
  priced: boolean;
  /** the models without a price for training or for serving (none when priced) */
  unpriced: string[];
  /** which half of the estate dominates, in hours and (priced) in money */
  dominanceHours: Dominance | Problem;
  dominanceMoney?: Dominance | Problem;
}

/** `a + b`, a sum that must fit a double; `what` names it in the problem. */
function sum(a: number | Problem, b: number | Problem, what: string): number | Problem {
  if (isProblem(a)) return a;
  if (isProblem(b)) return b;
  return finiteResult(a + b, what);
}

/** Whether a model has both its prices. */
const isPriced = (model: EstateModel) =>
  model.trainingPricePerHour !== undefined && model.servingPricePerHour !== undefined;

/** A model's year before the estate's shares: hours and money by part. */
interface ModelYear {
  model: EstateModel;
  plan: AnnualPlan;
  hours: AnnualHours;
  partHours: Record<EstatePart, number>;
  partCosts?: Record<EstatePart, number | Problem>;
  totalHours: number;
  totalCost?: number | Problem;
}

function modelYear(model: EstateModel, plan: EstatePlan, priced: boolean): ModelYear | Problem {
  const annual = annualPlanOf(model, plan);
  const hours = annualHours(annual);
  if (isProblem(hours)) return hours;
  const partHours = Object.fromEntries(ESTATE_PARTS.map((p) => [p, hours[ESTATE_PART_SPECS[p].hours]])) as Record<
    EstatePart,
    number
  >;
  const year: ModelYear = { model, plan: annual, hours, partHours, totalHours: hours.totalPaid };
  if (!priced) return year;
  const partCosts = Object.fromEntries(
    ESTATE_PARTS.map((p) => [p, costOf(partHours[p], model[ESTATE_PART_SPECS[p].price] as number)]),
  ) as Record<EstatePart, number | Problem>;
  const totalCost = ESTATE_PARTS.reduce<number | Problem>(
    (total, p) => sum(total, partCosts[p], `${model.name}'s cost a year`),
    0,
  );
  return { ...year, partCosts, totalCost };
}

/** A part's figures against the estate's totals. */
function partFigures(
  hours: number,
  cost: number | Problem | undefined,
  estateHours: number,
  estateCost: number | Problem | undefined,
): PartFigures {
  const money =
    cost === undefined || estateCost === undefined
      ? {}
      : {
          cost,
          costShare: isProblem(cost) ? cost : isProblem(estateCost) ? estateCost : amdahlCeiling(cost, estateCost),
        };
  return { hours, hoursShare: amdahlCeiling(hours, estateHours), ...money };
}

/** A model's crossover: the plan's clips a retrain interval at which its paid serving equals one run's training. */
function crossoverOf(
  model: EstateModel,
  annual: AnnualPlan,
  traffic: EstatePlan,
): { at: number | Problem; now: number | Problem } {
  if (!(annual.runsPerYear > 0)) {
    const none = problem("divisionByZero", `${model.name} is not retrained: it has no retrain interval.`);
    return { at: none, now: none };
  }
  const { trainingOverhead, peakToMean } = model;
  const perRun = effectiveTrainingHours({ trainingHours: model.trainingHoursPerRun, trainingOverhead });
  // A clip of the plan's traffic costs this model its seconds times the share of clips it scores.
  const perPlanClip = effectiveSecondsPerClip({ secondsPerClip: model.secondsPerClip * model.shareScored, peakToMean });
  const at =
    perPlanClip === 0 ? problem("divisionByZero", `${model.name} scores no clips: serving never overtakes.`) : null;
  return {
    at: at ?? crossoverClips(perRun, perPlanClip),
    now: clipsPerInterval(traffic.clipsPerSecond, traffic.daysPerYear / annual.runsPerYear),
  };
}

/** The estate's problem in words that name the model: "C escalation: Share of clips scored must be ...". */
export function estateProblemText(plan: EstatePlan, found: EstateProblem): Problem {
  if (found.model === undefined) return found.problem;
  const name = plan.models[found.model].name.trim() || `Model ${found.model + 1}`;
  return problem(found.problem.kind, `${name}: ${found.problem.message}`);
}

/** The parts added over the models, in hours and (priced) money. */
function estateParts(years: readonly ModelYear[], priced: boolean) {
  const hours = {} as Record<EstatePart, number | Problem>;
  const costs = {} as Record<EstatePart, number | Problem>;
  for (const p of ESTATE_PARTS) {
    const label = ESTATE_PART_SPECS[p].label;
    hours[p] = years.reduce<number | Problem>((t, y) => sum(t, y.partHours[p], `The estate's ${label} hours`), 0);
    if (priced)
      costs[p] = years.reduce<number | Problem>((t, y) => sum(t, y.partCosts![p], `The estate's ${label}`), 0);
  }
  return { hours, costs: priced ? costs : undefined };
}

/**
 * The estate's year: each model's figures and the estate's, shares against the whole estate. A plan that fails
 * its checks gives the first problem, naming the model and the field.
 * @example (estateYear(EXAMPLE_ESTATE) as EstateYear).total.hours // 191200
 */
export function estateYear(plan: EstatePlan): EstateYear | Problem {
  const [bad] = checkEstate(plan);
  if (bad) return estateProblemText(plan, bad);
  const unpriced = plan.models.filter((m) => !isPriced(m)).map((m) => m.name);
  const priced = unpriced.length === 0;
  const years: ModelYear[] = [];
  for (const model of plan.models) {
    const year = modelYear(model, plan, priced);
    if (isProblem(year)) return problem(year.kind, `${model.name}: ${year.message}`);
    years.push(year);
  }
  const parts = estateParts(years, priced);
  const totalHours = years.reduce<number | Problem>((t, y) => sum(t, y.totalHours, "The estate's hours"), 0);
  const found = [totalHours, ...ESTATE_PARTS.map((p) => parts.hours[p])].find(isProblem);
  if (found) return found;
  const estateHours = totalHours as number;
  const estateCost = priced
    ? years.reduce<number | Problem>((t, y) => sum(t, y.totalCost!, "The estate's cost a year"), 0)
    : undefined;
  const models = years.map((y): ModelFigures => {
    const crossover = crossoverOf(y.model, y.plan, plan);
    const figures = (p: EstatePart) => partFigures(y.partHours[p], y.partCosts?.[p], estateHours, estateCost);
    return {
      name: y.model.name,
      plan: y.plan,
      hours: y.hours,
      parts: { training: figures("training"), serving: figures("serving"), rescans: figures("rescans") },
      total: partFigures(y.totalHours, y.totalCost, estateHours, estateCost),
      crossoverClips: crossover.at,
      clipsPerInterval: crossover.now,
      dominance: dominanceOfHours(y.partHours.serving, y.partHours.training),
    };
  });
  const estatePart = (p: EstatePart) =>
    partFigures(parts.hours[p] as number, parts.costs?.[p], estateHours, estateCost);
  const money = (p: EstatePart) => parts.costs?.[p];
  const training = money("training");
  const serving = money("serving");
  return {
    models,
    parts: { training: estatePart("training"), serving: estatePart("serving"), rescans: estatePart("rescans") },
    total: partFigures(estateHours, estateCost, estateHours, estateCost),
    priced,
    unpriced,
    dominanceHours: dominanceOfHours(parts.hours.serving as number, parts.hours.training as number),
    ...(training === undefined || serving === undefined
      ? {}
      : {
          dominanceMoney: isProblem(training)
            ? training
            : isProblem(serving)
              ? serving
              : dominanceOfHours(serving, training),
        }),
  };
}
