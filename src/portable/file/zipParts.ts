/*
 * The zip side of the package, with JSZip 3.10 (as ExcelJS uses): untouched parts leave with the
 * very compressed bytes they came with, and a rewritten part is compressed as soon as it is
 * written back, so the whole workbook is never held uncompressed.
 *
 * Two touches of JSZip's internals, both guarded and both in this module only:
 *  - a loaded entry's data is a CompressedObject whose `compression.magic` says how the file
 *    stored it ("\x00\x00" stored, "\x08\x00" deflated). generateAsync copies an entry's bytes
 *    as they are when the entry's compression equals the one asked for (ZipObject._compressWorker),
 *    so each entry is given back its own compression; a stored part is not deflated.
 *  - a rewritten part is deflated at once by zipping it alone, and the CompressedObject read
 *    back from that one-part zip is what goes into the package (JSZip's file() takes one, as its
 *    own loader does). Without it every rewritten sheet would wait, uncompressed, for generateAsync.
 * If either shape is missing (another JSZip), the code falls back to the public API: the parts'
 * uncompressed bytes stay the same, only memory and the compressed form differ.
 */
import JSZip from "jszip";

interface LoadedData {
  compression?: { magic?: string };
}
const dataOf = (file: JSZip.JSZipObject): LoadedData | undefined => (file as unknown as { _data?: LoadedData })._data;

const STORED = "\x00\x00";
const DEFLATED = "\x08\x00";

/** Gives every loaded entry its own compression back, so that generateAsync copies its compressed bytes. */
export function keepCompression(zip: JSZip): void {
  zip.forEach((_, file) => {
    const magic = dataOf(file)?.compression?.magic;
    const options = (file as unknown as { options?: { compression?: string } }).options;
    if (options && (magic === STORED || magic === DEFLATED))
      options.compression = magic === STORED ? "STORE" : "DEFLATE";
  });
}

/** A part's text (UTF-8, as every XML part of an .xlsx is), or undefined when the package has no such part. */
export async function readPart(zip: JSZip, name: string): Promise<string | undefined> {
  const file = zip.file(name);
  return file ? file.async("string") : undefined;
}

/** Replaces part `name` with `text`, deflated now; the part keeps its date. */
export async function writePart(zip: JSZip, name: string, text: string): Promise<void> {
  const original = zip.file(name);
  const options: JSZip.JSZipFileOptions = { date: original ? original.date : undefined, createFolders: false };
  const single = new JSZip();
  // Deflate level 1: a plain-arithmetic sheet is tens of MB of XML, and level 1 compresses it several times
  // faster than JSZip's default (6) for a file about a quarter larger (bench/portable.js: 100,000 formulas,
  // plain mode, 8.8 s -> 5.1 s in Node; output 8.2 MB -> 10.5 MB).

  single.file(name, text, { ...options, compression: "DEFLATE" });
  const packed = await JSZip.loadAsync(
    await single.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 1 } }),
  );
  const packedFile = packed.file(name);
  const data = packedFile && dataOf(packedFile);
  if (data && data.compression && data.compression.magic === DEFLATED) {
    zip.file(name, data as unknown as Uint8Array, { ...options, binary: true, compression: "DEFLATE" });
  } else zip.file(name, text, { ...options, compression: "DEFLATE" });
}
