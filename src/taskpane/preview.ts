/* The preview table: the stage table from the model, as the planner will see it inserted. */
import { EXCEL_ERROR_TEXT, isProblem, Problem, STAGE_COLUMNS, StageTable } from "../model";
import { formatClipsShort, formatCost, formatHours, formatRatio, formatShare } from "./format";

const shown = (value: number | string | Problem | undefined, format: (n: number) => string): string => {
  if (value === undefined) return "";
  if (isProblem(value)) return EXCEL_ERROR_TEXT[value.kind];
  return typeof value === "number" ? format(value) : value;
};

/**
 * Fills `table` (a <table>) with the stage table turned on its side, so it fits a task pane:
 * a column per stage, a row per measure. Text nodes only.
 */
export function renderPreview(table: HTMLTableElement, stages: StageTable, currency?: string): void {
  const priced = stages.rows.some((row) => row.cost !== undefined);
  const head = table.createTHead();
  head.replaceChildren();
  const headerRow = head.insertRow();
  const corner = document.createElement("td");
  headerRow.append(corner);
  for (const row of stages.rows) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = row.stage;
    headerRow.append(th);
  }
  const measures: [string, (row: StageTable["rows"][number]) => string][] = [
    [STAGE_COLUMNS[1], (row) => formatClipsShort(row.clipsPerInterval)],
    [STAGE_COLUMNS[2], (row) => formatHours(row.servingHours)],
    [STAGE_COLUMNS[3], (row) => formatHours(row.trainingHours)],
    [STAGE_COLUMNS[4], (row) => formatHours(row.totalHours)],
    [STAGE_COLUMNS[5], (row) => shown(row.splitRatio, formatRatio)],
    [STAGE_COLUMNS[6], (row) => shown(row.dominantHalf, String)],
    [STAGE_COLUMNS[7], (row) => shown(row.trainingShare, formatShare)],
  ];
  if (priced) measures.push([currency ? `Cost (${currency})` : "Cost", (row) => shown(row.cost, (n) => formatCost(n))]);
  const body = table.tBodies[0] ?? table.createTBody();
  body.replaceChildren();
  for (const [heading, cellText] of measures) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = heading;
    tr.append(th);
    for (const row of stages.rows) tr.insertCell().textContent = cellText(row);
  }
}
