/* The preview table: the stage table from the model, as the planner will see it inserted. */
import { isProblem, Problem } from "../../core/model/problems";
import { StageTable } from "../model/stages";
import { EXCEL_ERROR_TEXT } from "../../core/excel/errorCodes";
import { ColumnKind, StageColumn, stageColumnsFor, stageValue } from "../sheet/stageColumns";
import { formatCompact, formatCost, formatHours, formatLead, formatRatio, formatShare } from "../../core/pane/format";

/** How the preview shows each kind of column (the sheet uses the columns' number formats). */
const DISPLAY: Record<ColumnKind, (value: number) => string> = {
  stage: String,
  clips: formatCompact,
  hours: formatHours,
  ratio: formatRatio,
  verdict: String,
  lead: formatLead,
  share: formatShare,
  money: (value) => formatCost(value),
};

const shown = (value: number | string | Problem | undefined, format: (n: number) => string): string => {
  if (value === undefined) return "";
  if (isProblem(value)) return EXCEL_ERROR_TEXT[value.kind];
  return typeof value === "number" ? format(value) : value;
};

/**
 * Fills `table` (a <table>) with the stage table turned on its side, so it fits a task pane:
 * a column per stage, a row per column of STAGE_COLUMNS. Text nodes only.
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
  const measures = stageColumnsFor(priced).filter((column) => column.kind !== "stage");
  const heading = (column: StageColumn) =>
    column.kind === "money" && currency ? `Cost (${currency})` : column.heading;
  const body = table.tBodies[0] ?? table.createTBody();
  body.replaceChildren();
  for (const column of measures) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = heading(column);
    tr.append(th);
    for (const row of stages.rows)
      tr.insertCell().textContent = shown(stageValue(row, column.key), DISPLAY[column.kind]);
  }
}
