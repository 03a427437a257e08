/*
 * A saved .xlsx read back at the XML level, as Excel will read it: each cell's type attribute,
 * formula, cached value and shared string, so a test sees what the file holds rather than what a
 * library makes of it. Read with JSZip, ExcelJS's own zip library.
 */
import JSZip from "jszip";
import { absoluteReference } from "../../src/core/excel/a1";
import type { CachedValue } from "../../src/core/sheet/cachedValues";
import { formulaCells, LaidOut } from "./layoutCells";

/** The text of XML character data: the five predefined entities decoded. */
export const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** One saved cell: t="..." (s a shared string, str a formula's text, e an error), its formula and cached value. */
export interface SavedCell {
  type?: string;
  formula?: string;
  /** a shared string's text */
  text?: string;
  /** a formula's cached result, as stored */
  cached?: string;
}

/** The cells of one sheet of `bytes` by A1 address, and the sheet's XML. */
export async function savedSheet(
  bytes: ArrayBuffer,
  part = "xl/worksheets/sheet1.xml",
): Promise<{ cells: Map<string, SavedCell>; sheet: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const sheet = await zip.file(part)!.async("string");
  const shared = (await zip.file("xl/sharedStrings.xml")?.async("string")) ?? "";
  const strings = [...shared.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join("")),
  );
  const cells = new Map<string, SavedCell>();
  for (const [, attributes, body] of sheet.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const address = /r="([A-Z]+\d+)"/.exec(attributes)![1];
    const type = /t="(\w+)"/.exec(attributes)?.[1];
    const formula = /<f>([\s\S]*?)<\/f>/.exec(body ?? "")?.[1];
    const value = /<v>([\s\S]*?)<\/v>/.exec(body ?? "")?.[1];
    cells.set(address, {
      type,
      formula: formula === undefined ? undefined : unescapeXml(formula),
      text: type === "s" && value !== undefined ? strings[Number(value)] : undefined,
      ...(formula !== undefined ? { cached: value === undefined ? undefined : unescapeXml(value) } : {}),
    });
  }
  return { cells, sheet };
}

/** How a formula's cached value is saved: a number's shortest text, a text as is (t="str"), an error's code (t="e"). */
export function savedCache(cached: CachedValue): Pick<SavedCell, "type" | "cached"> {
  if (typeof cached === "number") return { type: undefined, cached: String(cached) };
  if (typeof cached === "string") return { type: "str", cached };
  return { type: "e", cached: cached.error };
}

/**
 * The formula cells of `layout` that the saved sheet `cells` does not hold as laid out (the same
 * formula, with the model's value as its cached result), as readable lines: empty when all are.
 */
export function formulasNotSavedAsCached(layout: LaidOut, cells: ReadonlyMap<string, SavedCell>): string[] {
  return formulaCells(layout).flatMap(({ address, cell }) => {
    const saved = cells.get(address);
    const expected = { formula: cell.formula, ...savedCache(cell.cached!) };
    const held = { formula: saved?.formula, type: saved?.type, cached: saved?.cached };
    return JSON.stringify(held) === JSON.stringify(expected)
      ? []
      : [`${address}: saved ${JSON.stringify(held)}, laid out ${JSON.stringify(expected)}`];
  });
}

/** A workbook-scoped defined name of a cell as xl/workbook.xml holds it: &apos;Sheet&apos;!$C$5. */
export const savedDefinedName = (name: string, sheetName: string, address: string): string =>
  `<definedName name="${name}">${absoluteReference(sheetName, address).replace(/&/g, "&amp;").replace(/'/g, "&apos;")}</definedName>`;
