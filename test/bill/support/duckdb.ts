/*
 * DuckDB-Wasm in Node for the bill's tests: the "blocking" build, which runs the same WebAssembly module as the
 * pane's worker build but on the calling thread, so Jest needs no Web Worker shim. Each test file opens one
 * engine (about a second) and runs the model's SQL text in it.
 */
import * as duckdb from "@duckdb/duckdb-wasm/dist/duckdb-node-blocking";
import { dirname, join } from "path";
import { BILL_ENGINE_SETTINGS } from "../../../src/bill/model/engineText";

const DIST = dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm"));

/** A row of a result, with DuckDB's bigint counts and every other value as the engine gives them. */
export type EngineRow = Record<string, unknown>;

/** An open engine. */
export interface Engine {
  /** runs one statement and gives its rows as plain objects; throws the engine's error */
  query(sql: string): EngineRow[];
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
    close: () => {
      connection.close();
      db.reset();
    },
  };
}
