/*
 * Reading the Estate view's inputs: the plan's traffic and each model's card, as typed texts, into an estate plan,
 * with every problem put beside the field it names (the model's checks, checkEstate, name model and key). No DOM
 * here, so the rules are tested directly.
 */
import {
  CadenceUnit,
  ESTATE_FIELDS,
  EstateModel,
  EstatePlan,
  TRAFFIC_FIELDS,
  checkEstate,
  estateFigures,
  EstateFigures,
} from "../model";
import { isProblem } from "../../core/model/problems";
import { readFields, sentence, startingText } from "../../core/pane/formReading";

/** What is typed for one model: each field's text, and its cadence's unit (a choice, not text). */
export interface ModelTexts {
  texts: Partial<Record<keyof EstateModel, string>>;
  cadenceUnit: CadenceUnit;
}

/** What is typed for the plan: its traffic and currency. */
export type TrafficTexts = Partial<Record<"clipsPerSecond" | "daysPerYear" | "currency", string>>;

/** The texts a model's card first shows: its values as a planner would type them. */
export function modelTextsOf(model: EstateModel): ModelTexts {
  const texts: ModelTexts["texts"] = {};
  for (const field of ESTATE_FIELDS) {
    const value = model[field.key];
    if (value !== undefined && field.key !== "cadenceUnit") texts[field.key] = startingText(value, field.quantity);
  }
  return { texts, cadenceUnit: model.cadenceUnit };
}

/** The texts the plan's fields first show. */
export function trafficTextsOf(plan: EstatePlan): TrafficTexts {
  return {
    clipsPerSecond: startingText(plan.clipsPerSecond, "clipsPerSecond"),
    daysPerYear: String(plan.daysPerYear),
    currency: plan.currency ?? "",
  };
}

/** The form's reading: the plan when every field reads, the figures when it passes its checks, the errors. */
export interface EstateReading {
  plan?: EstatePlan;
  figures?: EstateFigures;
  trafficErrors: TrafficTexts;
  /** each model's errors by field, in the cards' order */
  modelErrors: Partial<Record<keyof EstateModel, string>>[];
  /** a problem of the whole list (its size), or of the figures, in words */
  planError?: string;
}

/** Reads the typed estate: numbers parsed field by field, then the estate's checks; figures when all hold. */
export function readEstate(traffic: TrafficTexts, models: readonly ModelTexts[]): EstateReading {
  const plainTraffic = readFields(TRAFFIC_FIELDS, traffic);
  const trafficErrors: TrafficTexts = { ...plainTraffic.errors };
  const readModels = models.map(({ texts }) => readFields(ESTATE_FIELDS, texts));
  const modelErrors = readModels.map((read) => ({ ...read.errors }) as Partial<Record<keyof EstateModel, string>>);
  const parsed = Object.keys(trafficErrors).length === 0 && modelErrors.every((e) => Object.keys(e).length === 0);
  if (!parsed) return { trafficErrors, modelErrors };
  const plan = {
    ...plainTraffic.values,
    models: readModels.map((read, i) => ({ name: "", ...read.values, cadenceUnit: models[i].cadenceUnit })),
  } as unknown as EstatePlan;
  const found = checkEstate(plan);
  for (const bad of found) {
    const message = sentence(bad.problem.message);
    if (bad.model !== undefined) modelErrors[bad.model][bad.key as keyof EstateModel] ??= message;
    else if (bad.key !== "models") trafficErrors[bad.key as keyof TrafficTexts] ??= message;
  }
  const listError = found.find((bad) => bad.key === "models");
  if (found.length > 0)
    return { trafficErrors, modelErrors, ...(listError && { planError: listError.problem.message }) };
  const figures = estateFigures(plan);
  if (isProblem(figures)) return { plan, trafficErrors, modelErrors, planError: figures.message };
  return { plan, figures, trafficErrors, modelErrors };
}

/** A copy's name: "B second opinion (copy)", "(copy 2)", ..., never one the estate has. */
export function copyName(name: string, taken: readonly string[]): string {
  const base = `${name.trim()} (copy`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base})` : `${base} ${n})`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** A new model's name: "Model 4", the first number no model has. */
export function newModelName(taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`Model ${n}`)) return `Model ${n}`;
}
