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
import { decodePart, encodePart, PartText } from "./partText";
import { PART_LIMIT_BYTES } from "./zipDirectory";

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

/** A part that cannot be read: damaged in the zip, or not text in the encoding it declares. */
export class UnreadablePart extends Error {
  constructor(
    readonly part: string,
    reason: string,
  ) {
    super(
      `The part ${part} of this file cannot be read: ${reason} If Excel opens the file, save it again there and ` +
        "choose the saved copy.",
    );
  }
}

/**
 * The CRC-32 tables for reading 8 bytes a step ("slicing-by-8": Kounavis and Berry, "A Systematic Approach to
 * Building High Performance Software-Based CRC Generators", IEEE ISCC 2005): table k gives a byte's CRC followed
 * by k zero bytes, so 8 lookups fold 8 bytes at once. A byte a step was a quarter of the time of unzipping a part
 * (bench/portable.js); this is 5-7x faster, and every byte is still checked.
 */
const CRC_TABLES = (() => {
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let i = 256; i < tables.length; i++) tables[i] = (tables[i - 256] >>> 8) ^ tables[tables[i - 256] & 0xff];
  return tables;
})();

/** CRC-32 (ISO 3309, the zip's checksum, APPNOTE 4.4.7) of `bytes`, continued from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = CRC_TABLES;
  let c = ~crc;
  let i = 0;
  for (const last = bytes.length - 8; i <= last; i += 8) {
    c ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    c =
      t[1792 + (c & 0xff)] ^
      t[1536 + ((c >>> 8) & 0xff)] ^
      t[1280 + ((c >>> 16) & 0xff)] ^
      t[1024 + (c >>> 24)] ^
      t[768 + bytes[i + 4]] ^
      t[512 + bytes[i + 5]] ^
      t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

interface ChunkStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): ChunkStream;
  on(event: "error", listener: (error: Error) => void): ChunkStream;
  on(event: "end", listener: () => void): ChunkStream;
  resume(): ChunkStream;
  pause(): ChunkStream;
}

/**
 * A part's bytes, or undefined when the package has none. Inflating stops as soon as the part outgrows the size
 * its zip directory states (a directory that understates a zip bomb), and the bytes are checked against the
 * directory's CRC-32; either fault, or JSZip failing to inflate, throws UnreadablePart, never JSZip's own text.
 */
export async function readPartBytes(zip: JSZip, name: string): Promise<Uint8Array | undefined> {
  const file = zip.file(name);
  if (!file) return undefined;
  const data = dataOf(file) as (LoadedData & { uncompressedSize?: number; crc32?: number }) | undefined;
  const stated = data && typeof data.uncompressedSize === "number" ? data.uncompressedSize : undefined;
  const limit = stated === undefined ? PART_LIMIT_BYTES : stated;
  const stream = (file as unknown as { internalStream(type: "uint8array"): ChunkStream }).internalStream("uint8array");
  const chunks: Uint8Array[] = [];
  let length = 0;
  let crc = 0;
  await new Promise<void>((resolve, reject) => {
    const refuse = (reason: string) => {
      stream.pause();
      reject(new UnreadablePart(name, reason));
    };
    stream
      .on("data", (chunk) => {
        length += chunk.length;
        if (length > limit) return refuse("it unzips to more bytes than its zip directory states.");
        crc = crc32(chunk, crc);
        chunks.push(chunk);
      })
      .on("error", () => refuse("its compressed data is damaged."))
      .on("end", () => resolve())
      .resume();
  });
  if (stated !== undefined && length !== stated)
    throw new UnreadablePart(name, "it is shorter than its zip directory states.");
  if (data && typeof data.crc32 === "number" && crc !== data.crc32 >>> 0)
    throw new UnreadablePart(name, "its checksum (CRC-32) does not match its contents.");
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(length);
  chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
  return bytes;
}

/** A part's text in the encoding it declares, or undefined when the package has no such part; throws UnreadablePart. */
export async function readPart(zip: JSZip, name: string): Promise<PartText | undefined> {
  const bytes = await readPartBytes(zip, name);
  if (!bytes) return undefined;
  const text = decodePart(bytes);
  if (!text.ok) throw new UnreadablePart(name, text.reason);
  return text;
}

/**
 * Replaces part `name` with `text`, as UTF-8 (re-declared if it was read in another encoding), deflated now; the
 * part keeps its date.
 */
export async function writePart(zip: JSZip, name: string, text: string, encoding = "utf-8"): Promise<void> {
  const bytes = encodePart(text, encoding);
  const original = zip.file(name);
  const options: JSZip.JSZipFileOptions = { date: original ? original.date : undefined, createFolders: false };
  const single = new JSZip();
  // Deflate level 1: a plain-arithmetic sheet is tens of MB of XML, and level 1 compresses it several times
  // faster than JSZip's default (6) for a file about a quarter larger (bench/portable.js: 100,000 formulas,
  // plain mode, 8.8 s -> 5.1 s in Node; output 8.2 MB -> 10.5 MB).

  single.file(name, bytes, { ...options, binary: true, compression: "DEFLATE" });
  const packed = await JSZip.loadAsync(
    await single.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 1 } }),
  );
  const packedFile = packed.file(name);
  const data = packedFile && dataOf(packedFile);
  if (data && data.compression && data.compression.magic === DEFLATED) {
    zip.file(name, data as unknown as Uint8Array, { ...options, binary: true, compression: "DEFLATE" });
  } else zip.file(name, bytes, { ...options, binary: true, compression: "DEFLATE" });
}
