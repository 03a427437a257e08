/*
 * A sheet layout recalculated by a real spreadsheet engine, with its defined names: HyperFormula
 * (edits recalculate at once) or IronCalc (which rounds as Excel does); and the check every layout
 * test makes, each formula cell's engine value against the model's value cached in it.
 */
import { DetailedCellError, HyperFormula } from "hyperformula";
import { absoluteReference, parseCell } from "../../src/core/excel/a1";
import type { CachedValue } from "../../src/core/sheet/cachedValues";
import { ironcalcModel } from "./ironcalc";
import { formulaCells, LaidOut, Named } from "./layoutCells";
import { sameResult } from "./formulaResults";

/** What an engine is given for a layout's cell: its formula with "=", its constant, or nothing. */
const engineInput = (cell: { formula?: string; value?: number | string } | null) =>
  cell === null ? null : cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null);

/** A layout in HyperFormula: `at` reads a cell, `set` edits one (HyperFormula recalculates at once). */
export interface LayoutInHyperFormula {
  at: (address: string) => unknown;
  set: (address: string, value: number | string | null) => void;
  hf: HyperFormula;
  sheetId: number;
}

/**
 * `layout` on a sheet named `sheetName` in HyperFormula, each defined name an absolute reference to
 * its cell. `smartRounding` false gives the engine's doubles as computed; true (HyperFormula's
 * default) rounds them to 15 significant digits as Excel shows them.
 */
export function layoutInHyperFormula(
  layout: LaidOut & Named,
  sheetName: string,
  { smartRounding = false }: { smartRounding?: boolean } = {},
): LayoutInHyperFormula {
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding });
  hf.addSheet(sheetName);
  const sheetId = hf.getSheetId(sheetName)!;
  for (const { name, address } of layout.names) {
    hf.addNamedExpression(name, `=${absoluteReference(sheetName, address)}`);
  }
  hf.setSheetContent(sheetId, layout.rows.map((row) => row.map(engineInput)) as never);
  const where = (address: string) => hf.simpleCellAddressFromString(address, sheetId)!;
  return {
    at: (address) => hf.getCellValue(where(address)),
    set: (address, value) => {
      hf.setCellContents(where(address), [[value]]);
    },
    hf,
    sheetId,
  };
}

/** A HyperFormula value in the cached form: a number, a text, or { error }. */
export function hyperFormulaValue(value: unknown): CachedValue {
  if (value instanceof DetailedCellError) return { error: value.value };
  return value as CachedValue;
}

/**
 * `layout` in IronCalc on a sheet named `sheetName`, recalculated; the reader of a cell's value in
 * the cached form. Formula cells are read at 17 significant digits, so the text is the engine's
 * double exactly.
 */
export function layoutInIronCalc(layout: LaidOut & Named, sheetName: string): (address: string) => CachedValue {
  const model = ironcalcModel();
  model.renameSheet(0, sheetName);
  for (const { name, address } of layout.names) model.newDefinedName(name, null, absoluteReference(sheetName, address));
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const input = engineInput(cell);
      if (input === null) return;
      model.setUserInput(0, r + 1, c + 1, String(input));
      const area = { sheet: 0, row: r + 1, column: c + 1, width: 1, height: 1 };
      if (cell!.formula !== undefined) model.updateRangeStyle(area, "num_fmt", "0.0000000000000000E+00");
    }),
  );
  model.evaluate();
  return (address) => {
    const { row, column } = parseCell(address)!;
    const text = model.getFormattedCellValue(0, row + 1, column + 1);
    if (text.startsWith("#")) return { error: text };
    return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  };
}

/** An engine's value is the cached one: numbers within 1e-12 relative, a blank as "", texts and errors exactly. */
export function sameAsCached(actual: CachedValue | null | undefined, cached: CachedValue | undefined): boolean {
  return sameResult(cached, actual === null ? "" : actual);
}

/**
 * The formula cells of `layout` whose value, read through `read` from an engine, is not the value
 * the model cached in them, as readable lines (empty when every one agrees). A formula cell without
 * a cached value is one of them.
 */
export function cachedMismatches(layout: LaidOut, read: (address: string) => CachedValue | null): string[] {
  return formulaCells(layout).flatMap(({ address, cell }) => {
    const actual = read(address);
    return cell.cached !== undefined && sameAsCached(actual, cell.cached)
      ? []
      : [`${address} =${cell.formula}: ${JSON.stringify(actual)}, cached ${JSON.stringify(cell.cached)}`];
  });
}
