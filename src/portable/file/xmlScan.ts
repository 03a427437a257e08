/*
 * A forward scanner over the tags of an XML part, for edits that must leave every other byte as it
 * was: it reports where each tag starts and ends, and never rebuilds the document. It is enough
 * for the parts of a package (no DTD: Office Open XML forbids one), and it skips comments,
 * processing instructions and CDATA sections, so markup-like text inside them is never a tag.
 * A whole-document parser would rewrite attribute order, quotes and white space, and would hold
 * the tree of a large sheet in memory; this keeps one string.
 */
import { decodeXmlText } from "./xmlText";

/** One tag: its qualified name and where it lies in the text ([start, end), "<" to past ">"). */
export interface Tag {
  name: string;
  kind: "open" | "close" | "empty";
  start: number;
  end: number;
}

// Up to the ">" that ends a tag; ">" may appear inside a quoted attribute value.
const TAG_BODY = /[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/y;
const NAME = /[^\s/>]+/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The index just past `terminator`, searched from `from`; a malformed part if there is none. */
function past(xml: string, terminator: string, from: number): number {
  const at = xml.indexOf(terminator, from);
  if (at < 0) throw new SyntaxError(`Malformed XML: "${terminator}" missing after offset ${from}.`);
  return at + terminator.length;
}

/** The first tag at or after `from`, or undefined at the end of the text. */
export function nextTag(xml: string, from: number): Tag | undefined {
  let i = xml.indexOf("<", from);
  while (i >= 0) {
    const next = xml[i + 1];
    if (next === "!" || next === "?") {
      if (xml.startsWith("<!--", i)) i = past(xml, "-->", i + 4);
      else if (xml.startsWith("<![CDATA[", i)) i = past(xml, "]]>", i + 9);
      else i = past(xml, next === "?" ? "?>" : ">", i + 2);
      i = xml.indexOf("<", i);
      continue;
    }
    const close = next === "/";
    NAME.lastIndex = close ? i + 2 : i + 1;
    const name = NAME.exec(xml);
    TAG_BODY.lastIndex = i + 1;
    if (!name || !TAG_BODY.exec(xml)) throw new SyntaxError(`Malformed XML: a tag at offset ${i} is not closed.`);
    const end = TAG_BODY.lastIndex;
    return { name: name[0], kind: close ? "close" : xml[end - 2] === "/" ? "empty" : "open", start: i, end };
  }
  return undefined;
}

/** A tag's attributes by qualified name, values decoded. */
export function attributesOf(xml: string, tag: Tag): Map<string, string> {
  const attributes = new Map<string, string>();
  const text = xml.slice(tag.start, tag.end);
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    // Attribute-value normalisation (XML 1.0, 3.3.3): literal white space reads as a space.
    const raw = (match[2] !== undefined ? match[2] : match[3]).replace(/[\t\n\r]/g, " ");
    attributes.set(match[1], decodeXmlText(raw));
  }
  return attributes;
}

/** The closing tag of the element `open` starts (elements of the same name nested inside are skipped). */
export function closingTag(xml: string, open: Tag): Tag {
  if (open.kind === "empty") return open;
  let depth = 0;
  for (let tag = nextTag(xml, open.end); tag; tag = nextTag(xml, tag.end)) {
    if (tag.name !== open.name) continue;
    if (tag.kind === "open") depth++;
    else if (tag.kind === "close" && depth-- === 0) return tag;
  }
  throw new SyntaxError(`Malformed XML: <${open.name}> at offset ${open.start} is not closed.`);
}

/** The part's root element and the namespace prefix it binds to one of `namespaces` ("" for the default). */
export function rootOf(xml: string, namespaces: readonly string[]): { root: Tag; prefix: string | undefined } {
  const root = nextTag(xml, 0);
  if (!root || root.kind === "close") throw new SyntaxError("Malformed XML: the part has no root element.");
  const colon = root.name.indexOf(":");
  const rootPrefix = colon < 0 ? "" : root.name.slice(0, colon);
  const uri = attributesOf(xml, root).get(rootPrefix ? `xmlns:${rootPrefix}` : "xmlns");
  return { root, prefix: uri !== undefined && namespaces.indexOf(uri) >= 0 ? rootPrefix : undefined };
}

/** `local` as a qualified name under `prefix`. */
export const qualified = (prefix: string, local: string) => (prefix ? `${prefix}:${local}` : local);

/** A tag name without its prefix. */
export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** One element among the root's children: its local name, first tag and the end of its last tag. */
export interface Child {
  local: string;
  open: Tag;
  end: number;
}

/** The root element's child elements, in document order (a small part: workbook.xml, a .rels). */
export function childrenOfRoot(xml: string): Child[] {
  const root = nextTag(xml, 0);
  const children: Child[] = [];
  if (!root || root.kind !== "open") return children;
  for (let tag = nextTag(xml, root.end); tag && tag.kind !== "close"; tag = nextTag(xml, tag.end)) {
    const close = closingTag(xml, tag);
    children.push({ local: localName(tag.name), open: tag, end: close.end });
    tag = close;
  }
  return children;
}

/** Text edits at offsets of the original text, applied at once: [start, end) becomes `text`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** `xml` with every splice applied; splices must not overlap (two at one insertion point keep their order). */
export function applySplices(xml: string, splices: readonly Splice[]): string {
  const ordered = splices.map((splice, order) => ({ splice, order }));
  ordered.sort((a, b) => a.splice.start - b.splice.start || a.order - b.order);
  let out = "";
  let at = 0;
  for (const { splice } of ordered) {
    out += xml.slice(at, splice.start) + splice.text;
    at = splice.end;
  }
  return out + xml.slice(at);
}
