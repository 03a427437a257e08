/*
 * The package's wiring (Open Packaging Conventions, ECMA-376 Part 2): relationship parts (.rels),
 * which say which part is the workbook, which parts are its worksheets and where its calculation
 * chain is, and [Content_Types].xml. Read with the tag scanner; an element is removed by cutting
 * its own text only, so the rest of the part keeps its bytes.
 */
import { attributesOf, childrenOfRoot, localName, Splice } from "./xmlScan";

/** One relationship of a .rels part, and where its element lies in that part. */
export interface Relationship {
  id: string;
  /** the relationship type URI; compare its last segment, which is the same in Transitional and Strict */
  type: string;
  target: string;
  external: boolean;
  start: number;
  end: number;
}

/** The last path segment of a relationship type: "worksheet", "calcChain", "officeDocument". */
export const typeName = (type: string) => type.slice(type.lastIndexOf("/") + 1);

/** The relationships a .rels part lists. */
export function relationshipsOf(xml: string): Relationship[] {
  return childrenOfRoot(xml)
    .filter((child) => child.local === "Relationship")
    .map((child) => {
      const attributes = attributesOf(xml, child.open);
      return {
        id: attributes.get("Id") || "",
        type: attributes.get("Type") || "",
        target: attributes.get("Target") || "",
        external: attributes.get("TargetMode") === "External",
        start: child.open.start,
        end: child.end,
      };
    });
}

/** Where the relationships of `part` are kept: xl/workbook.xml has xl/_rels/workbook.xml.rels. */
export function relationshipsPartOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** The part a relationship of `source` ("" for the package) points to, as a zip entry name. */
export function resolveTarget(source: string, target: string): string {
  const base = target.startsWith("/") ? [] : source.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") base.pop();
    else if (segment !== "" && segment !== ".") base.push(segment);
  }
  // A zip item's name is the part name without its leading "/", percent-encoding kept (OPC, 9.1.1.1).
  return base.join("/");
}

/** The splice that removes the content-type override of `part` (a zip entry name), if there is one. */
export function overrideRemoval(contentTypes: string, part: string): Splice | undefined {
  const partName = `/${part}`.toLowerCase(); // part names compare case-insensitively (OPC 9.1.1.1)
  const child = childrenOfRoot(contentTypes).find(
    (c) =>
      localName(c.open.name) === "Override" &&
      (attributesOf(contentTypes, c.open).get("PartName") || "").toLowerCase() === partName,
  );
  return child && { start: child.open.start, end: child.end, text: "" };
}

/** The content type [Content_Types].xml gives `part` (a zip entry name): its Override, else its extension's Default. */
export function contentTypeOf(contentTypes: string, part: string): string | undefined {
  const partName = `/${part}`.toLowerCase();
  const extension = part.slice(part.lastIndexOf(".") + 1).toLowerCase();
  let byDefault: string | undefined;
  for (const child of childrenOfRoot(contentTypes)) {
    const attributes = attributesOf(contentTypes, child.open);
    if (child.local === "Override" && (attributes.get("PartName") || "").toLowerCase() === partName)
      return attributes.get("ContentType");
    if (child.local === "Default" && (attributes.get("Extension") || "").toLowerCase() === extension)
      byDefault = attributes.get("ContentType");
  }
  return byDefault;
}

// The workbook part's content type says what the file is (ECMA-376 Part 1, 12.3.23, for a workbook and a
// template; [MS-OFFMACRO2], Office Macro-Enabled File Format, for the macro-enabled ones). Excel refuses to open
// a file whose extension disagrees with it ("the file format or file extension is not valid").
const WORKBOOK_KINDS: { readonly [contentType: string]: string } = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": "xlsx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": "xltx",
  "application/vnd.ms-excel.sheet.macroEnabled.main+xml": "xlsm",
  "application/vnd.ms-excel.template.macroEnabled.main+xml": "xltm",
  "application/vnd.ms-excel.addin.macroEnabled.main+xml": "xlam",
};

/** The file extension the workbook part's content type calls for ("xlsx", "xlsm", "xltx", ...); "xlsx" when unknown. */
export function workbookExtension(contentTypes: string, workbookPart: string): string {
  return WORKBOOK_KINDS[contentTypeOf(contentTypes, workbookPart) || ""] || "xlsx";
}
