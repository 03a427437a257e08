/*
 * DuckDB-Wasm's worker script and WebAssembly module, imported for their URLs: webpack emits each file as an asset
 * under chunks/ with a content hash in its name (webpack.config.js, the rule for @duckdb/duckdb-wasm/dist).
 */
declare module "@duckdb/duckdb-wasm/dist/duckdb-eh.wasm" {
  const url: string;
  export default url;
}
declare module "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js" {
  const url: string;
  export default url;
}
