/*
 * DuckDB-Wasm in the pane: the engine that reads a bill too large for a worksheet. It runs in a Web Worker, so
 * the pane stays responsive while a month of millions of rows is read; the planner's files are read in place
 * through the browser's File API (a slice at a time, never the whole file in memory), and nothing leaves the
 * computer: the worker and its WebAssembly module come from the add-in's own origin (chunks/), and the engine
 * is told not to fetch extensions (BILL_ENGINE_SETTINGS).
 *
 * The "eh" build (WebAssembly exception handling) is the one shipped: Edge WebView2 (Windows), WKWebView (Mac,
 * Safari 15.2 and later) and the browsers Excel on the web supports all have it, and the build without it would
 * add 39 MB for hosts that no longer run Office add-ins with WebAssembly anyway (the legacy Internet Explorer and
 * EdgeHTML web views have no WebAssembly at all). A host without it gets a sentence, not a hang.
 * DuckDB-Wasm's API: https://duckdb.org/docs/stable/clients/wasm/instantiation (createWorker, instantiate) and
 * https://duckdb.org/docs/stable/clients/wasm/data_ingestion (registerFileHandle, BROWSER_FILEREADER).
 */
import * as duckdb from "@duckdb/duckdb-wasm";
import wasmUrl from "@duckdb/duckdb-wasm/dist/duckdb-eh.wasm";
import workerUrl from "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js";
import { BILL_ENGINE_SETTINGS } from "./engineText";
import type { BillEngine, EngineRow } from "./billImport";

/** The worker's progress messages (percentage of the running query), which AsyncDuckDB keeps to itself. */
type ProgressHooks = { _onExecutionProgress: ((p: { percentage: number }) => void)[] };

/** Whether this host can run the engine at all. */
export function engineSupported(): boolean {
  return typeof Worker !== "undefined" && typeof WebAssembly === "object" && typeof File !== "undefined";
}

/**
 * Starts the engine: a worker, its module, a connection, the bill's settings. `onProgress` hears the running
 * query's share done (0 to 1) as the engine reports it.
 */
export async function openDuckdbEngine(onProgress: (fraction: number) => void): Promise<BillEngine> {
  const worker = new Worker(new URL(workerUrl, document.baseURI).href);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  (db as unknown as ProgressHooks)._onExecutionProgress.push((p) => {
    if (Number.isFinite(p?.percentage)) onProgress(Math.max(0, Math.min(1, p.percentage / 100)));
  });
  await db.instantiate(new URL(wasmUrl, document.baseURI).href);
  const connection = await db.connect();
  // the progress callback fires only once a query has run progress_bar_time ms (2,000 by default): sooner, so the
  // bar moves on a bill of a few seconds too
  const progress = ["SET enable_progress_bar = true", "SET progress_bar_time = 200"];
  for (const setting of [...BILL_ENGINE_SETTINGS, ...progress]) await connection.query(setting);
  let closed = false;

  /** Runs one query; an abort cancels it in the engine and rejects with an AbortError. */
  const query = async (sql: string, signal?: AbortSignal): Promise<EngineRow[]> => {
    signal?.throwIfAborted();
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener(
        "abort",
        () => {
          void connection.cancelSent().catch(() => false);
          reject(new DOMException("The import was cancelled.", "AbortError"));
        },
        { once: true },
      );
    });
    const run = (async () => {
      const reader = await connection.send(sql);
      const rows: EngineRow[] = [];
      for await (const batch of reader) {
        for (const row of batch.toArray()) rows.push({ ...(row as { toJSON(): EngineRow }).toJSON() });
      }
      return rows;
    })();
    return Promise.race([run, aborted]);
  };

  return {
    registerFile: (name, file) => db.registerFileHandle(name, file, duckdb.DuckDBDataProtocol.BROWSER_FILEREADER, true),
    dropFile: async (name) => void (await db.dropFile(name)),
    query,
    insertArrowTable: (table, options) => connection.insertArrowTable(table, options),
    close: async () => {
      if (closed) return;
      closed = true;
      await db.terminate();
    },
  };
}
