/*
 * The two codec files of hyparquet-compressors the Parquet reader imports one by one (parquetBatches.ts says
 * why): the package types only its index. Signatures as the files' own JSDoc gives them.
 */
declare module "hyparquet-compressors/src/gzip.js" {
  export function gunzip(input: Uint8Array, output: Uint8Array, inputIndex?: number, outputIndex?: number): Uint8Array;
}
declare module "hyparquet-compressors/src/lz4.js" {
  export function decompressLz4(input: Uint8Array, outputLength: number): Uint8Array;
  export function decompressLz4Raw(input: Uint8Array, outputLength: number): Uint8Array;
}
