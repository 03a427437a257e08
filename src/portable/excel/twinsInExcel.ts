/*
 * The workbook functions (LAMBDA twins) as workbook-scoped names of the open workbook, through
 * Office.js: NamedItemCollection.add(name, reference, comment) takes "the formula or the range
 * that the name will refer to" (ExcelApi 1.4,
 * https://learn.microsoft.com/javascript/api/excel/excel.nameditemcollection#excel-excel-nameditemcollection-add-member(1)),
 * in English as the formula bar shows it: "=LAMBDA(training_hours,...)". The rules are the .xlsx
 * path's (twinNames.ts): a name the workbook has is never overwritten but reported, and where a
 * name of the user's takes a twin's place, a conversion writes those calls as plain arithmetic.
 * Beside it, its counterpart for a downloaded .xlsx (withWorkbookFunctions), which every sheet's
 * writer adds as Insert adds the twins in Excel. A sheet's Insert and its download define only the twins its
 * formulas call, transitively (twinsCalled.ts); Add workbook functions, asked for by the planner, adds all.
 */
import { fileFormula } from "../formula/fileFormula";
import { NameKept, planTwinNames, TwinNamesPlan } from "../file/twinNames";
import { lambdaTwin, TWIN_SPECS } from "../formula/twins";
import { twinsCalled } from "../formula/twinsCalled";
import { attempt, failureTextWithCode, Session } from "../../core/writers/officeSync";
import { missingRequirement } from "./session";

/** A defined name as Office.js lists it; `sheetIndex` is the position of its sheet for a sheet's own name. */
export interface NameSeen {
  name: string;
  formula: string;
  sheetIndex?: number;
}

/** What adding the twins did: the names added, those kept out and why, and why none could go in. */
export interface FunctionsOutcome {
  added: string[];
  kept: NameKept[];
  /** why some or all twins were not added, when Excel refused them */
  skipped?: string;
}

/** A name's formula as Office.js gives it ("=LAMBDA(x,...)") in the file's spelling, as the twins' plan compares. */
function asStored(formula: string): string {
  const text = formula.replace(/^=/, "");
  try {
    return fileFormula(text);
  } catch {
    return text; // not a formula the tokenizer reads: it is no twin, and compares as it is
  }
}

/** The formula names.add takes for the twin of `id`: the formula bar's English, with "=". */
export function twinFormula(id: string): string {
  const spec = TWIN_SPECS.find((s) => s.id === id);
  if (!spec) throw new RangeError(`MLCOST.${id} has no workbook function.`);
  return `=${lambdaTwin(spec)}`;
}

/**
 * Which twins to add to a workbook with these names and sheets. For "add" (Add workbook functions,
 * Insert), nothing is converted, so a kept name's reason says only that its twin did not go in.
 */
export function planExcelTwins(
  names: readonly NameSeen[],
  sheetNames: readonly string[],
  purpose: "add" | "convert",
): TwinNamesPlan {
  const plan = planTwinNames(
    names.map((n) => ({
      name: n.name,
      localSheetId: n.sheetIndex,
      formula: asStored(n.formula),
      contentStart: 0,
      contentEnd: 0,
    })),
    sheetNames.map((name, index) => ({ name, relationshipId: "", index })),
  );
  if (purpose === "convert") return plan;
  const kept = plan.kept.map(({ name, reason }) => ({
    name,
    reason: reason.replace(
      /; calls to MLCOST\.(\w+)( on that sheet)? became plain arithmetic\.$/,
      (_, id: string, there: string | undefined) =>
        there ? `; on that sheet ${id}(...) calls that name.` : `; the workbook function ${id} was not added.`,
    ),
  }));
  return { ...plan, kept };
}

const sameFormula = (a: string, b: string) =>
  a.replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

/**
 * The twins the workbook holds once `outcome` is done: those just added and those it already had
 * (a workbook-scope name whose formula is the twin's). A conversion writes calls to the others as
 * plain arithmetic, so that no cell calls a name that is missing.
 */
export function twinsPresent(names: readonly NameSeen[], outcome: FunctionsOutcome): Set<string> {
  const present = new Set<string>(outcome.added.map((n) => n.toUpperCase()));
  for (const spec of TWIN_SPECS) {
    const own = names.find((n) => n.sheetIndex === undefined && n.name.toUpperCase() === spec.id);
    if (own && sameFormula(asStored(own.formula), asStored(twinFormula(spec.id)))) present.add(spec.id);
  }
  return present;
}

/**
 * Adds the plan's twins in one batch. Excel applies a failing batch up to the failing operation,
 * so after a failure the twins are looked up again: those that went in are reported as added,
 * and the failure as the reason the rest did not.
 */
export async function addPlannedTwins(
  context: Excel.RequestContext,
  session: Session,
  plan: TwinNamesPlan,
): Promise<FunctionsOutcome> {
  const names = context.workbook.names;
  if (plan.added.length === 0) return { added: [], kept: plan.kept };
  for (const { name, comment } of plan.added) names.add(name, twinFormula(name), comment);
  const adding = await attempt(() => session.counted(context.sync()), failureTextWithCode);
  if (adding.ok) return { added: plan.added.map((n) => n.name), kept: plan.kept };
  const lookUp = await attempt(async () => {
    const found = plan.added.map(({ name }) => ({ name, item: names.getItemOrNullObject(name).load("formula") }));
    await session.counted(context.sync());
    return found
      .filter(
        ({ name, item }) => !item.isNullObject && sameFormula(asStored(item.formula), asStored(twinFormula(name))),
      )
      .map(({ name }) => name);
  }, failureTextWithCode);
  if (lookUp.ok) return { added: lookUp.value, kept: plan.kept, skipped: adding.reason };
  return {
    added: [],
    kept: plan.kept,
    skipped: `${adding.reason}; looking the names up failed too (${lookUp.reason})`,
  };
}

/** The plan narrowed to the twins `needed` (ids): those added, and those kept with their reasons. */
function onlyNeeded(plan: TwinNamesPlan, needed: readonly string[]): TwinNamesPlan {
  const ids = new Set(needed);
  return {
    ...plan,
    added: plan.added.filter((n) => ids.has(n.name.toUpperCase())),
    kept: plan.kept.filter((k) => ids.has(k.name.toUpperCase())),
  };
}

/**
 * Adds the workbook functions to the open workbook: one sync to read its names, one to add the
 * twins (and one more to look them up if Excel refused some). Given a sheet's `formulas`, only the twins those
 * call, transitively, and no sync at all when they call none; without, every twin. Never throws: a failure is
 * `skipped`.
 */
export async function addWorkbookFunctionsIn(
  context: Excel.RequestContext,
  session: Session,
  formulas?: readonly string[],
): Promise<FunctionsOutcome> {
  const needed = formulas && twinsCalled(formulas);
  if (needed && needed.length === 0) return { added: [], kept: [] };
  const missing = missingRequirement();
  if (missing) return { added: [], kept: [], skipped: missing };
  const adding = await attempt(async () => {
    const names = context.workbook.names.load("items/name,items/formula");
    await session.counted(context.sync());
    const plan = planExcelTwins(
      names.items.map((n) => ({ name: n.name, formula: String(n.formula) })),
      [],
      "add",
    );
    return addPlannedTwins(context, session, needed ? onlyNeeded(plan, needed) : plan);
  }, failureTextWithCode);
  return adding.ok ? adding.value : { added: [], kept: [], skipped: adding.reason };
}

/**
 * `written` (an .xlsx ExcelJS wrote) with the workbook functions (the LAMBDA twins: =CROSSOVER(...) and the
 * others) added as workbook names, so its reader can type them in Excel 365 and 2024 without the add-in. ExcelJS
 * mangles names whose value is a formula (protobi/exceljs 59), so the twins go into xl/workbook.xml after it
 * writes, by the portable file's package edit (loaded on first use, with JSZip).
 */
export async function withWorkbookFunctions(written: ArrayBuffer): Promise<ArrayBuffer> {
  const { portableWorkbook } = await import(/* webpackChunkName: "portable-file" */ "../file/xlsxPackage");
  const result = await portableWorkbook(written, "lambda", { twins: "called" });
  if (!result.ok) throw new Error(`The workbook functions could not be added: ${result.message}`);
  const { buffer, byteOffset, byteLength } = result.bytes;
  return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
}
