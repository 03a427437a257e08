/*
 * DuckDB-Wasm in Node for the bill's tests: the "blocking" build, which runs the same WebAssembly module as the
 * pane's worker build but on the calling thread, so Jest needs no Web Worker shim. Each test file opens one
 * engine (about a second) and runs the model's SQL text in it.
 */
import * as duckdb from "@duckdb/duckdb-wasm/dist/duckdb-node-blocking";
import { existsSync } from "fs";
import { dirname, join } from "path";
import { BILL_ENGINE_SETTINGS } from "../../../src/bill/engine/engineText";

const DIST = dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm"));

/** A row of a result, with DuckDB's bigint counts and every other value as the engine gives them. */
export type EngineRow = Record<string, unknown>;

/** An open engine. */
export interface Engine {
  /** runs one statement and gives its rows as plain objects; throws the engine's error */
  query(sql: string): EngineRow[];
  /** makes `bytes` readable as the file `name` */
  registerBuffer(name: string, bytes: Uint8Array): void;
  /** unregisters the file `name` */
  dropFile(name: string): void;
  /** the names of the files registered now (the Node runtime's glob also lists the working directory's files) */
  registeredFiles(): string[];
  /** appends an Arrow table to the table `name` */
  insertArrowTable(table: unknown, options: { name: string; create?: boolean }): void;
  close(): void;
}

/** Opens an in-memory DuckDB with the bill's settings applied. */
export async function openEngine(): Promise<Engine> {
  const bundles = {
    mvp: { mainModule: join(DIST, "duckdb-mvp.wasm"), mainWorker: join(DIST, "duckdb-node-mvp.worker.cjs") },
    eh: { mainModule: join(DIST, "duckdb-eh.wasm"), mainWorker: join(DIST, "duckdb-node-eh.worker.cjs") },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  const connection = db.connect();
  const query = (sql: string) =>
    connection
      .query(sql)
      .toArray()
      .map((row: { toJSON(): EngineRow }) => ({ ...row.toJSON() }));
  for (const setting of BILL_ENGINE_SETTINGS) query(setting);
  return {
    query,
    registerBuffer: (name, bytes) => db.registerFileBuffer(name, bytes),
    dropFile: (name) => db.dropFile(name),
    registeredFiles: () =>
      db
        .globFiles("*")
        .map((f: { fileName: string }) => f.fileName)
        .filter((name: string) => !existsSync(name)),
    insertArrowTable: (table, options) =>
      connection.insertArrowTable(table as Parameters<typeof connection.insertArrowTable>[0], options),
    close: () => {
      connection.close();
      db.reset();
    },
  };
}

/**
 * The engine as the bill's import sees it (src/bill/engine/billImport.ts BillEngine): a chosen file is read into a
 * buffer and registered, as the pane's worker reads a File in place; `signal` is checked before each query, as the
 * blocking build cannot stop one midway.
 */
export function asBillEngine(engine: Engine): import("../../../src/bill/engine/billImport").BillEngine {
  return {
    registerFile: async (name, file) => engine.registerBuffer(name, new Uint8Array(await file.arrayBuffer())),
    dropFile: async (name) => engine.dropFile(name),
    query: async (sql, signal) => {
      signal?.throwIfAborted();
      return engine.query(sql);
    },
    insertArrowTable: async (table, options) => engine.insertArrowTable(table, options),
    close: async () => engine.close(),
  };
}
