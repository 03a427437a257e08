/*
 * The portable view inside Excel: add the workbook functions, scan the workbook (counts per sheet and sample
 * rewrites, nothing changed), convert what the scan found with a progress bar and Cancel, and restore the
 * originals. The work is src/portable/excel, loaded on first use; this module only drives the buttons.
 */
import type { Progress, RunOptions, WorkbookScan } from "../excel";
import { formatCount } from "../../core/pane/format";
import { failureText } from "../../core/writers/officeSync";
import { chosenMode, setPortableStatus, showProgress, showReport } from "./portableView";
import { convertibleCalls, convertView, functionsView, restoreView, scanView } from "./portableExcelReport";
import { byId } from "../../core/pane/dom";

const engine = () => import(/* webpackChunkName: "portable-excel" */ "../excel");

/** Wires the in-Excel buttons of the portable view. */
export function setUpExcelConversion(): void {
  const scanButton = byId<HTMLButtonElement>("scan");
  const convertButton = byId<HTMLButtonElement>("convert");
  const cancelButton = byId<HTMLButtonElement>("cancel");
  const addButton = byId<HTMLButtonElement>("add-functions");
  const restoreButton = byId<HTMLButtonElement>("restore");
  const all = [scanButton, convertButton, addButton, restoreButton];
  let scan: WorkbookScan | undefined;
  let cancel: { cancelled: boolean } | undefined;
  byId("portable-excel-section").hidden = false;
  scanButton.hidden = false;
  setPortableStatus("Scan the workbook to see what converting would change; nothing changes until you convert.");

  const forgetScan = () => {
    scan = undefined;
    convertButton.hidden = true;
    scanButton.classList.remove("secondary");
  };
  document.querySelectorAll('input[name="portable-mode"]').forEach((radio) =>
    radio.addEventListener("change", () => {
      if (!scan) return;
      forgetScan();
      setPortableStatus("The choice changed: scan again to see what it would do.");
    }),
  );

  /** Runs `work` with every button off, a progress bar and, when `cancellable`, the Cancel button. */
  const run = async (cancellable: boolean, work: (options: RunOptions) => Promise<void>) => {
    all.forEach((b) => (b.disabled = true));
    cancel = { cancelled: false };
    cancelButton.hidden = !cancellable;
    cancelButton.disabled = false;
    showProgress({ done: 0, total: 1 });
    const onProgress = (p: Progress) => showProgress(p);
    try {
      await work({ onProgress, cancel });
    } catch (failure) {
      setPortableStatus(`That did not work: ${failureText(failure)}`, true);
    } finally {
      showProgress(undefined);
      cancelButton.hidden = true;
      cancel = undefined;
      all.forEach((b) => (b.disabled = false));
    }
  };

  cancelButton.addEventListener("click", () => {
    if (!cancel) return;
    cancel.cancelled = true;
    cancelButton.disabled = true;
    setPortableStatus("Cancelling after the current step…");
  });

  addButton.addEventListener("click", () =>
    run(false, async () => {
      setPortableStatus("Adding the workbook functions…");
      const outcome = await (await engine()).addWorkbookFunctions();
      showReport(functionsView(outcome));
      setPortableStatus(functionsView(outcome).summary, Boolean(outcome.skipped) && outcome.added.length === 0);
    }),
  );

  scanButton.addEventListener("click", () =>
    run(true, async (options) => {
      forgetScan();
      setPortableStatus("Reading every sheet's formulas…");
      const result = await (await engine()).scanWorkbook(chosenMode(), options);
      showReport(scanView(result));
      if (result.error || result.cancelled) {
        setPortableStatus(result.error ? "The scan stopped; see the report." : "Scan cancelled.", !!result.error);
        return;
      }
      const calls = convertibleCalls(result);
      if (calls === 0) {
        setPortableStatus(
          result.totals.cells ? "Nothing here can be converted; the report says why." : "Nothing to convert.",
        );
        return;
      }
      scan = result;
      convertButton.textContent = `Convert ${formatCount(calls)} ${calls === 1 ? "call" : "calls"}`;
      convertButton.hidden = false;
      scanButton.classList.add("secondary");
      setPortableStatus("Check the report, then convert. Restore puts every formula back.");
    }),
  );

  convertButton.addEventListener("click", () => {
    const scanned = scan;
    if (!scanned) return;
    return run(true, async (options) => {
      setPortableStatus("Converting…");
      const report = await (await engine()).convertWorkbook(scanned, options);
      forgetScan();
      const view = convertView(report);
      showReport(view);
      setPortableStatus(view.summary, !!report.error);
    });
  });

  restoreButton.addEventListener("click", () =>
    run(true, async (options) => {
      forgetScan();
      setPortableStatus("Putting the add-in's formulas back…");
      const report = await (await engine()).restoreWorkbook(options);
      const view = restoreView(report);
      showReport(view);
      setPortableStatus(view.summary, !!report.error);
    }),
  );
}
