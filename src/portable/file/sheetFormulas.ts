/*
 * The formulas of one worksheet part, rewritten in place. Only the text between a formula element's tags changes;
 * its attributes, the cached <v>, and every other byte of the part stay as they were. Formulas live in:
 *  - <f>, a cell's formula (CT_CellFormula, ECMA-376 Part 1, 18.3.1.40), its text escaped XML.
 *    A shared formula is written once, on its master cell (<f t="shared" ref="B2:B9" si="0">...), and the other
 *    cells of the group hold <f t="shared" si="0"/>: they take the master's text with relative references
 *    moved. Rewriting the master's text is enough, and valid, because a rewrite only reuses references already
 *    in the formula, never adds one. An array formula (t="array") keeps its ref, and a dynamic-array cell its
 *    cm attribute (see "Legacy and dynamic-array cells" below); only the text changes;
 *  - <formula> of a conditional format's rule (18.3.1.10 cfRule) and <formula1>/<formula2> of a data
 *    validation (18.3.1.32): the same formula grammar (ST_Formula), relative to the range's top-left cell;
 *  - <xm:f> inside the Excel 2010 extension's x14:cfRule and x14:dataValidation ([MS-XLSX] 2.6.2 and 2.6.41,
 *    xm = http://schemas.microsoft.com/office/excel/2006/main), where Excel writes the rules the 2007 schema
 *    cannot hold (data bars, rules that refer to other sheets). An <xm:f> anywhere else (a sparkline's data)
 *    is a reference, not a calculation: an MLCOST call there is reported, not rewritten.
 * Comments, CDATA and other namespaces' elements are never formulas.
 *
 * Legacy and dynamic-array cells: Excel 365 saves a formula that may spill as a dynamic-array one
 * (<f t="array" ref=".." ...> on a cell with cm="1", the cell-metadata index into xl/metadata.xml), and any
 * other as a legacy one, which it shows with the implicit-intersection operator where one applies, "=@NAME(..)",
 * and calculates as before (Microsoft, "Implicit intersection operator: @"; the "@" is displayed, not stored:
 * jmcnamara/XlsxWriter, docs "Working with Formulas", "Dynamic Arrays - The Implicit Intersection Operator").
 * The rewrite keeps each cell's own kind: a legacy cell that called MLCOST was intersected the same way, so its
 * twin call shows "=@CROSSOVER(...)" and the same number, and a dynamic-array cell keeps cm and spills as it did.
 * Turning a legacy cell into a dynamic-array one would change what it computes (a range argument would spill
 * into the cells below) and could overwrite nothing but would show #SPILL!: not the conversion's call to make.
 */
import type { Rewrite } from "../formula/rewrite";
import { decodeXmlText, encodeXmlText } from "./xmlText";
import { attributesOf, closingTag, localName, nextTag, qualified, rootOf, Tag } from "./xmlScan";

/** SpreadsheetML's main namespace, Transitional and Strict. */
export const SPREADSHEETML = [
  "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
  "http://purl.oclc.org/ooxml/spreadsheetml/main",
];

/** An MLCOST call that stayed as it was, where it is, and why. */
export interface CallLeft {
  /** the cell ("B2"), or the defined name */
  where: string;
  call: string;
  reason: string;
}

/** What rewriting one part's formulas did. */
export interface FormulasRewritten {
  text: string;
  /** formulas whose text changed */
  formulas: number;
  /** MLCOST calls converted */
  calls: number;
  left: CallLeft[];
}

/** Rewrites one formula, or throws a SyntaxError when it cannot be read. */
export type FormulaRewriter = (formula: string) => Rewrite;

/** The namespace of <xm:f> and <xm:sqref> in Excel 2010's worksheet extensions. */
const EXCEL_2006_MAIN = "http://schemas.microsoft.com/office/excel/2006/main";

// Every saved form of an MLCOST call spells MLCOST, so any other formula is passed by unread.
const MLCOST = /mlcost/i;

/** A formula's rewrite with the calls it left, told where they are; a formula that cannot be read is left whole. */
export function rewriteOne(formula: string, where: string, rewrite: FormulaRewriter, out: FormulasRewritten): string {
  if (!MLCOST.test(formula)) return formula;
  let result: Rewrite;
  try {
    result = rewrite(formula);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const reason = `The formula could not be read (${error.message}), so it was left as it was.`;
    out.left.push({ where, call: formula, reason });
    return formula;
  }
  result.unconverted.forEach((left) => out.left.push({ where, call: left.call, reason: left.reason }));
  if (result.formula === formula) return formula;
  out.formulas++;
  out.calls += result.converted;
  return result.formula;
}

/** The cell a <c> tag is for, with the range of a shared or array formula on it. */
function cellName(xml: string, cell: Tag | undefined, formula: Tag): string {
  const reference = (cell && attributesOf(xml, cell).get("r")) || "a cell without a reference";
  const range = attributesOf(xml, formula).get("ref");
  return range && range !== reference ? `${reference} (formula for ${range})` : reference;
}

/** A conditional format, a data validation or another extension element whose formulas are being read. */
interface Holder {
  /** what holds the formulas, as the report names it: "conditional formatting of A1:A5" */
  where: string;
  /** why its formulas are not rewritten (a sparkline's are references); undefined when they are calculations */
  notRewritten?: string;
  /** the element depth it was opened at */
  depth: number;
}

const CONDITIONAL = "conditional formatting";
const SPARKLINE =
  "A sparkline's data is a reference to cells, not a calculation, so no converted call can go here: put the " +
  "formula in cells (it is converted there) and point the sparkline at them.";
const UNKNOWN_EXTENSION =
  "This formula is in an Excel extension of the sheet that the conversion does not know, so it was left as it was.";
const VALIDATION = "data validation";

/** The cells an x14 element applies to: its <xm:sqref> child, which follows the formulas. */
function sqrefInside(xml: string, open: Tag): string {
  const close = closingTag(xml, open);
  for (let tag = nextTag(xml, open.end); tag && tag.start < close.start; tag = nextTag(xml, tag.end)) {
    if (tag.kind === "open" && localName(tag.name) === "sqref") {
      const end = nextTag(xml, tag.end);
      return end ? xml.slice(tag.end, end.start).trim() : "";
    }
  }
  return "";
}

/**
 * Rewrites every formula of a worksheet part: cells, conditional formats, data validations and their Excel 2010
 * forms. A part whose root is not a SpreadsheetML element comes back unchanged with a note, so a foreign part is
 * never edited by guess.
 */
export function rewriteSheetFormulas(xml: string, rewrite: FormulaRewriter): FormulasRewritten {
  const out: FormulasRewritten = { text: xml, formulas: 0, calls: 0, left: [] };
  const { root, prefix } = rootOf(xml, SPREADSHEETML);
  if (prefix === undefined) {
    out.left.push({ where: "the whole sheet", call: "", reason: "The part is not a SpreadsheetML worksheet." });
    return out;
  }
  const main = (local: string) => qualified(prefix, local);
  const [cellTag, formulaTag] = [main("c"), main("f")];
  const [conditionalTag, validationTag] = [main("conditionalFormatting"), main("dataValidation")];
  const hot = new Set(["row", "v", "is", "t", "r", "rPr"].map(main));
  const mainFormulas = new Map([
    [main("formula"), main("cfRule")],
    [main("formula1"), main("dataValidation")],
    [main("formula2"), main("dataValidation")],
  ]);
  // Namespace bindings in scope, innermost last, each with the depth of the element that declared it.
  const scopes: { depth: number; prefix: string; uri: string }[] = [];
  const uriOf = (name: string) => {
    const colon = name.indexOf(":");
    const p = colon < 0 ? "" : name.slice(0, colon);
    for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i].prefix === p) return scopes[i].uri;
    return undefined;
  };
  const pieces: string[] = [];
  let copiedTo = 0;
  let cell: Tag | undefined;
  let holder: Holder | undefined;
  let depth = 0;
  for (let tag: Tag | undefined = root; tag; tag = nextTag(xml, tag.end)) {
    if (tag.kind === "close") {
      depth--;
      while (scopes.length > 0 && scopes[scopes.length - 1].depth > depth) scopes.pop();
      if (holder && depth < holder.depth) holder = undefined;
      continue;
    }
    // Rows, cells and values are most of a sheet; no formula other than <f> and no x14 rule sits in them.
    if (tag.name === cellTag || hot.has(tag.name)) {
      if (tag.kind === "open") depth++;
      if (tag.name === cellTag) cell = tag;
      continue;
    }
    if (xml.substring(tag.start, tag.end).indexOf("xmlns") >= 0) {
      attributesOf(xml, tag).forEach((uri, name) => {
        if (name === "xmlns" || name.startsWith("xmlns:"))
          scopes.push({ depth: depth + 1, prefix: name.slice(6), uri });
      });
    }
    if (tag.kind === "empty") {
      while (scopes.length > 0 && scopes[scopes.length - 1].depth > depth) scopes.pop();
      continue;
    }
    depth++;
    const local = localName(tag.name);
    let where: string | undefined;
    let notRewritten: string | undefined;
    if (tag.name === formulaTag) where = cellName(xml, cell, tag);
    else if (tag.name === conditionalTag || tag.name === validationTag) {
      const kind = local === "dataValidation" ? VALIDATION : CONDITIONAL;
      holder = { where: `${kind} of ${attributesOf(xml, tag).get("sqref") || "no cells"}`, depth };
    } else if (mainFormulas.has(tag.name)) {
      where = holder ? holder.where : `a <${local}> outside its rule`;
    } else if (tag.name.indexOf(":") > 0 && tag.name !== main(local)) {
      if (!holder && (local === "conditionalFormatting" || local === "dataValidation" || local === "sparkline")) {
        const kind = local === "dataValidation" ? VALIDATION : local === "sparkline" ? "a sparkline" : CONDITIONAL;
        const cells = sqrefInside(xml, tag);
        const name = local === "sparkline" ? `${kind} in ${cells}` : `${kind} (Excel 2010 form) of ${cells}`;
        holder = { where: name, notRewritten: local === "sparkline" ? SPARKLINE : undefined, depth };
      } else if (local === "f" && uriOf(tag.name) === EXCEL_2006_MAIN) {
        where = holder ? holder.where : "an Excel 2010 extension of the sheet";
        notRewritten = holder ? holder.notRewritten : UNKNOWN_EXTENSION;
      }
    }
    if (where === undefined) continue;
    const close = nextTag(xml, tag.end);
    if (!close || close.name !== tag.name || close.kind !== "close") {
      throw new SyntaxError(`Malformed worksheet: the formula at offset ${tag.start} is not closed.`);
    }
    const formula = decodeXmlText(xml.slice(tag.end, close.start));
    let rewritten = formula;
    if (MLCOST.test(formula) && notRewritten) out.left.push({ where, call: formula, reason: notRewritten });
    else if (MLCOST.test(formula)) rewritten = rewriteOne(formula, where, rewrite, out);
    if (rewritten !== formula) {
      pieces.push(xml.slice(copiedTo, tag.end), encodeXmlText(rewritten));
      copiedTo = close.start;
    }
    tag = close;
    depth--;
  }
  if (pieces.length > 0) out.text = pieces.join("") + xml.slice(copiedTo);
  return out;
}
