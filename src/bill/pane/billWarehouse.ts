/*
 * For a bill a laptop should not read: the same aggregation as SQL for the warehouse the bill already lives in
 * (BigQuery, Snowflake, Databricks, Athena, or DuckDB itself), built from the mapping and counts above, to copy
 * or download; and the small result the warehouse gives back (its CSV export) read into the same figures. The
 * pane never sees the table, so the planner says its FOCUS release and how the warehouse spells column names.
 */
import { billAggregationSql } from "../model/billSql";
import { BILL_DIALECTS, billDialect, BillDialectName, billTableSql } from "../model/billDialects";
import { ColumnCasing, FocusVersion, warehouseDetection } from "../model/focusColumns";
import { readBillResultCsv } from "../model/resultCsv";
import type { BillResultRow } from "../model/billFigures";
import type { BillProblem } from "../model/focusColumns";
import type { AcceleratorCounts } from "../model/accelerators";
import type { BillMapping } from "../model/roles";
import { saveFile } from "../../core/pane/saveFile";
import { make } from "../../core/pane/dom";

/** How each warehouse spells a loaded table's columns by default (a planner can say otherwise). */
const DEFAULT_CASING: Record<BillDialectName, ColumnCasing> = {
  duckdb: "asFocus",
  bigquery: "asFocus",
  snowflake: "upper",
  databricks: "asFocus",
  athena: "lower",
};

/** What the warehouse section needs of the view. */
export interface WarehouseHooks {
  mapping(): BillMapping;
  counts(): AcceleratorCounts;
  /** the result read back, or the problem that stops it */
  read(result: { rows: BillResultRow[]; fileName: string } | { problems: BillProblem[] }): void;
}

/** A labelled control in a field. */
function field(label: string, control: HTMLElement, id: string): HTMLElement {
  control.id = id;
  const wrap = make("div", { class: "field" });
  wrap.append(make("label", { for: id }, label), control);
  return wrap;
}

/** Builds the warehouse section, folded; `refresh` rebuilds its SQL (after a mapping change). */
export function billWarehouseSection(hooks: WarehouseHooks): { element: HTMLElement; refresh(): void } {
  const element = make("details", { id: "bill-warehouse", class: "bill-section bill-warehouse" });
  const summary = make("summary", {}, "Too big for this computer? Run the SQL where the bill is");
  const note = make(
    "p",
    { class: "section-note" },
    "The same figures as SQL for the warehouse your cloud exports FOCUS to. Run it there, export the result as CSV " +
      "(a few hundred rows) and read it here. The mapping and counts above go into the SQL.",
  );
  const dialect = make("select");
  for (const d of BILL_DIALECTS) dialect.append(make("option", { value: d.name }, d.label));
  dialect.value = "bigquery";
  const table = make("input", { type: "text", spellcheck: "false", autocomplete: "off" });
  table.value = "project.dataset.focus_export";
  const version = make("select");
  for (const v of ["1.0", "1.1", "1.2", "1.3"]) version.append(make("option", { value: v }, `FOCUS ${v}`));
  version.value = "1.2";
  const casing = make("select");
  const casings: [ColumnCasing, string][] = [
    ["asFocus", "As FOCUS spells them (BilledCost)"],
    ["lower", "lower case (billedcost: Athena, Glue)"],
    ["upper", "UPPER CASE (BILLEDCOST: Snowflake)"],
  ];
  for (const [value, words] of casings) casing.append(make("option", { value }, words));
  casing.value = DEFAULT_CASING.bigquery;
  const tagsNote = make("p", { class: "section-note", id: "bill-warehouse-tags" });
  const sql = make("textarea", {
    id: "bill-warehouse-sql",
    readonly: "",
    rows: "8",
    spellcheck: "false",
    "aria-label": "The SQL for your warehouse",
  });
  const copy = make("button", { type: "button", class: "secondary" }, "Copy SQL");
  const download = make("button", { type: "button", class: "secondary" }, "Download .sql");
  const buttons = make("div", { class: "button-row" });
  buttons.append(copy, download);
  const said = make("p", { class: "section-note", role: "status" });
  const resultInput = make("input", { type: "file", accept: ".csv,text/csv", class: "visually-hidden" });
  resultInput.id = "bill-warehouse-result";
  const resultLabel = make("label", { class: "drop-zone", for: "bill-warehouse-result" });
  resultLabel.append(make("span", { class: "file-name" }, "Read the warehouse's result (CSV)"));
  element.append(
    summary,
    note,
    field("Warehouse", dialect, "bill-warehouse-dialect"),
    field("Table", table, "bill-warehouse-table"),
    field("Release", version, "bill-warehouse-version"),
    field("Column names are", casing, "bill-warehouse-casing"),
    tagsNote,
    sql,
    buttons,
    said,
    resultInput,
    resultLabel,
  );

  const parts = () =>
    table.value
      .split(".")
      .map((p) => p.trim())
      .filter((p) => p !== "");
  const refresh = () => {
    const chosen = billDialect(dialect.value);
    tagsNote.textContent = `Tags: ${chosen.tags}`;
    const nameParts = parts();
    if (nameParts.length === 0) {
      sql.value = "";
      said.textContent = "Name the table the bill is in (project.dataset.table).";
      return;
    }
    said.textContent = "";
    sql.value = billAggregationSql({
      source: billTableSql(chosen.name, nameParts),
      detection: warehouseDetection(version.value as FocusVersion, casing.value as ColumnCasing),
      mapping: hooks.mapping(),
      counts: hooks.counts(),
      hasFilename: false,
      dialect: chosen.name,
    });
  };
  dialect.addEventListener("change", () => {
    casing.value = DEFAULT_CASING[dialect.value as BillDialectName] ?? "asFocus";
    refresh();
  });
  for (const control of [table, version, casing]) control.addEventListener("input", refresh);
  version.addEventListener("change", refresh);
  casing.addEventListener("change", refresh);
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(sql.value);
      said.textContent = "Copied.";
    } catch {
      // Office's web views may refuse the clipboard: the text is selected for Ctrl+C instead
      sql.focus();
      sql.select();
      said.textContent = "Selected: press Ctrl+C (Cmd+C on a Mac) to copy.";
    }
  });
  download.addEventListener("click", () => saveFile(sql.value, `mlcost-bill-${dialect.value}.sql`));
  resultInput.addEventListener("change", async () => {
    const file = resultInput.files?.[0];
    resultInput.value = "";
    if (!file) return;
    const read = readBillResultCsv(await file.text());
    if ("code" in read) hooks.read({ problems: [read] });
    else hooks.read({ rows: read.rows, fileName: file.name });
  });
  refresh();
  return { element, refresh };
}
