/*
 * The import's Parquet reader (billImport.ts ParquetReader) over parquetBatches.ts: the footer first, so that a
 * file that is not FOCUS is refused before a row is decoded, then only the columns the bill reads (about 20 of
 * an export's 50 or more: about a third less time a million rows, bench/billData.js), into the file's own table.
 */
import type { ChosenBlob, ParquetReader } from "./billImport";
import { detectFocusVersion } from "../model/focusColumns";
import { AsyncBuffer, FILE_ERROR, insertParquet, parquetColumnNames } from "./parquetBatches";

/**
 * A chosen file as the Parquet reader reads it: a slice at a time, never whole. The slice is an async function's
 * promise, of this realm: hyparquet tells a promise by `instanceof Promise`, which a Blob's own promise from
 * another realm (Node's, under Jest) fails.
 */
function asyncBufferOf(file: ChosenBlob): AsyncBuffer {
  return { byteLength: file.blob.size, slice: async (start, end) => await file.blob.slice(start, end).arrayBuffer() };
}

/** Reads a chosen Parquet file into the table `tableName`; resolves to the names its footer lists. */
export const readParquet: ParquetReader = async (engine, file, { tableName, engineName, signal, onRows }) => {
  const buffer = asyncBufferOf(file);
  const names = await parquetColumnNames(buffer, file.name);
  const detection = detectFocusVersion(names);
  if ("code" in detection) {
    throw Object.assign(new Error(`${file.name}: ${detection.message}`), { name: FILE_ERROR });
  }
  await insertParquet(engine, buffer, tableName, {
    fileName: file.name,
    rowFileName: engineName,
    columns: Object.values(detection.columns).filter((c): c is string => typeof c === "string"),
    signal,
    onProgress: onRows,
  });
  return names;
};
