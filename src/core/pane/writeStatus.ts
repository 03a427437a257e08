/*
 * What the status line says after a view wrote its sheet: Insert (inside Excel) names the new sheet, its charts or
 * why they were skipped, and what of the finish is missing; Download (in a browser) saves the file and names it.
 * A refusal of the model (a Problem) throws, so that the view's action says it as its failure sentence.
 */
import { isProblem, Problem } from "../model/problems";
import { saveFile } from "./saveFile";

/** What an Insert reports, as the sheet writer's InsertResult has it. */
export interface Inserted {
  sheetName: string;
  /** whether every chart of the sheet was drawn */
  chart: boolean;
  chartSkipped?: string;
  finishSkipped?: string;
}

/** How a sheet's charts are named in the status: drawn "a chart" or "its charts", skipped "chart" or "charts". */
export interface ChartWords {
  drawn: string;
  skipped: string;
}

/** Throws a Problem's message, or gives the result. */
function orThrow<T>(result: T | Problem): T {
  if (isProblem(result)) throw new Error(result.message);
  return result;
}

/**
 * The status after an Insert: 'Inserted on a new sheet, "Annual view", with its charts.' then what of the finish
 * is missing, then `more` (a sentence of the view's own, with its leading space), then where to try other numbers.
 */
export function insertStatus(result: Inserted | Problem, charts: ChartWords, more = ""): string {
  const inserted = orThrow(result);
  const chart = inserted.chart ? `, with ${charts.drawn}` : ` (${charts.skipped} skipped: ${inserted.chartSkipped})`;
  const finish = inserted.finishSkipped ? ` Sheet finish incomplete: ${inserted.finishSkipped}.` : "";
  return (
    `Inserted on a new sheet, "${inserted.sheetName}"${chart}.${finish}${more}` +
    " Change its blue cells to try other numbers."
  );
}

/** Saves `bytes` as `fileName` and gives the status: "Downloaded <fileName>: <what>". */
export function downloadStatus(bytes: ArrayBuffer | Uint8Array | Problem, fileName: string, what: string): string {
  saveFile(orThrow(bytes), fileName);
  return `Downloaded ${fileName}: ${what}`;
}
