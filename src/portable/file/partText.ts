/*
 * An XML part's bytes as text, in the encoding the part says it is in, and back. Office writes UTF-8, but a part
 * may carry a byte-order mark, be UTF-16, or declare another encoding in its XML declaration
 * (<?xml version="1.0" encoding="ISO-8859-1"?>, XML 1.0, 4.3.3 and appendix F). Reading such a part as UTF-8 would
 * turn "café" into "caf\uFFFD" and write that back under the old declaration.
 *
 * A rewritten part is always written as UTF-8, and a part that said otherwise is re-declared UTF-8: the Open
 * Packaging Conventions allow XML parts only in UTF-8 or UTF-16 (ECMA-376 Part 2, "XML Usage" [M1.17]), and
 * UTF-8 can hold every character any encoding could. A UTF-8 part keeps its byte-order mark, if it had one.
 */

/** A part's bytes as text, and the encoding they were read in. */
export interface PartText {
  text: string;
  /** "utf-8", "utf-16le", "utf-16be", "iso-8859-1", or another label TextDecoder read */
  encoding: string;
}

/** A part's text, or why it cannot be read as text. */
export type PartTextResult = ({ ok: true } & PartText) | { ok: false; reason: string };

// ISO-8859-1 and its aliases (IANA character-sets): each byte is the code point of the same number. TextDecoder
// maps these labels to windows-1252 (the WHATWG Encoding Standard), which reads 0x80-0x9F otherwise; XML parsers
// read them as Latin-1.
const LATIN1 = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819", "us-ascii"];

/** The encoding a part's first bytes say: its byte-order mark, UTF-16's "<?" without one, or its declaration. */
function declaredEncoding(bytes: Uint8Array): string {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return "utf-8";
  if (a === 0xff && b === 0xfe) return "utf-16le";
  if (a === 0xfe && b === 0xff) return "utf-16be";
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return "utf-16le";
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return "utf-16be";
  // The declaration is ASCII in every encoding that is not UTF-16 (XML 1.0, appendix F.1).
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 256)));
  const declaration = /^<\?xml[^?]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  const label = declaration ? declaration[1].toLowerCase() : "utf-8";
  return label === "utf8" ? "utf-8" : LATIN1.indexOf(label) >= 0 ? "iso-8859-1" : label;
}

/** Latin-1 bytes as text, in chunks (String.fromCharCode takes a bounded number of arguments). */
function latin1(bytes: Uint8Array): string {
  const pieces: string[] = [];
  for (let at = 0; at < bytes.length; at += 0x8000)
    pieces.push(String.fromCharCode(...bytes.subarray(at, at + 0x8000)));
  return pieces.join("");
}

/** The text of an XML part's bytes, read in the encoding they declare. */
export function decodePart(bytes: Uint8Array): PartTextResult {
  const encoding = declaredEncoding(bytes);
  if (encoding === "iso-8859-1") return { ok: true, text: latin1(bytes), encoding };
  let decoder: TextDecoder;
  try {
    // A UTF-8 mark stays in the text, so a rewritten part keeps it; a UTF-16 one goes, as the part becomes UTF-8.
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: encoding === "utf-8" });
  } catch {
    return { ok: false, reason: `It declares the encoding "${encoding}", which cannot be read here.` };
  }
  try {
    return { ok: true, text: decoder.decode(bytes), encoding };
  } catch {
    return { ok: false, reason: `It is not valid ${encoding.toUpperCase()} text, though it says it is.` };
  }
}

/** `text` as the bytes of a part read in `encoding`: UTF-8, with the declaration saying so where it said otherwise. */
export function encodePart(text: string, encoding: string): Uint8Array {
  const redeclared =
    encoding === "utf-8" ? text : text.replace(/^(<\?xml[^?]*?\sencoding\s*=\s*)(["'])[^"']*\2/, "$1$2UTF-8$2");
  return new TextEncoder().encode(redeclared);
}
