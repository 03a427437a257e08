/*
 * Text inside XML, as the .xlsx parts hold it: what an element's content or an attribute's value
 * stands for, and back. A formula in <f> is stored escaped (& as &amp;, < as &lt;, quotes as &quot;
 * by some writers), so it must be decoded before the tokenizer sees it and encoded after.
 */

import { xmlSafeText } from "../../core/sheet/cell";

const NAMED: { readonly [entity: string]: string } = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;

/** The first character of `text` XML refuses (xmlSafeText's set), as a code, or undefined when there is none. */
function notXmlCharacter(text: string): number | undefined {
  if (xmlSafeText(text) === text) return undefined;
  const at = Array.from(text).find((c) => xmlSafeText(c) !== c);
  return at === undefined ? undefined : at.codePointAt(0);
}

/** Whether `code` is a character XML 1.0 allows (its production Char, 2.2): not NUL, not a lone surrogate, ... */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** `code` as the Unicode standard names a character: U+FFFE, U+0001. */
const codeName = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/** `text` as it is, or the refusal of a part that holds a character XML refuses written raw. */
function onlyXmlCharacters(text: string): string {
  // Written raw, such a character makes the part no XML at all, as its reference does (XML 1.0, 2.2).
  const raw = notXmlCharacter(text);
  if (raw === undefined) return text;
  const why = "which XML does not allow (XML 1.0, 2.2), so it is not a well-formed part.";
  throw new SyntaxError(`It holds the character ${codeName(raw)}, ${why}`);
}

/** Entity and character references resolved, in text that holds no CDATA section. */
function resolveReferences(raw: string): string {
  const text = onlyXmlCharacters(raw);
  // A parser hands every line break over as LF (XML 1.0, 2.11); &#13; alone spells a CR.
  const normalized = text.indexOf("\r") >= 0 ? text.replace(/\r\n?/g, "\n") : text;
  if (normalized.indexOf("&") < 0) return normalized;
  return normalized.replace(REFERENCE, (_, name: string) => {
    if (name[0] !== "#") {
      if (!(name in NAMED)) throw new SyntaxError(`Unknown XML entity &${name};.`);
      return NAMED[name];
    }
    const code = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (!isXmlChar(code))
      throw new SyntaxError(
        `It holds the character reference &${name};, which stands for no character XML allows (XML 1.0, 2.2), ` +
          "so it is not a well-formed part.",
      );
    return String.fromCodePoint(code);
  });
}

/** The text an element's raw content stands for: references resolved, CDATA sections unwrapped. */
export function decodeXmlText(raw: string): string {
  if (raw.indexOf("<![CDATA[") < 0) return resolveReferences(raw);
  let text = "";
  let last = 0;
  raw.replace(CDATA, (section: string, inner: string, at: number) => {
    text += resolveReferences(raw.slice(last, at)) + onlyXmlCharacters(inner);
    last = at + section.length;
    return section;
  });
  return text + resolveReferences(raw.slice(last));
}

/** `text` as element content: the three markup characters escaped, a CR kept as a reference. */
export function encodeXmlText(text: string): string {
  // Chained literal replacements: several times faster than one replacer callback on long formulas. A character
  // XML refuses becomes U+FFFD (xmlSafeText): a part written here always parses.
  return xmlSafeText(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

/** `text` as a double-quoted attribute value (white space other than a space kept as references). */
export function encodeXmlAttribute(text: string): string {
  return xmlSafeText(text).replace(/[&<"\t\n\r]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === '"' ? "&quot;" : `&#${c.charCodeAt(0)};`,
  );
}
