/*
 * The bill bench's page script (engine.html): the limits the pane's import is compared with, each timed in the
 * page. bench/billBrowser.js drives it through window.billBench once `ready` is true:
 * - start: DuckDB-Wasm as the pane starts it (duckdbEngine.ts: the worker and module the build emitted, the
 *   bill's settings and the progress bar), timed;
 * - countCsv: the engine reading the chosen CSV alone, a count(*) over read_csv with the bill's options, the
 *   file registered in place as the pane registers it (BROWSER_FILEREADER, direct I/O);
 * - decodeParquet: hyparquet decoding the chosen Parquet alone, through the bill's own parquetBatches.ts (served
 *   as JavaScript by the bench), every column or only the bill's, nothing inserted.
 * Each resolves to its milliseconds and what it counted, so the bench can refuse a read that counted the wrong rows.
 */
/* global document, window, Worker */
import * as duckdb from "@duckdb/duckdb-wasm";
import { parquetBatches } from "/__bench/src/bill/engine/parquetBatches.ts";

let db;
let connection;

/** The file the bench chose in the page's file input. */
function chosenFile() {
  const file = document.getElementById("bench-file").files[0];
  if (!file) throw new Error("no file chosen in #bench-file");
  return file;
}

window.billBench = {
  ready: true,

  async start({ workerUrl, wasmUrl, settings }) {
    const started = performance.now();
    const worker = new Worker(new URL(workerUrl, document.baseURI).href);
    db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await db.instantiate(new URL(wasmUrl, document.baseURI).href);
    connection = await db.connect();
    for (const setting of settings) await connection.query(setting);
    return { ms: performance.now() - started };
  },

  async countCsv({ engineName, sql }) {
    const file = chosenFile();
    const started = performance.now();
    await db.registerFileHandle(engineName, file, duckdb.DuckDBDataProtocol.BROWSER_FILEREADER, true);
    const table = await connection.query(sql);
    const rows = Number(table.getChildAt(0).get(0));
    const ms = performance.now() - started;
    await db.dropFile(engineName);
    return { ms, rows };
  },

  async decodeParquet({ columns }) {
    const file = chosenFile();
    // as the pane reads a chosen file (parquetReader.ts asyncBufferOf): a slice at a time
    const buffer = { byteLength: file.size, slice: async (start, end) => await file.slice(start, end).arrayBuffer() };
    const started = performance.now();
    let rows = 0;
    let cells = 0;
    for await (const batch of parquetBatches(buffer, { fileName: file.name, columns })) {
      rows = batch.rowsRead;
      cells += batch.table.numRows * batch.table.numCols;
    }
    return { ms: performance.now() - started, rows, cells };
  },

  async close() {
    await connection?.close();
    await db?.terminate();
  },
};
