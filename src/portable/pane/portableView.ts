/*
 * The portable view: make a workbook that works for readers without the add-in. In a browser it converts an
 * .xlsx chosen or dropped here (src/portable/file/xlsxPackage.ts, loaded on first use) and downloads the result;
 * inside Excel it drives the in-workbook conversion (src/portable/excel). Both show the same report.
 */
import type { PortableMode } from "../formula/rewrite";
import { fileReportView, renderReport, ReportView } from "./portableReport";
import { OPENABLE_EXTENSIONS, saveFile } from "../../core/pane/saveFile";
import { formatCount } from "../../core/pane/format";
import { byId } from "../../core/pane/dom";

/** The mode the planner chose. */
export function chosenMode(): PortableMode {
  const checked = document.querySelector<HTMLInputElement>('input[name="portable-mode"]:checked');
  return checked && checked.value === "plain" ? "plain" : "lambda";
}

/** Says `text` in the portable view's status line. */
export function setPortableStatus(text: string, isError = false): void {
  const status = byId<HTMLParagraphElement>("portable-status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** Shows `report` (or hides the report for undefined). */
export function showReport(report: ReportView | undefined): void {
  byId("portable-report").hidden = !report;
  if (report) renderReport(byId("portable-report-body"), report);
}

/** Shows progress (done of total), or hides the bar for undefined. */
export function showProgress(progress: { done: number; total: number } | undefined): void {
  const bar = byId<HTMLProgressElement>("portable-progress");
  bar.hidden = !progress;
  if (!progress) return;
  bar.max = Math.max(progress.total, 1);
  bar.value = Math.min(progress.done, bar.max);
  bar.setAttribute("aria-valuetext", `${formatCount(progress.done)} of ${formatCount(progress.total)}`);
}

/**
 * The converted file's name, with the extension its content calls for (Excel refuses a macro-enabled workbook
 * named .xlsx): "budget.xlsx" -> "budget (portable).xlsx", "macro.xlsm" with "xlsm" -> "macro (portable).xlsm".
 */
export function portableFileName(name: string, extension = "xlsx"): string {
  const base = name.replace(/\.(xlsx|xlsm|xltx|xltm|xlam)$/i, "") || "workbook";
  return `${base} (portable).${extension}`;
}

const sizeText = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${formatCount(Math.max(1, Math.round(bytes / 1e3)))} KB`;

/** The browser path: choose or drop a workbook (.xlsx, .xlsm, .xltx, .xltm), convert it, download the result. */
export function setUpFileConversion(): void {
  const input = byId<HTMLInputElement>("portable-file");
  const zone = byId("drop-zone");
  const button = byId<HTMLButtonElement>("convert-file");
  let file: File | undefined;
  let busy = false;
  input.accept = OPENABLE_EXTENSIONS.join(",");
  byId("portable-file-section").hidden = false;
  button.hidden = false;
  setPortableStatus("Choose a workbook to convert.");

  const choose = (chosen: File | undefined) => {
    if (!chosen || busy) return;
    file = chosen;
    byId("portable-file-name").textContent = `${chosen.name} (${sizeText(chosen.size)})`;
    button.disabled = false;
    showReport(undefined);
    setPortableStatus(`Ready to convert ${chosen.name}.`);
  };
  input.addEventListener("change", () => choose(input.files ? input.files[0] : undefined));
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.dataset.over = "";
  });
  zone.addEventListener("dragleave", () => delete zone.dataset.over);
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    delete zone.dataset.over;
    const files = event.dataTransfer ? event.dataTransfer.files : undefined;
    choose(files && files.length ? files[0] : undefined);
  });

  button.addEventListener("click", async () => {
    if (!file || busy) return;
    busy = true;
    button.disabled = true;
    const chosen = file;
    const mode = chosenMode();
    setPortableStatus(`Converting ${chosen.name}…`);
    showProgress({ done: 0, total: 1 });
    try {
      const { portableWorkbook } = await import(/* webpackChunkName: "portable-file" */ "../file/xlsxPackage");
      const result = await portableWorkbook(await chosen.arrayBuffer(), mode, {
        onSheet: (done, total) => showProgress({ done, total }),
      });
      if (!result.ok) {
        showReport(undefined);
        setPortableStatus(`${result.message} Nothing was downloaded.`, true);
        return;
      }
      const view = fileReportView(result.report, chosen.name);
      showReport(view);
      if (!result.report.recalculateOnOpen && view.functionsAdded.length === 0) {
        setPortableStatus(`${view.summary} Nothing was downloaded.`);
        return;
      }
      const name = portableFileName(chosen.name, result.extension);
      saveFile(result.bytes, name);
      setPortableStatus(`Downloaded ${name}. The report says what changed.`);
    } catch (failure) {
      showReport(undefined);
      const reason = failure instanceof Error ? failure.message : String(failure);
      setPortableStatus(`That did not work, and nothing was downloaded: ${reason}`, true);
    } finally {
      showProgress(undefined);
      busy = false;
      button.disabled = false;
    }
  });
}
