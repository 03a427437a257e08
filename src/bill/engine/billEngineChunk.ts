/*
 * What the Bill view loads when the planner chooses a first file, as one lazy chunk: the engine (DuckDB-Wasm's
 * client; its worker and module are separate files it fetches), the import's steps and the Parquet reader.
 */
export { engineSupported, openDuckdbEngine } from "./duckdbEngine";
export { measureBill, openBill } from "./billImport";
export { readParquet } from "./parquetReader";
