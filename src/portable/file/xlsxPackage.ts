/*
 * The portable file: an .xlsx's bytes in, the same workbook out with every MLCOST call rewritten
 * (mode "lambda": to its twin, the twins added as defined names; mode "plain": to arithmetic any
 * spreadsheet evaluates), and a report of what was converted and what was left, sheet by sheet.
 *
 * The package is edited, never rebuilt (ExcelJS would drop charts, images and pivot tables):
 *  - before anything is unzipped, the zip directory is checked (zipDirectory.ts): bad or repeated part names,
 *    encrypted entries and zip bombs are refused with a sentence that says why; a part read is checked against
 *    its stated size and CRC-32 (zipParts.ts), and read in the encoding it declares (partText.ts);
 *  - only the text of formulas in worksheet parts (cells, conditional formats, data validations) and
 *    xl/workbook.xml change, and, when
 *    a formula changed, the calculation chain: xl/calcChain.xml is deleted with its relationship
 *    and content-type override (Excel rebuilds it; a chain that no longer matches the formulas
 *    makes Excel offer to repair the file), and <calcPr fullCalcOnLoad="1"/> makes Excel
 *    recalculate on open. The cached <v> values are kept: stale until that recalculation;
 *  - every other part leaves with the very bytes it came with (zipParts.ts);
 *  - worksheets are converted one at a time, each written back compressed before the next is
 *    read, so memory grows with the largest sheet, not with the workbook.
 * MLCOST calls in charts cannot be converted (chartFormulas.ts) and are listed as left.
 * Browser-safe: Uint8Array or ArrayBuffer in, Uint8Array out, JSZip only.
 */
import JSZip from "jszip";
import { CHART_CONTENT_TYPES, callsLeftInChart } from "./chartFormulas";
import { notAWorkbookReason } from "./fileSniff";
import {
  contentTypeOf,
  overrideRemoval,
  relationshipsOf,
  relationshipsPartOf,
  resolveTarget,
  typeName,
  workbookExtension,
} from "./opcParts";
import { decodePart, PartText } from "./partText";
import { mlcostFunctionOf, PortableMode, portableFormula } from "../formula/rewrite";
import { CallLeft, FormulaRewriter, FormulasRewritten, rewriteOne, rewriteSheetFormulas } from "./sheetFormulas";
import { tokenize } from "../formula/tokenizer";
import { NameKept, planTwinNames, TwinNamesPlan } from "./twinNames";
import { twinsCalled } from "../formula/twinsCalled";
import { editWorkbookPart, readWorkbookPart, WorkbookEdits, WorkbookPart } from "./workbookXml";
import { zipDirectoryOf } from "./zipDirectory";
import { keepCompression, readPart, readPartBytes, UnreadablePart, writePart } from "./zipParts";
import { applySplices } from "./xmlScan";

/** What the conversion did to one worksheet. */
export interface SheetReport {
  sheet: string;
  /** the worksheet's part in the package, such as xl/worksheets/sheet1.xml */
  part: string;
  formulasConverted: number;
  callsConverted: number;
  left: CallLeft[];
}

/** What a conversion did, for the person who asked for it. */
export interface PortableFileReport {
  mode: PortableMode;
  sheets: SheetReport[];
  /** the workbook's own defined names that called MLCOST */
  definedNames: { formulasConverted: number; callsConverted: number; left: CallLeft[] };
  /** mode "lambda": twins added as workbook names, and names kept as the workbook had them */
  twins: { added: string[]; kept: NameKept[] };
  /**
   * Other parts that hold MLCOST calls the conversion cannot rewrite (charts), each with its calls. Optional
   * for reports built before charts were read; the converter always fills it.
   */
  otherParts?: { part: string; left: CallLeft[] }[];
  /** true when a formula changed: the file asks Excel to recalculate on open */
  recalculateOnOpen: boolean;
  calcChainRemoved: boolean;
}

/** The converted file and its report, or why there is no output. */
export type PortableFileResult =
  | {
      ok: true;
      bytes: Uint8Array;
      report: PortableFileReport;
      /** the extension the content calls for, without the dot: "xlsx", or "xlsm" for a macro-enabled workbook */
      extension: string;
    }
  | { ok: false; message: string };

/** Hooks for a caller that shows progress. */
export interface PortableFileOptions {
  /** called after each worksheet is written back */
  onSheet?: (done: number, total: number, sheet: string) => void;
  /**
   * Mode "lambda": which twins to add: "all" (a planner's own workbook, where they may type any of them), or only
   * those its formulas call, transitively ("called": a workbook the add-in writes, whose every name is used).
   */
  twins?: "all" | "called";
}

const fail = (message: string): PortableFileResult => ({ ok: false, message });
const NOTHING = "Nothing was converted.";
const UNZIPPABLE =
  "This file is damaged or not a complete .xlsx: it cannot be unzipped. If Excel opens it, save it again there " +
  "and choose the saved copy.";

/**
 * The formula rewriter for one scope: `mode`, except plain arithmetic for calls to the `plain` ids. Each formula
 * it is given (each that calls MLCOST) goes into `seen`, for the twins the workbook's formulas call.
 */
function rewriterFor(mode: PortableMode, plain: ReadonlySet<string>, seen: string[]): FormulaRewriter {
  return (formula) => {
    seen.push(formula);
    const callsPlain =
      mode === "lambda" && plain.size > 0 && tokenize(formula).some((t) => plain.has(mlcostFunctionOf(t)?.id || ""));
    return portableFormula(formula, callsPlain ? "plain" : mode);
  };
}

/** The plan's twins (added, and kept with their reasons) narrowed to the `called` ids. */
function onlyCalled(plan: TwinNamesPlan, called: readonly string[]): Pick<TwinNamesPlan, "added" | "kept"> {
  const needed = new Set(called);
  return {
    added: plan.added.filter((n) => needed.has(n.name.toUpperCase())),
    kept: plan.kept.filter((k) => needed.has(k.name.toUpperCase())),
  };
}

/** The package's workbook part, from its root relationships (xl/workbook.xml as Excel writes it). */
async function workbookPartOf(zip: JSZip): Promise<string> {
  const rels = relationshipsOf(((await readPart(zip, "_rels/.rels")) || { text: "" }).text);
  const main = rels.find((r) => typeName(r.type) === "officeDocument" && !r.external);
  return main ? resolveTarget("", main.target) : "xl/workbook.xml";
}

/** Deletes the calculation chain, its relationship and its content-type override; whether there was one. */
async function removeCalcChain(
  zip: JSZip,
  workbookPart: string,
  relsPart: string,
  rels: PartText,
  contentTypes: PartText | undefined,
): Promise<boolean> {
  const rel = relationshipsOf(rels.text).find((r) => typeName(r.type) === "calcChain" && !r.external);
  if (!rel) return false;
  const part = resolveTarget(workbookPart, rel.target);
  zip.remove(part);
  await writePart(
    zip,
    relsPart,
    applySplices(rels.text, [{ start: rel.start, end: rel.end, text: "" }]),
    rels.encoding,
  );
  const override = contentTypes && overrideRemoval(contentTypes.text, part);
  if (contentTypes && override)
    await writePart(zip, "[Content_Types].xml", applySplices(contentTypes.text, [override]), contentTypes.encoding);
  return true;
}

/** The MLCOST calls left in the package's charts, part by part (only parts that hold one). */
async function callsLeftInCharts(zip: JSZip, contentTypes: string): Promise<{ part: string; left: CallLeft[] }[]> {
  const found: { part: string; left: CallLeft[] }[] = [];
  const charts = Object.keys(zip.files).filter((name) =>
    CHART_CONTENT_TYPES.includes(contentTypeOf(contentTypes, name) || ""),
  );
  for (const part of charts) {
    const bytes = await readPartBytes(zip, part);
    const text = bytes && decodePart(bytes);
    if (!text) continue;
    if (!text.ok) {
      found.push({
        part,
        left: [{ where: "the whole chart", call: "", reason: `${text.reason} Calls in it were not looked for.` }],
      });
      continue;
    }
    try {
      const left = callsLeftInChart(text.text);
      if (left.length > 0) found.push({ part, left });
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      found.push({
        part,
        left: [{ where: "the whole chart", call: "", reason: `${error.message} Calls in it were not looked for.` }],
      });
    }
  }
  return found;
}

/**
 * Converts an .xlsx for readers without the add-in. Never throws for a bad file: the result says
 * what is wrong with it and carries no bytes.
 */
export async function portableWorkbook(
  input: Uint8Array | ArrayBuffer,
  mode: PortableMode,
  options: PortableFileOptions = {},
): Promise<PortableFileResult> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const unreadable = notAWorkbookReason(bytes);
  if (unreadable) return fail(unreadable);
  const directory = zipDirectoryOf(bytes);
  if (!directory.ok) return fail(directory.message);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    // JSZip's own message ("Corrupted zip: ...") says nothing a planner can act on.
    return fail(UNZIPPABLE);
  }
  keepCompression(zip);
  try {
    const workbookPart = await workbookPartOf(zip);
    if (/\.bin$/i.test(workbookPart)) {
      return fail(
        "This is a binary workbook (.xlsb). Open it in Excel, save it as an Excel Workbook (.xlsx), and try again.",
      );
    }
    const workbookXml = await readPart(zip, workbookPart);
    if (workbookXml === undefined) return fail(`This zip package is not an Excel workbook: it has no ${workbookPart}.`);
    return await convert(zip, workbookPart, workbookXml, mode, options);
  } catch (error) {
    if (error instanceof UnreadablePart) return fail(`${error.message} ${NOTHING}`);
    if (!(error instanceof SyntaxError)) throw error;
    return fail(`${error.message} ${NOTHING}`);
  }
}

/** The conversion proper, once the package is known to hold a workbook. */
async function convert(
  zip: JSZip,
  workbookPart: string,
  workbookText: PartText,
  mode: PortableMode,
  options: PortableFileOptions,
): Promise<PortableFileResult> {
  const workbookXml = workbookText.text;
  const workbook: WorkbookPart = readWorkbookPart(workbookXml);
  const relsPart = relationshipsPartOf(workbookPart);
  const relsText = (await readPart(zip, relsPart)) || { text: "", encoding: "utf-8" };
  const rels = relationshipsOf(relsText.text);
  const contentTypes = await readPart(zip, "[Content_Types].xml");
  const twins = mode === "lambda" ? planTwinNames(workbook.names, workbook.sheets) : undefined;
  const plainOn = (index: number | undefined) => (twins ? twins.plainOn(index) : new Set<string>());
  const seen: string[] = [];
  const worksheets = workbook.sheets
    .map((sheet) => ({ sheet, rel: rels.find((r) => r.id === sheet.relationshipId) }))
    .filter(({ rel }) => rel && typeName(rel.type) === "worksheet" && !rel.external);
  const sheets: SheetReport[] = [];
  for (const { sheet, rel } of worksheets) {
    const part = resolveTarget(workbookPart, rel ? rel.target : "");
    const bytes = await readPartBytes(zip, part);
    if (bytes === undefined)
      return fail(`The sheet "${sheet.name}" lists a part, ${part}, that is missing. ${NOTHING}`);
    const text = decodePart(bytes);
    let result: FormulasRewritten;
    if (!text.ok) {
      const reason = `${text.reason} The sheet was left as it was.`;
      result = { text: "", formulas: 0, calls: 0, left: [{ where: "the whole sheet", call: "", reason }] };
    } else {
      try {
        result = rewriteSheetFormulas(text.text, rewriterFor(mode, plainOn(sheet.index), seen));
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        return fail(`The sheet "${sheet.name}" (${part}) cannot be read. ${error.message} ${NOTHING}`);
      }
      if (result.formulas > 0) await writePart(zip, part, result.text, text.encoding);
    }
    sheets.push({
      sheet: sheet.name,
      part,
      formulasConverted: result.formulas,
      callsConverted: result.calls,
      left: result.left,
    });
    if (options.onSheet) options.onSheet(sheets.length, worksheets.length, sheet.name);
  }
  const names: FormulasRewritten = { text: "", formulas: 0, calls: 0, left: [] };
  const edits: WorkbookEdits = { rewritten: [], added: [], fullCalcOnLoad: false };
  for (const entry of workbook.names) {
    const formula = rewriteOne(
      entry.formula,
      `the name ${entry.name}`,
      rewriterFor(mode, plainOn(entry.localSheetId), seen),
      names,
    );
    if (formula !== entry.formula) edits.rewritten.push({ entry, formula });
  }
  const chosen = twins && options.twins === "called" ? onlyCalled(twins, twinsCalled(seen)) : twins;
  edits.added = chosen ? chosen.added : [];
  const otherParts = contentTypes ? await callsLeftInCharts(zip, contentTypes.text) : [];
  const changed = names.formulas + sheets.reduce((sum, s) => sum + s.formulasConverted, 0) > 0;
  edits.fullCalcOnLoad = changed;
  // No calcFeatures extension is added for the twins: [MS-XLSX] 2.4.82 says its features only tell Excel whether
  // to recalculate on open (when one it has is missing), and fullCalcOnLoad already makes it recalculate.
  if (changed || edits.added.length > 0)
    await writePart(zip, workbookPart, editWorkbookPart(workbookXml, workbook, edits), workbookText.encoding);
  const calcChainRemoved = changed && (await removeCalcChain(zip, workbookPart, relsPart, relsText, contentTypes));
  const report: PortableFileReport = {
    mode,
    sheets,
    definedNames: { formulasConverted: names.formulas, callsConverted: names.calls, left: names.left },
    twins: { added: edits.added.map((n) => n.name), kept: chosen ? chosen.kept : [] },
    otherParts,
    recalculateOnOpen: changed,
    calcChainRemoved,
  };
  return {
    ok: true,
    bytes: await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }),
    report,
    extension: contentTypes ? workbookExtension(contentTypes.text, workbookPart) : "xlsx",
  };
}
