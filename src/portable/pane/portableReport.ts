/*
 * The portable conversion's report, as the pane shows it: one sentence first, then sheet by sheet, then every
 * call left as it was with its reason, then the workbook functions added or kept. Both paths (a file converted
 * in the browser, a workbook converted inside Excel) fill the same shape, so the reader sees one report.
 */
import type { PortableFileReport } from "../file/xlsxPackage";
import { formatCount } from "../../core/pane/format";

/** One sheet's line: what was converted there, and a note (skipped, rolled back) where one applies. */
export interface SheetLine {
  sheet: string;
  formulas: number;
  /** calls converted; left out where it means nothing (a restore) */
  calls?: number;
  note?: string;
}

/** A call, a cell or a name that was not converted, and why. */
export interface LeftLine {
  where: string;
  call: string;
  reason: string;
}

/** What the pane reports after a scan, a conversion or a restore. */
export interface ReportView {
  summary: string;
  sheets: SheetLine[];
  left: LeftLine[];
  functionsAdded: string[];
  functionsKept: { name: string; reason: string }[];
  notes: string[];
  /** a few rewrites to show before anything changes (a scan) */
  samples?: { where: string; before: string; after: string }[];
}

/** How many lines of a long list the report shows; the rest are counted. */
const LIST_LIMIT = 50;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function list<T>(items: readonly T[], line: (item: T) => Node[]): HTMLUListElement {
  const ul = element("ul");
  for (const item of items.slice(0, LIST_LIMIT)) {
    const li = element("li");
    li.append(...line(item));
    ul.append(li);
  }
  if (items.length > LIST_LIMIT) ul.append(element("li", `and ${formatCount(items.length - LIST_LIMIT)} more`));
  return ul;
}

const code = (text: string) => element("code", text);
const text = (value: string) => document.createTextNode(value);

/** The sheets as a table: sheet, formulas, calls (where counted), a note under the sheet's name. */
function sheetTable(sheets: readonly SheetLine[]): HTMLTableElement {
  const withCalls = sheets.some((line) => line.calls !== undefined);
  const table = element("table");
  const head = element("thead");
  const headRow = element("tr");
  for (const title of withCalls ? ["Sheet", "Formulas", "Calls"] : ["Sheet", "Formulas"]) {
    const th = element("th", title);
    th.scope = "col";
    headRow.append(th);
  }
  head.append(headRow);
  const body = element("tbody");
  for (const line of sheets) {
    const row = element("tr");
    const name = element("th", line.sheet);
    name.scope = "row";
    if (line.note) name.append(element("span", line.note, "row-note"));
    row.append(name, element("td", formatCount(line.formulas)));
    if (withCalls) row.append(element("td", formatCount(line.calls || 0)));
    body.append(row);
  }
  table.append(head, body);
  return table;
}

/** Draws `report` into `container`, replacing what was there; user text goes in as text only. */
export function renderReport(container: HTMLElement, report: ReportView): void {
  const parts: Node[] = [element("p", report.summary, "summary")];
  if (report.samples && report.samples.length > 0) {
    parts.push(element("h3", "What changes, for example"));
    parts.push(
      list(report.samples, (s) => [
        text(`${s.where}: `),
        code(s.before),
        element("br"),
        text("becomes "),
        code(s.after),
      ]),
    );
  }
  if (report.sheets.length > 0) {
    parts.push(element("h3", "Sheet by sheet"));
    const wrap = element("div", undefined, "table-wrap");
    wrap.append(sheetTable(report.sheets));
    parts.push(wrap);
  }
  if (report.left.length > 0) {
    parts.push(element("h3", `Left as they were (${formatCount(report.left.length)})`));
    parts.push(list(report.left, (l) => [text(`${l.where}: `), code(l.call), text(`. ${l.reason}`)]));
  }
  if (report.functionsAdded.length > 0) {
    parts.push(element("h3", "Workbook functions added"));
    const p = element("p");
    report.functionsAdded.forEach((name, i) => p.append(...(i ? [text(", "), code(name)] : [code(name)])));
    parts.push(p);
  }
  if (report.functionsKept.length > 0) {
    parts.push(element("h3", "Names kept as you had them"));
    parts.push(list(report.functionsKept, (k) => [code(k.name), text(`: ${k.reason}`)]));
  }
  for (const note of report.notes) parts.push(element("p", note, "report-note"));
  container.replaceChildren(...parts);
}

/** The report's view of a file converted in the browser (src/portable/file/xlsxPackage.ts). */
export function fileReportView(report: PortableFileReport, fileName: string): ReportView {
  const formulas =
    report.sheets.reduce((sum, s) => sum + s.formulasConverted, 0) + report.definedNames.formulasConverted;
  const calls = report.sheets.reduce((sum, s) => sum + s.callsConverted, 0) + report.definedNames.callsConverted;
  const left: LeftLine[] = [];
  for (const sheet of report.sheets)
    for (const l of sheet.left) left.push({ ...l, where: `${sheet.sheet}, ${l.where}` });
  left.push(...report.definedNames.left);
  for (const part of report.otherParts || [])
    for (const l of part.left) left.push({ ...l, where: `the chart ${part.part}, ${l.where}` });
  const target = report.mode === "lambda" ? "workbook functions" : "plain arithmetic";
  const summary =
    formulas === 0
      ? `${fileName} has no MLCOST call to convert${left.length ? " that could be converted" : ""}` +
        (report.twins.added.length ? "; the workbook functions were added, so anyone can type them." : ".")
      : `${formatCount(formulas)} ${formulas === 1 ? "formula" : "formulas"} (${formatCount(calls)} MLCOST ` +
        `${calls === 1 ? "call" : "calls"}) converted to ${target}` +
        (left.length ? `; ${formatCount(left.length)} left as they were (below).` : ".");
  const notes: string[] = [];
  if (report.recalculateOnOpen)
    notes.push(
      "The file asks Excel to recalculate when it opens, so the converted formulas show fresh numbers; " +
        "until then a previewer shows the values the file was saved with.",
    );
  if (report.mode === "lambda")
    notes.push("Workbook functions need Excel for Microsoft 365, Excel for the web or Excel 2024.");
  // Inside Excel a conversion keeps every original formula in the workbook for Restore; a file converted here
  // does not, so say what there is to go back to.
  if (formulas > 0)
    notes.push(
      `What this keeps: ${fileName} itself is untouched on this computer, with every MLCOST call; the ` +
        "converted copy keeps no record of the MLCOST calls, so Restore add-in formulas inside Excel finds " +
        `nothing to restore in it. To go back to the add-in's formulas, open ${fileName}.`,
    );
  return {
    summary,
    sheets: report.sheets.map((s) => ({ sheet: s.sheet, formulas: s.formulasConverted, calls: s.callsConverted })),
    left,
    functionsAdded: report.twins.added,
    functionsKept: report.twins.kept,
    notes,
  };
}
