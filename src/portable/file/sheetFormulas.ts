/*
 * The cell formulas of one worksheet part, rewritten in place: each <f> element of SpreadsheetML
 * is a cell's formula (CT_CellFormula), its text escaped XML. Only the text between <f ...> and
 * </f> changes; the element's attributes (t="shared" ref si, t="array" ref, ca, aca...), the
 * cached <v>, and every other byte of the part stay as they were.
 *  - A shared formula is written once, on its master cell (<f t="shared" ref="B2:B9" si="0">...),
 *    and the other cells of the group hold <f t="shared" si="0"/>: they take the master's text
 *    with relative references moved. Rewriting the master's text is enough, and valid, because a
 *    rewrite only reuses references already in the formula, never adds one.
 *  - An array formula (t="array") keeps its ref; only its text changes.
 *  - Elements named f in other namespaces (x14 conditional formats' <xm:f>) are not cell
 *    formulas and are not touched.
 */
import type { Rewrite } from "../formula/rewrite";
import { decodeXmlText, encodeXmlText } from "./xmlText";
import { attributesOf, nextTag, qualified, rootOf, Tag } from "./xmlScan";

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

/**
 * Rewrites every cell formula of a worksheet part. A part whose root is not a SpreadsheetML
 * element comes back unchanged with a note, so a foreign part is never edited by guess.
 */
export function rewriteSheetFormulas(xml: string, rewrite: FormulaRewriter): FormulasRewritten {
  const out: FormulasRewritten = { text: xml, formulas: 0, calls: 0, left: [] };
  const { prefix } = rootOf(xml, SPREADSHEETML);
  if (prefix === undefined) {
    out.left.push({ where: "the whole sheet", call: "", reason: "The part is not a SpreadsheetML worksheet." });
    return out;
  }
  const [cellTag, formulaTag] = [qualified(prefix, "c"), qualified(prefix, "f")];
  const pieces: string[] = [];
  let copiedTo = 0;
  let cell: Tag | undefined;
  for (let tag = nextTag(xml, 0); tag; tag = nextTag(xml, tag.end)) {
    if (tag.name === cellTag && tag.kind !== "close") cell = tag;
    if (tag.name !== formulaTag || tag.kind !== "open") continue;
    const close = nextTag(xml, tag.end);
    if (!close || close.name !== formulaTag || close.kind !== "close") {
      throw new SyntaxError(`Malformed worksheet: the formula at offset ${tag.start} is not closed.`);
    }
    const formula = decodeXmlText(xml.slice(tag.end, close.start));
    const rewritten = MLCOST.test(formula) ? rewriteOne(formula, cellName(xml, cell, tag), rewrite, out) : formula;
    if (rewritten !== formula) {
      pieces.push(xml.slice(copiedTo, tag.end), encodeXmlText(rewritten));
      copiedTo = close.start;
    }
    tag = close;
  }
  if (pieces.length > 0) out.text = pieces.join("") + xml.slice(copiedTo);
  return out;
}
