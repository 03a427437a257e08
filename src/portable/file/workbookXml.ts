/*
 * xl/workbook.xml: its sheets and defined names read, and the three edits a conversion may make,
 * each a splice of its own element so the rest of the part keeps its bytes:
 *  - a defined name's formula rewritten (a name may call MLCOST too);
 *  - new workbook-scope names added (the LAMBDA twins), inside <definedNames>, which is created
 *    where CT_Workbook's sequence puts it when the workbook has none: after <sheets>,
 *    <functionGroups> and <externalReferences>, before <calcPr> (ECMA-376 Part 1, 18.2.27);
 *  - <calcPr fullCalcOnLoad="1"/>, so that Excel recalculates on open instead of showing the
 *    cached values of rewritten formulas (stale, or #NAME? where the add-in was missing).
 */
import { SPREADSHEETML } from "./sheetFormulas";
import { decodeXmlText, encodeXmlAttribute, encodeXmlText } from "./xmlText";
import {
  applySplices,
  attributesOf,
  Child,
  childrenOfRoot,
  closingTag,
  localName,
  nextTag,
  qualified,
  rootOf,
} from "./xmlScan";
import type { Splice, Tag } from "./xmlScan";

/** A sheet as <sheets> lists it: its name, its relationship id, its position (localSheetId counts from 0). */
export interface SheetEntry {
  name: string;
  relationshipId: string;
  index: number;
}

/** A defined name, its formula, and where that formula's text lies in the part. */
export interface DefinedNameEntry {
  name: string;
  /** the sheet (position in <sheets>) a local name belongs to; undefined for a workbook-scope name */
  localSheetId?: number;
  formula: string;
  contentStart: number;
  contentEnd: number;
}

/** What a conversion reads from workbook.xml. */
export interface WorkbookPart {
  prefix: string;
  sheets: SheetEntry[];
  names: DefinedNameEntry[];
  children: Child[];
}

/** The tags inside a child of the root whose local name is `local`, in order. */
function tagsInside(xml: string, child: Child | undefined, local: string): Tag[] {
  const tags: Tag[] = [];
  if (!child || child.open.kind === "empty") return tags;
  for (let tag = nextTag(xml, child.open.end); tag && tag.start < child.end; tag = nextTag(xml, tag.end)) {
    if (tag.kind !== "close" && localName(tag.name) === local) tags.push(tag);
  }
  return tags;
}

/** Reads the sheets and defined names of a workbook part; throws a SyntaxError for a part that is not one. */
export function readWorkbookPart(xml: string): WorkbookPart {
  const { prefix } = rootOf(xml, SPREADSHEETML);
  if (prefix === undefined) throw new SyntaxError("The workbook part is not a SpreadsheetML workbook.");
  const children = childrenOfRoot(xml);
  const child = (local: string) => children.find((c) => c.local === local);
  const sheets = tagsInside(xml, child("sheets"), "sheet").map((tag, index) => {
    const attributes = attributesOf(xml, tag);
    // r:id is the one attribute of <sheet> whose local name is "id"; its prefix varies.
    let relationshipId = "";
    attributes.forEach((value, name) => {
      if (name.indexOf(":") > 0 && localName(name) === "id") relationshipId = value;
    });
    return { name: attributes.get("name") || "", relationshipId, index };
  });
  const names = tagsInside(xml, child("definedNames"), "definedName").map((tag) => {
    const attributes = attributesOf(xml, tag);
    const local = attributes.get("localSheetId");
    const contentEnd = tag.kind === "empty" ? tag.end : closingTag(xml, tag).start;
    return {
      name: attributes.get("name") || "",
      localSheetId: local === undefined ? undefined : Number(local),
      formula: decodeXmlText(xml.slice(tag.end, contentEnd)),
      contentStart: tag.end,
      contentEnd,
    };
  });
  return { prefix, sheets, names, children };
}

/** A new workbook-scope defined name. */
export interface NewName {
  name: string;
  /** its formula as the file stores it, without "=" */
  formula: string;
  comment: string;
}

/** The changes a conversion makes to workbook.xml. */
export interface WorkbookEdits {
  /** defined names whose formula changed, with the new formula */
  rewritten: { entry: DefinedNameEntry; formula: string }[];
  added: NewName[];
  fullCalcOnLoad: boolean;
}

/** `tag`'s text with attribute `name` set to `value`, added before the tag's end when missing. */
function withAttribute(tagText: string, name: string, value: string): string {
  const existing = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`);
  if (existing.test(tagText)) return tagText.replace(existing, `$1"${value}"`);
  const end = tagText.endsWith("/>") ? tagText.length - 2 : tagText.length - 1;
  return `${tagText.slice(0, end)} ${name}="${value}"${tagText.slice(end)}`;
}

/** workbook.xml with `edits` made, every other byte as it was. */
export function editWorkbookPart(xml: string, part: WorkbookPart, edits: WorkbookEdits): string {
  const splices: Splice[] = edits.rewritten.map(({ entry, formula }) => ({
    start: entry.contentStart,
    end: entry.contentEnd,
    text: encodeXmlText(formula),
  }));
  const element = (local: string) => qualified(part.prefix, local);
  const child = (local: string) => part.children.find((c) => c.local === local);
  const before = ["sheets", "functionGroups", "externalReferences"].map(child).filter((c): c is Child => !!c);
  if (before.length === 0) throw new SyntaxError("The workbook part has no <sheets>.");
  const definedNames = child("definedNames");
  // Where <definedNames>, then <calcPr>, go when the workbook has none.
  const anchor = definedNames ? definedNames.end : Math.max(...before.map((c) => c.end));
  const newNames = edits.added
    .map(({ name, formula, comment }) => {
      const attributes = `name="${encodeXmlAttribute(name)}" comment="${encodeXmlAttribute(comment)}"`;
      return `<${element("definedName")} ${attributes}>${encodeXmlText(formula)}</${element("definedName")}>`;
    })
    .join("");
  if (newNames && definedNames && definedNames.open.kind === "open") {
    const closeStart = xml.lastIndexOf("<", definedNames.end - 1);
    splices.push({ start: closeStart, end: closeStart, text: newNames });
  } else if (newNames) {
    const wrapped = `<${element("definedNames")}>${newNames}</${element("definedNames")}>`;
    // An empty <definedNames/> is replaced; otherwise the element is new.
    const start = definedNames ? definedNames.open.start : anchor;
    splices.push({ start, end: anchor, text: wrapped });
  }
  if (edits.fullCalcOnLoad) {
    const calcPr = child("calcPr");
    if (calcPr) {
      const tagText = xml.slice(calcPr.open.start, calcPr.open.end);
      splices.push({
        start: calcPr.open.start,
        end: calcPr.open.end,
        text: withAttribute(tagText, "fullCalcOnLoad", "1"),
      });
    } else splices.push({ start: anchor, end: anchor, text: `<${element("calcPr")} fullCalcOnLoad="1"/>` });
  }
  return applySplices(xml, splices);
}
