/*
 * The zip's central directory, read from the file's bytes before anything is unzipped (PKWARE's APPNOTE.TXT
 * 6.3.10: 4.3.16 end of central directory, 4.3.14-15 its Zip64 forms, 4.3.12 the file headers, 4.5.3 the Zip64
 * extra field), so that a file is refused for what its directory says and not after inflating it:
 *  - a part name with a backslash, a "..", "." or empty segment, or a leading "/" (a part name is a "/"-separated
 *    path inside the package, ECMA-376 Part 2, 9.1.1 [M1.1]-[M1.6]; APPNOTE 4.4.17.1 forbids "\" and a drive or
 *    a leading "/"). JSZip would quietly rename "../x" to "x" and keep "a\b" as a name no relationship finds;
 *  - two entries with one name, or names equal but for case (part names compare case-insensitively, [M1.12]):
 *    JSZip keeps the last one silently, so which part the conversion read would be a guess;
 *  - a part over PART_LIMIT_BYTES, or a package over PACKAGE_LIMIT_BYTES, unzipped, by the sizes the directory
 *    states: a "zip bomb" (a few KB that inflate to GB) is refused here. A directory that understates a part is
 *    caught when that part is read (zipParts.ts stops inflating at the stated size);
 *  - an encrypted entry, or a compression method other than stored or deflated (the two Excel writes).
 * Each refusal is a sentence a planner can act on; JSZip's own messages never reach them.
 */

/** The most one part may unzip to (a worksheet is read whole into memory, and V8 strings stop near 512 MB). */
export const PART_LIMIT_BYTES = 256 * 1024 * 1024;
/** The most the whole package may unzip to. */
export const PACKAGE_LIMIT_BYTES = 2048 * 1024 * 1024;

/** One entry as the central directory lists it. */
export interface DirectoryEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
}

/** The entries, or why the file is refused. */
export type ZipDirectory = { ok: true; entries: DirectoryEntry[] } | { ok: false; message: string };

const DAMAGED =
  "This file is damaged or not a complete .xlsx: it cannot be unzipped (its zip directory is missing or cut off). " +
  "If Excel opens it, save it again there and choose the saved copy.";
const AGAIN = "If Excel opens it, save it again there (File > Save As, Excel Workbook) and choose the saved copy.";
const MB = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;

const fail = (message: string): ZipDirectory => ({ ok: false, message });

/** The offset of the end-of-central-directory record (it ends the file, before a comment of up to 64 KB). */
function endRecordAt(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) if (view.getUint32(at, true) === 0x06054b50) return at;
  return -1;
}

const uint64 = (view: DataView, at: number) => view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;

/** Where the central directory starts and its entry count; the Zip64 records where the classic ones overflow. */
function directoryBounds(view: DataView, end: number): { start: number; count: number } | undefined {
  let count = view.getUint16(end + 10, true);
  let size = view.getUint32(end + 12, true);
  let start = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) return undefined;
    const record = uint64(view, locator + 8);
    if (record + 56 > view.byteLength || view.getUint32(record, true) !== 0x06064b50) return undefined;
    count = uint64(view, record + 32);
    size = uint64(view, record + 40);
    start = uint64(view, record + 48);
    end = record;
  }
  // A file with bytes before the zip (a self-extractor) shifts every offset; the directory still ends at `end`.
  if (start + 4 > view.byteLength || view.getUint32(start, true) !== 0x02014b50) start = end - size;
  if (start < 0 || view.getUint32(start, true) !== 0x02014b50) return count === 0 ? { start, count } : undefined;
  return { start, count };
}

/** The Zip64 sizes of an entry whose 32-bit fields say 0xFFFFFFFF (APPNOTE 4.5.3: only those fields, in order). */
function zip64Sizes(view: DataView, extra: number, extraEnd: number, sizes: number[]): number[] {
  for (let at = extra; at + 4 <= extraEnd;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      return sizes.map((size) => {
        if (size !== 0xffffffff || field + 8 > at + 4 + length) return size;
        const value = uint64(view, field);
        field += 8;
        return value;
      });
    }
    at += 4 + length;
  }
  return sizes;
}

/** Why a part name cannot be a part of a package, or undefined for a good one. */
function badName(name: string): string | undefined {
  if (name.indexOf("\\") >= 0)
    return (
      `This file's zip package names its parts with backslashes ("${name}"), and a zip package separates folders ` +
      `with "/" only, so Excel and this converter cannot find its parts. It was probably zipped by hand on Windows: ` +
      `zip the folder again with a tool that writes "/" (or open the original workbook in Excel and save it).`
    );
  const segments = name.replace(/\/$/, "").split("/");
  if (/^[A-Za-z]:/.test(name) || segments.some((s) => s === "" || s === "." || s === ".."))
    return (
      `This file's zip package has an entry named "${name}", which points outside the package or has an empty ` +
      `folder name; no workbook has one, so the file is refused rather than unzipped. ${AGAIN}`
    );
  return undefined;
}

/**
 * Reads and checks the central directory of `bytes` (a file that starts with "PK"): every entry, or the refusal
 * for a damaged directory, a bad or repeated name, an encrypted entry, an unknown compression or a zip bomb.
 */
export function zipDirectoryOf(bytes: Uint8Array): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length >= 22 ? endRecordAt(view) : -1;
  const bounds = end >= 0 ? directoryBounds(view, end) : undefined;
  if (!bounds) return fail(DAMAGED);
  const entries: DirectoryEntry[] = [];
  const seen = new Map<string, string>();
  let total = 0;
  const names = new TextDecoder("utf-8");
  for (let i = 0, at = bounds.start; i < bounds.count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return fail(DAMAGED);
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((o) => view.getUint16(at + o, true));
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) return fail(DAMAGED);
    const name = names.decode(bytes.subarray(at + 46, nameEnd));
    const [compressedSize, uncompressedSize] = zip64Sizes(view, nameEnd, nameEnd + extraLength, [
      view.getUint32(at + 20, true),
      view.getUint32(at + 24, true),
    ]);
    const entry = {
      name,
      method: view.getUint16(at + 10, true),
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
      compressedSize,
      uncompressedSize,
    };
    at = nameEnd + extraLength + commentLength;
    const wrongName = badName(name);
    if (wrongName) return fail(wrongName);
    const key = name.toLowerCase();
    const twin = seen.get(key);
    if (twin !== undefined)
      return fail(
        `This file's zip package holds two entries named "${twin === name ? name : `${twin}" and "${name}`}" ` +
          `(part names are compared without regard to case), so which one is the workbook's own cannot be told; ` +
          `the file is refused rather than guessed at. ${AGAIN}`,
      );
    seen.set(key, name);
    if (name.endsWith("/")) continue;
    if (entry.encrypted)
      return fail(`This file's part "${name}" is encrypted inside the zip, so it cannot be read. ${AGAIN}`);
    if (entry.method !== 0 && entry.method !== 8)
      return fail(
        `This file's part "${name}" is compressed with a method (${entry.method}) Excel does not write, so it ` +
          `cannot be read. ${AGAIN}`,
      );
    total += uncompressedSize;
    const tooBig =
      uncompressedSize > PART_LIMIT_BYTES
        ? `its part "${name}" alone is ${MB(uncompressedSize)} unzipped`
        : total > PACKAGE_LIMIT_BYTES
          ? `its parts add up to more than ${MB(PACKAGE_LIMIT_BYTES)} unzipped`
          : "";
    if (tooBig)
      return fail(
        `This file would unzip to more than this converter reads: ${tooBig} (the limits are ` +
          `${MB(PART_LIMIT_BYTES)} a part and ${MB(PACKAGE_LIMIT_BYTES)} in all, from the sizes its zip directory ` +
          `states). A file this large is more often a "zip bomb" than a workbook; if it is a real one, split it ` +
          `into smaller workbooks and convert each.`,
      );
    entries.push(entry);
  }
  return { ok: true, entries };
}
