/*
 * The task pane's form as data: each field's label, unit, default and check, and the reading of
 * typed text into a Plan. No DOM here, so the rules are tested directly. The checks are the
 * model's, called with the field's label so a message names what to fix.
 */
import { checkDivisor, checkFactor, checkNonNegative, EXAMPLE_PLAN, isProblem, Plan, Problem, stageInputsOf, stageTable, StageTable } from "../model";

/** The form's field ids: the Plan's own keys. */
export type FieldId = keyof Plan;

/** One field of the form. */
export interface Field {
  id: FieldId;
  label: string;
  unit: string;
  /** the text the field starts with; "" for an optional field left to its default */
  initial: string;
  /** what an empty optional field means, shown as its placeholder */
  blankMeans?: string;
  kind: "number" | "text";
  /** the model's check for this field's number */
  check?: (value: number, label: string) => Problem | undefined;
  group: "system" | "stages" | "honesty" | "money";
}

const positive = (value: number, label: string) => checkDivisor(value, label);

/** Every field, in the order the form shows them. Defaults are the worked example's. */
export const FIELDS: readonly Field[] = [
  { id: "trainingHours", label: "Training accelerator-hours per retrain", unit: "h", initial: String(EXAMPLE_PLAN.trainingHours), kind: "number", check: checkNonNegative, group: "system" },
  { id: "secondsPerClip", label: "Accelerator-seconds per clip", unit: "s", initial: "0.040", kind: "number", check: positive, group: "system" },
  { id: "intervalDays", label: "Retrain interval", unit: "days", initial: String(EXAMPLE_PLAN.intervalDays), kind: "number", check: positive, group: "system" },
  { id: "prototypeClips", label: "Prototype: clips per interval", unit: "clips", initial: "5,000", kind: "number", check: checkNonNegative, group: "stages" },
  { id: "launchClips", label: "Launch: clips per interval", unit: "blank = the crossover", initial: "", blankMeans: "the crossover", kind: "number", check: checkNonNegative, group: "stages" },
  { id: "clipsPerSecond", label: "Scale: clips per second", unit: "clips/s", initial: String(EXAMPLE_PLAN.clipsPerSecond), kind: "number", check: checkNonNegative, group: "stages" },
  { id: "scaleClips", label: "Scale: clips per interval", unit: "blank = clips/s × interval", initial: "", blankMeans: "clips/s × interval", kind: "number", check: checkNonNegative, group: "stages" },
  { id: "trainingOverhead", label: "Training overhead: failed runs and sweeps", unit: "×", initial: "1", kind: "number", check: checkFactor, group: "honesty" },
  { id: "peakToMean", label: "Peak-to-mean provisioning for serving", unit: "×", initial: "1", kind: "number", check: checkFactor, group: "honesty" },
  { id: "pricePerHour", label: "Price per accelerator-hour", unit: "blank = hours only", initial: "", blankMeans: "none", kind: "number", check: checkNonNegative, group: "money" },
  { id: "currency", label: "Currency", unit: "", initial: "", blankMeans: "e.g. USD", kind: "text", group: "money" },
];

const OPTIONAL = new Set<FieldId>(["launchClips", "scaleClips", "pricePerHour", "currency"]);

/** Reads a typed number: "5,000", "1.944e9", " 0.040 ". A comma is only a thousands separator. */
export function parseNumber(text: string): number | string {
  const trimmed = text.trim().replace(/[\s_]/g, "");
  if (trimmed === "") return "Enter a number.";
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?([eE][+-]?\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, "") : trimmed;
  if (plain.includes(",")) return "Use a point for decimals (0.04), and commas only between thousands (5,000).";
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(plain)) return `"${text.trim()}" is not a number.`;
  const value = Number(plain);
  return Number.isFinite(value) ? value : "That number is too large.";
}

/** The form's reading: a plan when every field is valid, and a message per invalid field. */
export interface FormReading {
  plan?: Plan;
  /** the plan's stage table, present whenever the plan is */
  table?: StageTable;
  errors: Partial<Record<FieldId, string>>;
  /** a problem of the whole plan (such as an overflow) that no single field explains */
  planError?: string;
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** Reads the typed texts of every field into a Plan, or says what to fix next to each field. */
export function readForm(texts: Partial<Record<FieldId, string>>): FormReading {
  const errors: Partial<Record<FieldId, string>> = {};
  const plan: Record<string, number | string | undefined> = {};
  for (const field of FIELDS) {
    const text = (texts[field.id] ?? "").trim();
    if (text === "" && OPTIONAL.has(field.id)) continue;
    if (field.kind === "text") {
      plan[field.id] = text.slice(0, 8);
      continue;
    }
    const value = parseNumber(text);
    if (typeof value === "string") {
      errors[field.id] = value;
      continue;
    }
    const bad = field.check?.(value, field.label);
    if (bad) errors[field.id] = sentence(bad.message);
    else plan[field.id] = value === 0 ? 0 : value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const complete = plan as unknown as Plan;
  const inputs = stageInputsOf(complete);
  const table = isProblem(inputs) ? inputs : stageTable(inputs);
  if (isProblem(table)) return { errors, planError: sentence(table.message) };
  return { plan: complete, table, errors };
}
