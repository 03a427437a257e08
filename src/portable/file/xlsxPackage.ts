/*
 * The portable file: an .xlsx's bytes in, the same workbook out with every MLCOST call rewritten
 * (mode "lambda": to its twin, the twins added as defined names; mode "plain": to arithmetic any
 * spreadsheet evaluates), and a report of what was converted and what was left, sheet by sheet.
 *
 * The package is edited, never rebuilt (ExcelJS would drop charts, images and pivot tables):
 *  - only the text of cell formulas (<f>) in worksheet parts and xl/workbook.xml change, and, when
 *    a formula changed, the calculation chain: xl/calcChain.xml is deleted with its relationship
 *    and content-type override (Excel rebuilds it; a chain that no longer matches the formulas
 *    makes Excel offer to repair the file), and <calcPr fullCalcOnLoad="1"/> makes Excel
 *    recalculate on open. The cached <v> values are kept: stale until that recalculation;
 *  - every other part leaves with the very bytes it came with (zipParts.ts);
 *  - worksheets are converted one at a time, each written back compressed before the next is
 *    read, so memory grows with the largest sheet, not with the workbook.
 * Browser-safe: Uint8Array or ArrayBuffer in, Uint8Array out, JSZip only.
 */
import JSZip from "jszip";
import { notAWorkbookReason } from "./fileSniff";
import { overrideRemoval, relationshipsOf, relationshipsPartOf, resolveTarget, typeName } from "./opcParts";
import { mlcostFunctionOf, PortableMode, portableFormula } from "../formula/rewrite";
import { CallLeft, FormulaRewriter, FormulasRewritten, rewriteOne, rewriteSheetFormulas } from "./sheetFormulas";
import { tokenize } from "../formula/tokenizer";
import { NameKept, planTwinNames } from "./twinNames";
import { editWorkbookPart, readWorkbookPart, WorkbookEdits, WorkbookPart } from "./workbookXml";
import { keepCompression, readPart, writePart } from "./zipParts";
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
  /** true when a formula changed: the file asks Excel to recalculate on open */
  recalculateOnOpen: boolean;
  calcChainRemoved: boolean;
}

/** The converted file and its report, or why there is no output. */
export type PortableFileResult =
  { ok: true; bytes: Uint8Array; report: PortableFileReport } | { ok: false; message: string };

/** Hooks for a caller that shows progress. */
export interface PortableFileOptions {
  /** called after each worksheet is written back */
  onSheet?: (done: number, total: number, sheet: string) => void;
}

const fail = (message: string): PortableFileResult => ({ ok: false, message });
const NOTHING = "Nothing was converted.";

/** The formula rewriter for one scope: `mode`, except plain arithmetic for calls to the `plain` ids. */
function rewriterFor(mode: PortableMode, plain: ReadonlySet<string>): FormulaRewriter {
  return (formula) => {
    const callsPlain =
      mode === "lambda" && plain.size > 0 && tokenize(formula).some((t) => plain.has(mlcostFunctionOf(t)?.id || ""));
    return portableFormula(formula, callsPlain ? "plain" : mode);
  };
}

/** The package's workbook part, from its root relationships (xl/workbook.xml as Excel writes it). */
async function workbookPartOf(zip: JSZip): Promise<string> {
  const rels = relationshipsOf((await readPart(zip, "_rels/.rels")) || "");
  const main = rels.find((r) => typeName(r.type) === "officeDocument" && !r.external);
  return main ? resolveTarget("", main.target) : "xl/workbook.xml";
}

/** Deletes the calculation chain, its relationship and its content-type override; whether there was one. */
async function removeCalcChain(zip: JSZip, workbookPart: string, relsPart: string, relsXml: string): Promise<boolean> {
  const rel = relationshipsOf(relsXml).find((r) => typeName(r.type) === "calcChain" && !r.external);
  if (!rel) return false;
  const part = resolveTarget(workbookPart, rel.target);
  zip.remove(part);
  await writePart(zip, relsPart, applySplices(relsXml, [{ start: rel.start, end: rel.end, text: "" }]));
  const contentTypes = await readPart(zip, "[Content_Types].xml");
  const override = contentTypes && overrideRemoval(contentTypes, part);
  if (contentTypes && override) await writePart(zip, "[Content_Types].xml", applySplices(contentTypes, [override]));
  return true;
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
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (error) {
    return fail(`This file is damaged or not a complete .xlsx: it cannot be unzipped (${(error as Error).message}).`);
  }
  keepCompression(zip);
  const workbookPart = await workbookPartOf(zip);
  if (/\.bin$/i.test(workbookPart)) {
    return fail(
      "This is a binary workbook (.xlsb). Open it in Excel, save it as an Excel Workbook (.xlsx), and try again.",
    );
  }
  const workbookXml = await readPart(zip, workbookPart);
  if (workbookXml === undefined) return fail(`This zip package is not an Excel workbook: it has no ${workbookPart}.`);
  try {
    return await convert(zip, workbookPart, workbookXml, mode, options);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return fail(`${error.message} ${NOTHING}`);
  }
}

/** The conversion proper, once the package is known to hold a workbook. */
async function convert(
  zip: JSZip,
  workbookPart: string,
  workbookXml: string,
  mode: PortableMode,
  options: PortableFileOptions,
): Promise<PortableFileResult> {
  const workbook: WorkbookPart = readWorkbookPart(workbookXml);
  const relsPart = relationshipsPartOf(workbookPart);
  const relsXml = (await readPart(zip, relsPart)) || "";
  const rels = relationshipsOf(relsXml);
  const twins = mode === "lambda" ? planTwinNames(workbook.names, workbook.sheets) : undefined;
  const plainOn = (index: number | undefined) => (twins ? twins.plainOn(index) : new Set<string>());
  const worksheets = workbook.sheets
    .map((sheet) => ({ sheet, rel: rels.find((r) => r.id === sheet.relationshipId) }))
    .filter(({ rel }) => rel && typeName(rel.type) === "worksheet" && !rel.external);
  const sheets: SheetReport[] = [];
  for (const { sheet, rel } of worksheets) {
    const part = resolveTarget(workbookPart, rel ? rel.target : "");
    const xml = await readPart(zip, part);
    if (xml === undefined) return fail(`The sheet "${sheet.name}" lists a part, ${part}, that is missing. ${NOTHING}`);
    let result: FormulasRewritten;
    try {
      result = rewriteSheetFormulas(xml, rewriterFor(mode, plainOn(sheet.index)));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      return fail(`The sheet "${sheet.name}" (${part}) cannot be read. ${error.message} ${NOTHING}`);
    }
    if (result.formulas > 0) await writePart(zip, part, result.text);
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
  const edits: WorkbookEdits = { rewritten: [], added: twins ? twins.added : [], fullCalcOnLoad: false };
  for (const entry of workbook.names) {
    const formula = rewriteOne(
      entry.formula,
      `the name ${entry.name}`,
      rewriterFor(mode, plainOn(entry.localSheetId)),
      names,
    );
    if (formula !== entry.formula) edits.rewritten.push({ entry, formula });
  }
  const changed = names.formulas + sheets.reduce((sum, s) => sum + s.formulasConverted, 0) > 0;
  edits.fullCalcOnLoad = changed;
  if (changed || edits.added.length > 0)
    await writePart(zip, workbookPart, editWorkbookPart(workbookXml, workbook, edits));
  const calcChainRemoved = changed && (await removeCalcChain(zip, workbookPart, relsPart, relsXml));
  const report: PortableFileReport = {
    mode,
    sheets,
    definedNames: { formulasConverted: names.formulas, callsConverted: names.calls, left: names.left },
    twins: { added: edits.added.map((n) => n.name), kept: twins ? twins.kept : [] },
    recalculateOnOpen: changed,
    calcChainRemoved,
  };
  return { ok: true, bytes: await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }), report };
}
