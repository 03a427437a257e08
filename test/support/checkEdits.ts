/*
 * What a reviewer does to a written sheet, for the checks' tests: type a bad number into an input, or over a
 * formula, in the layout (for HyperFormula and IronCalc) or in the saved .xlsx itself (for LibreOffice, at the XML
 * level, every other part and cell as written); and where the master check is, to read what it names.
 */
import JSZip from "jszip";
import { absoluteReference, parseCell } from "../../src/core/excel/a1";
import { CHECK_FAILED, CHECKS_OK } from "../../src/core/sheet/checks";
import type { LayoutCell } from "../../src/core/sheet/cell";
import { functionDepth } from "./formulaDepth";
import { formulaResults, saveBytes } from "./formulaResults";
import { layoutInHyperFormula } from "./layoutEngines";
import { ironcalcModel } from "./ironcalc";
import { Named, placedCells } from "./layoutCells";
import { recalculateManyWithLibreOffice } from "./libreoffice";

/** A layout's rows, as every sheet layout has them. */
interface Rows {
  rows: readonly (readonly (LayoutCell | null)[])[];
}

/** One edit: the cell's address and what is typed there (null empties it). */
export type CellEdit = readonly [address: string, value: number | string | null];

/** The address of the master check: the one cell whose formula gives "Check: OK". */
export function masterCheckAddress(layout: Rows): string {
  const found = placedCells(layout as never).filter(({ cell }) => cell.formula?.includes(`"${CHECKS_OK}"`));
  if (found.length !== 1) throw new Error(`${found.length} master checks on the sheet.`);
  return found[0].address;
}

/**
 * The formulas of the master check's row and of the checks section (from its "Checks:" heading down) that nest
 * functions more than three deep: what a reviewer could not read at a glance. Empty when every check is readable.
 */
export function deepCheckFormulas(layout: Rows): string[] {
  const master = masterCheckAddress(layout);
  const checksFrom = layout.rows.findIndex((row) => String(row[0]?.value).startsWith("Checks:"));
  return [layout.rows[Number(master.replace(/^[A-Z]+/, "")) - 1], ...layout.rows.slice(checksFrom)].flatMap((row) =>
    row.flatMap((cell) => (cell?.formula !== undefined && functionDepth(cell.formula) > 3 ? [cell.formula] : [])),
  );
}

/** `layout` with `edits` typed in: each cell a constant (an input's, as a planner types it), or emptied. */
export function editedLayout<L extends Rows>(layout: L, edits: readonly CellEdit[]): L {
  const rows = layout.rows.map((row) => [...row]);
  for (const [address, value] of edits) {
    const { row, column } = parseCell(address)!;
    while (rows[row].length <= column) rows[row].push(null);
    rows[row][column] = value === null ? null : { value, role: "input" };
  }
  return { ...layout, rows };
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The part of the sheet named `sheetName` in a workbook: xl/workbook.xml's sheet, through its relationship. */
async function sheetPart(zip: JSZip, sheetName: string): Promise<string> {
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  const sheet = [...workbook.matchAll(/<sheet [^>]*>/g)].find((m) => m[0].includes(`name="${escapeXml(sheetName)}"`));
  const id = /r:id="([^"]+)"/.exec(sheet?.[0] ?? "")?.[1];
  const rels = await zip.file("xl/_rels/workbook.xml.rels")!.async("string");
  const target = [...rels.matchAll(/<Relationship [^>]*>/g)].map((m) => m[0]).find((r) => r.includes(`Id="${id}"`));
  const path = /Target="([^"]+)"/.exec(target ?? "")?.[1];
  if (!path) throw new Error(`No sheet ${sheetName} in the workbook.`);
  return path.startsWith("/") ? path.slice(1) : `xl/${path}`;
}

/** A cell's XML as typed: a number, an inline text, or an empty cell, keeping its style. */
function typedCell(address: string, style: string, value: number | string | null): string {
  if (value === null) return `<c r="${address}"${style}/>`;
  if (typeof value === "number") return `<c r="${address}"${style}><v>${value}</v></c>`;
  return `<c r="${address}"${style} t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
}

/**
 * The saved workbook `bytes` with `edits` typed into the sheet `sheetName`: each edited cell's formula and cached
 * value replaced by the constant (its style kept); every other cell and part as saved. Each edited cell must be in
 * the file (a written cell: an input, a formula).
 */
export async function editedXlsx(
  bytes: ArrayBuffer | Buffer,
  sheetName: string,
  edits: readonly CellEdit[],
): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const part = await sheetPart(zip, sheetName);
  let xml = await zip.file(part)!.async("string");
  for (const [address, value] of edits) {
    const pattern = new RegExp(`<c r="${address}"([^>]*?)(?:/>|>[\\s\\S]*?</c>)`);
    const found = pattern.exec(xml);
    if (!found) throw new Error(`No cell ${address} on ${sheetName}.`);
    const style = / s="\d+"/.exec(found[1])?.[0] ?? "";
    xml = xml.replace(pattern, typedCell(address, style, value));
  }
  zip.file(part, xml);
  return zip.generateAsync({ type: "nodebuffer" });
}

/** One bad input a reviewer tries: what it is, the cells typed, and the check the master must name. */
export interface BadInput {
  what: string;
  edits: readonly CellEdit[];
  /** the name of the first check that must fail */
  fails: string;
}

/** What the master check reads when `name` is the first check that fails. */
export const failedWords = (name: string): string => CHECK_FAILED + name;

/** What an engine is given for a layout's cell: its formula with "=", its constant, or "" for none. */
const inputOf = (cell: LayoutCell | null | undefined) =>
  !cell ? "" : cell.formula !== undefined ? `=${cell.formula}` : String(cell.value ?? "");

/**
 * `layout` in IronCalc once, evaluation paused while it is written; the reader of `address` after `edits` are typed
 * (each edit undone before the next), so that a dozen bad inputs cost one workbook rather than a dozen.
 */
function ironCalcEdits(layout: Rows & Named, sheetName: string, address: string) {
  const model = ironcalcModel();
  model.renameSheet(0, sheetName);
  model.pauseEvaluation();
  for (const { name, address: at } of layout.names) model.newDefinedName(name, null, absoluteReference(sheetName, at));
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell) model.setUserInput(0, r + 1, c + 1, inputOf(cell));
    }),
  );
  const { row, column } = parseCell(address)!;
  return (edits: readonly CellEdit[]) => {
    const type = (list: readonly CellEdit[]) =>
      list.forEach(([at, value]) => {
        const cell = parseCell(at)!;
        model.setUserInput(0, cell.row + 1, cell.column + 1, value === null ? "" : String(value));
      });
    type(edits);
    model.evaluate();
    const words = model.getFormattedCellValue(0, row + 1, column + 1);
    type(edits.map(([at]): CellEdit => [at, inputOf(layout.rows[parseCell(at)!.row]?.[parseCell(at)!.column])]));
    return words;
  };
}

/** The same in HyperFormula: one instance, each edit typed, read and undone. */
function hyperFormulaEdits(layout: Rows & Named, sheetName: string, address: string) {
  const engine = layoutInHyperFormula(layout as never, sheetName);
  return (edits: readonly CellEdit[]) => {
    for (const [at, value] of edits) engine.set(at, value);
    const words = engine.at(address);
    for (const [at] of edits) {
      const cell = layout.rows[parseCell(at)!.row]?.[parseCell(at)!.column];
      engine.set(at, cell ? (cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null)) : null);
    }
    return words;
  };
}

/**
 * The master check of `layout` and of each bad input typed into it, in HyperFormula and IronCalc: the words each
 * engine gives, as [what, HyperFormula's, IronCalc's] ("untouched" first).
 */
export function masterInEngines(
  layout: Rows & Named,
  sheetName: string,
  bad: readonly BadInput[],
): [string, unknown, unknown][] {
  const master = masterCheckAddress(layout);
  const hyperFormula = hyperFormulaEdits(layout, sheetName, master);
  const ironCalc = ironCalcEdits(layout, sheetName, master);
  return [{ what: "untouched", edits: [] }, ...bad].map(({ what, edits }) => [
    what,
    hyperFormula(edits),
    ironCalc(edits),
  ]);
}

/** What masterInEngines must give: OK untouched, each bad input's check named, in both engines. */
export const expectedInEngines = (bad: readonly BadInput[]): [string, string, string][] => [
  ["untouched", CHECKS_OK, CHECKS_OK],
  ...bad.map((b): [string, string, string] => [b.what, failedWords(b.fails), failedWords(b.fails)]),
];

/**
 * Each bad input typed into the saved workbook `bytes` (and the file untouched), all recalculated in one
 * LibreOffice start: the master check's words in each, as [what, words] ("untouched" first).
 */
export async function masterInLibreOffice(
  bytes: ArrayBuffer,
  sheetName: string,
  master: string,
  bad: readonly BadInput[],
  folder: string,
): Promise<[string, unknown][]> {
  const files = [{ what: "untouched", edits: [] as readonly CellEdit[] }, ...bad];
  const paths = await Promise.all(
    files.map(async (b, i) =>
      saveBytes(toArrayBuffer(await editedXlsx(bytes, sheetName, b.edits)), folder, `edit-${i}.xlsx`),
    ),
  );
  const recalculated = recalculateManyWithLibreOffice(paths);
  const words = await Promise.all(
    recalculated.map(async (path) => (await formulaResults(path, sheetName)).get(master)),
  );
  return files.map((b, i) => [b.what, words[i]]);
}

/** What masterInLibreOffice must give. */
export const expectedInLibreOffice = (bad: readonly BadInput[]): [string, string][] => [
  ["untouched", CHECKS_OK],
  ...bad.map((b): [string, string] => [b.what, failedWords(b.fails)]),
];

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
