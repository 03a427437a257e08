/*
 * The budget sheets Insert wrote into a workbook, with the plan each was written from, kept in the workbook's
 * document settings: the bill's actuals sheet compares the plan's months with the bill's (plan against actual),
 * and its formulas point at the budget sheet's rows, which only the plan that laid the sheet out can place. The
 * newest record first. Read by the one versioned reader (src/core/model/savedState.ts):
 *  - version 1 is the bare list the first release wrote (no format, no version), read and migrated to version 2;
 *  - version 2 is { format: "mlcost-budget-sheets", version: 2, records: [...] }, its plans' months a twelfth of
 *    their days a year (30-day months at 360), the only months there were;
 *  - version 3 is version 2 whose plans say what a month counts (monthDays: calendar months, or a twelfth of the
 *    days a year). A version 2 plan is migrated to the twelfth it was laid out with, so a sheet written before reads
 *    as it was written and its figures do not change silently;
 *  - version 4 holds each plan's model list (issue 29: a BudgetEstatePlan, the horizon, traffic and
 *    money shared, a block a model on the sheet). A version 3 plan was one model and is migrated to oneModelPlan of
 *    it, whose sheet is today's cell for cell and whose figures are budgetOf's to the last bit;
 *  - version 5, written now, may hold the request's tokens a one-model sheet's seconds per clip came from (issue 32):
 *    the sheet then writes the seconds as TOKENSECONDS' formula over four blue token inputs under them, four rows that
 *    move every row below, so the rows plan against actual reads are placed only with the tokens. A version 4 record
 *    was written with its seconds typed and is read as it was, with no tokens.
 * A record whose plan the model refuses is left out, and a sentence says which and why: never trusted, never
 * dropped unsaid.
 */
import { budgetPlanShapeProblem } from "../model/budgetShape";
import type { BudgetPlan, MonthDays } from "../model/budgetFields";
import { BUDGET_MODEL_KEYS, BudgetEstatePlan, oneModelPlan } from "../model/budgetModels";
import { estateBudgetOf } from "../model/estateBudget";
import { MAX_ESTATE_MODELS } from "../../estate/model";
import { isProblem, Problem } from "../../core/model/problems";
import { BudgetHeading, BudgetMonthRanges, layoutHeadings, layoutMonthRanges } from "./budgetLayout";
import { budgetModelsSheetLayout, ESTATE_KEY, isTodaysPlan } from "./budgetModelsSheet";
import { shortened } from "../../core/model/shortened";
import { REQUEST_TOKEN_KEYS, RequestTokens } from "../../tokens/model";
import {
  isNothingSaved,
  isRefusal,
  readSavedState,
  SavedStateFormat,
  savedStateMarks,
} from "../../core/model/savedState";

/** The document settings' key of the records. */
export const BUDGET_SHEETS_KEY = "mlcost.budget.sheets";

/** One budget sheet of the workbook and the plan it was written from. */
export interface BudgetSheetRecord {
  /** the name Insert gave it; the user may have renamed it since */
  sheetName: string;
  /**
   * its Worksheet.id, which Excel keeps across renames ("The ID ... will remain the same even if the worksheet is
   * renamed or moved", https://learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-id-member);
   * absent in records written before it was kept, or when Excel could not be asked: then the name finds it
   */
  sheetId?: string;
  /** the plan the sheet was laid out from: its models (one for a sheet of today's plan) and what they share */
  plan: BudgetEstatePlan;
  /**
   * the request's tokens the seconds per clip came from, on a sheet of today's one model where the planner chose
   * "tokens per request" (version 5); absent: the seconds were typed. They give the plan's seconds exactly.
   */
  tokens?: RequestTokens;
}

/** At most this many records are kept: a workbook seldom has more budget sheets, and settings are small. */
const MOST_RECORDS = 20;

/** The records, declared for the versioned reader: the bare list of version 1 migrates to the named version 2. */
export const BUDGET_SHEETS: SavedStateFormat<BudgetSheetRecord[]> = {
  format: "mlcost-budget-sheets",
  what: "The budget sheets' records",
  it: "they",
  kind: "a list of budget sheets",
  version: 5,
  unversioned: (value) => (Array.isArray(value) ? 1 : undefined),
  migrations: [
    {
      from: 1,
      change: "the list now says what it is and its version; every sheet and plan is as it was",
      migrate: (list) => (Array.isArray(list) ? { records: list } : "they are not a list of budget sheets."),
    },
    {
      from: 2,
      change:
        "a plan now says what a month counts; these sheets were written with 30-day months (a twelfth of the days " +
        "a year) and are read so, their figures as they were, while a new budget counts calendar months",
      migrate: (state) => twelfthMonths((state as Record<string, unknown>).records),
    },
    {
      from: 3,
      change:
        "a plan now holds a list of models; each of these sheets was written of one model and is read as a plan of " +
        "that one model, every clip scored at its one price, its sheet and figures as they were",
      migrate: (state) => oneModelPlans((state as Record<string, unknown>).records),
    },
    {
      from: 4,
      change:
        "a record may now keep the request's tokens its seconds per clip came from; these sheets were written with " +
        "their seconds typed and are read so, their sheets and figures as they were",
      // nothing to change: a record without tokens is a sheet of typed seconds in version 5 too
      migrate: (state) => state as Record<string, unknown>,
    },
  ],
  check: (state, note) => checkRecords(state.records, note),
  maxCharacters: 2_000_000,
};

/**
 * Version 2's records with their plans on the months they were laid out with: a twelfth of their days a year.
 * Anything else in the list is left as it is, for the current version's check to name.
 */
function twelfthMonths(records: unknown): Record<string, unknown> | string {
  if (!Array.isArray(records)) return "they hold no list of budget sheets.";
  const monthDays: MonthDays = "yearTwelfth";
  return {
    records: records.map((record: unknown) => {
      const { plan } = (typeof record === "object" && record !== null ? record : {}) as Record<string, unknown>;
      if (typeof plan !== "object" || plan === null || Array.isArray(plan)) return record;
      return { ...(record as object), plan: { ...plan, monthDays } };
    }),
  };
}

/**
 * Version 3's records with each plan as the plan of its one model (oneModelPlan). Anything else in the list is left
 * as it is, for the current version's check to name.
 */
function oneModelPlans(records: unknown): Record<string, unknown> | string {
  if (!Array.isArray(records)) return "they hold no list of budget sheets.";
  return {
    records: records.map((record: unknown) => {
      const { plan } = (typeof record === "object" && record !== null ? record : {}) as Record<string, unknown>;
      if (typeof plan !== "object" || plan === null || Array.isArray(plan)) return record;
      return { ...(record as object), plan: oneModelPlan(plan as BudgetPlan) };
    }),
  };
}

/** A model's own fields that today's plan has not, with what each keeps: its name, share and two prices. */
const MODEL_OWN_SHAPES = [
  { key: "name", label: "name", keeps: "text", optional: false },
  { key: "shareScored", label: "share of clips scored", keeps: "a number", optional: false },
  { key: "trainingPricePerHour", label: "training price", keeps: "a number", optional: true },
  { key: "servingPricePerHour", label: "serving price", keeps: "a number", optional: true },
] as const;

/**
 * The first reason a stored plan is not shaped as a plan of models (no list of 1 to MAX_ESTATE_MODELS models, a
 * shared or a model's field missing or of the wrong kind), as a clause naming the model; undefined when all fit.
 * Each model is checked as the plan it makes with the shared fields (budgetPlanShapeProblem), its serving price as
 * the plan's price.
 */
function estatePlanShapeProblem(plan: Record<string, unknown>): string | undefined {
  const { models, ...shared } = plan;
  if (!Array.isArray(models)) return "its plan has no list of models (models)";
  if (models.length < 1 || models.length > MAX_ESTATE_MODELS) {
    return `its plan holds ${models.length} models, where a plan holds 1 to ${MAX_ESTATE_MODELS}`;
  }
  for (const [index, model] of models.entries()) {
    const which = `its model ${index + 1}`;
    if (typeof model !== "object" || model === null || Array.isArray(model)) return `${which} is not a model`;
    const fields = model as Record<string, unknown>;
    for (const { key, label, keeps, optional } of MODEL_OWN_SHAPES) {
      const value = fields[key];
      if (value === undefined && optional) continue;
      if (typeof value !== (keeps === "text" ? "string" : "number"))
        return `${which}'s ${label} (${key}) is not ${keeps}`;
    }
    const own = Object.fromEntries(BUDGET_MODEL_KEYS.map((key) => [key, fields[key]]));
    const misshapen = budgetPlanShapeProblem({ ...shared, ...own, pricePerHour: fields.servingPricePerHour });
    if (misshapen) return `${which}: ${misshapen}`;
  }
  return undefined;
}

/** The current version's records: each checked, a bad one left out with a sentence, the newest MOST_RECORDS kept. */
function checkRecords(records: unknown, note: (sentence: string) => void): BudgetSheetRecord[] | string {
  if (!Array.isArray(records)) return "they hold no list of budget sheets.";
  const kept: BudgetSheetRecord[] = [];
  records.forEach((record: unknown, index) => {
    const why = recordProblem(record, index);
    if (why) note(why);
    else kept.push(record as BudgetSheetRecord);
  });
  if (kept.length > MOST_RECORDS) {
    note(
      `Only the newest ${MOST_RECORDS} budget sheets' records are read; ` +
        `${kept.length - MOST_RECORDS} older ones are not.`,
    );
  }
  return kept.slice(0, MOST_RECORDS);
}

/**
 * Why a stored record cannot be trusted (no sheet name, no plan, a field missing or of the wrong kind, a plan the
 * model refuses), or undefined.
 */
function recordProblem(record: unknown, index: number): string | undefined {
  const { sheetName, plan } = (typeof record === "object" && record !== null ? record : {}) as Record<string, unknown>;
  if (typeof sheetName !== "string" || sheetName.trim() === "") {
    return `Budget sheet record ${index + 1} names no sheet, so it is left out.`;
  }
  const which = `The record of the budget sheet "${shortened(sheetName, 40)}"`;
  const { sheetId } = record as Record<string, unknown>;
  if (sheetId !== undefined && (typeof sheetId !== "string" || sheetId === "")) {
    return `${which} is left out: its sheet id is ${typeof sheetId === "string" ? "empty" : "not text"}.`;
  }
  if (typeof plan !== "object" || plan === null || Array.isArray(plan))
    return `${which} has no plan, so it is left out.`;
  // each field of its kind first: the plan's checks, and everything that reads a plan, may then trust the shapes
  const misshapen = estatePlanShapeProblem(plan as Record<string, unknown>);
  if (misshapen) return `${which} is left out: ${misshapen}.`;
  try {
    const result = estateBudgetOf(plan as BudgetEstatePlan);
    if (Array.isArray(result)) return `${which} is left out: ${result[0].message}`;
    const { tokens } = record as Record<string, unknown>;
    const wrongTokens = tokens === undefined ? undefined : tokensProblem(plan as BudgetEstatePlan, tokens);
    return wrongTokens && `${which} is left out: ${wrongTokens}`;
  } catch {
    // a plan of the wrong shapes inside (a month list that is text) is as untrustworthy as a refused one
    return `${which} is left out: its plan could not be read.`;
  }
}

/**
 * Why a record's `tokens` cannot be the seconds its sheet was laid out with: not four numbers, a plan of several
 * models (whose sheet has no such row), or tokens the model refuses or whose seconds are not the plan's. Undefined
 * when they lay out the sheet recorded.
 */
function tokensProblem(plan: BudgetEstatePlan, tokens: unknown): string | undefined {
  if (typeof tokens !== "object" || tokens === null || Array.isArray(tokens)) return "its tokens are not a request's.";
  const fields = tokens as Record<string, unknown>;
  const missing = REQUEST_TOKEN_KEYS.find((key) => typeof fields[key] !== "number");
  if (missing) return `its tokens' ${missing} is not a number.`;
  if (!isTodaysPlan(plan))
    return "it keeps tokens for a plan of several models, whose sheet types each model's seconds.";
  const layout = budgetModelsSheetLayout(plan, "", { tokens: tokens as RequestTokens });
  return isProblem(layout) ? sentenceOf(layout.message) : undefined;
}

/** A message as the end of a sentence: its own full stop, or one added. */
const sentenceOf = (message: string): string => (/[.!?]$/.test(message) ? message : `${message}.`);

/** The records read from the settings, with what a planner should be told (migrated, left out, refused). */
export interface BudgetSheetsReading {
  records: BudgetSheetRecord[];
  /** sentences: the records were migrated, a record was left out, or none could be read and why */
  notes: string[];
  /** why none could be read: a newer MLCost saved them (they must not be written over), or they are unreadable */
  refused?: "newer" | "unreadable";
}

/**
 * The records read from a stored value (the settings' text), in order, and the sentences about them. Nothing
 * stored reads as none, with nothing to say. Never throws.
 * @example readBudgetSheets(budgetSheetsText([{ sheetName: "Budget", plan }])).records[0].sheetName // "Budget"
 */
export function readBudgetSheets(stored: unknown): BudgetSheetsReading {
  if (isNothingSaved(stored)) return { records: [], notes: [] };
  const reading = readSavedState(BUDGET_SHEETS, stored);
  if (isRefusal(reading)) {
    const notes = [`The budget sheets' records could not be read: ${reading.refused}`];
    return { records: [], notes, refused: reading.newer ? "newer" : "unreadable" };
  }
  return { records: reading.value, notes: [...reading.notes] };
}

/** The stored text after a record was added, or none where it must not be written; and what to say of it. */
export interface BudgetSheetsUpdate {
  /** the text to keep, or undefined: the stored records are a newer MLCost's and are left as they are */
  text?: string;
  notes: string[];
}

/** The records as the settings keep them (version 5). */
export function budgetSheetsText(records: readonly BudgetSheetRecord[]): string {
  return JSON.stringify({ ...savedStateMarks(BUDGET_SHEETS), records: records.slice(0, MOST_RECORDS) });
}

/**
 * The stored text after `record` was inserted: it first, and no older record of the same sheet. Records that
 * could not be read are not written back, nor is the oldest past MOST_RECORDS, and the notes say so; records a
 * newer MLCost saved are not written over at all.
 */
export function withBudgetSheet(stored: unknown, record: BudgetSheetRecord): BudgetSheetsUpdate {
  const reading = readBudgetSheets(stored);
  if (reading.refused === "newer") {
    return {
      notes: [...reading.notes, "They are left as they are, so the Bill view will not find this sheet's plan."],
    };
  }
  const notes = [...reading.notes];
  if (reading.refused === "unreadable") notes.push("They are replaced by this sheet's record.");
  const sameSheet = (r: BudgetSheetRecord) =>
    r.sheetName === record.sheetName || (r.sheetId !== undefined && r.sheetId === record.sheetId);
  const records = [record, ...reading.records.filter((r) => !sameSheet(r))];
  const forgotten = records.slice(MOST_RECORDS).map((r) => `"${shortened(r.sheetName, 40)}"`);
  if (forgotten.length > 0) {
    notes.push(`At most ${MOST_RECORDS} budget sheets' records are kept: ${forgotten.join(", ")} no longer is.`);
  }
  return { text: budgetSheetsText(records), notes };
}

/** The rows another sheet reads on the sheet of `plan`: today's rows for today's plan, else the estate's. */
const readRowsPrefix = (plan: BudgetEstatePlan): string => (isTodaysPlan(plan) ? "" : ESTATE_KEY);

/**
 * Where the budget sheet of a recorded `plan`, held as `sheetName`, shows what plan against actual reads: its dated
 * headings and, a row each, training's and paid serving's hours and the cost when priced; today's rows for a plan
 * of today's one model (the sheet is today's), the estate's rows (every model's months added) for a plan of models.
 * Laid out here as Insert lays it out (its seconds from the record's `tokens` where it keeps them); or the plan's
 * first problem.
 */
export function recordedMonthRanges(
  plan: BudgetEstatePlan,
  sheetName: string,
  tokens?: RequestTokens,
): BudgetMonthRanges | Problem {
  const layout = budgetModelsSheetLayout(plan, "", tokens && { tokens });
  return isProblem(layout) ? layout : layoutMonthRanges(layout, sheetName, readRowsPrefix(plan));
}

/**
 * The labels in column A of the rows recordedMonthRanges points at, as Insert lays out the sheet of `plan`: a sheet
 * whose column A does not hold them there is not that budget sheet (its seconds from the record's `tokens` where it
 * keeps them). Or the plan's first problem.
 */
export function recordedSheetHeadings(plan: BudgetEstatePlan, tokens?: RequestTokens): BudgetHeading[] | Problem {
  const layout = budgetModelsSheetLayout(plan, "", tokens && { tokens });
  return isProblem(layout) ? layout : layoutHeadings(layout, readRowsPrefix(plan));
}
