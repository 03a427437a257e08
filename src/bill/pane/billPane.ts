/*
 * The Bill view: a FOCUS export read in the pane, measured and shown month by month beside the plan. Choosing
 * files loads the engine (DuckDB-Wasm in a worker, the first time only: bill/engine), checks and reads them with
 * a progress bar and Cancel, and shows the figures; every change of the mapping or of a count measures again.
 * Nothing is written until the planner presses Insert or Download. Built inside #bill-root when the tab is first
 * shown (taskpane.ts loads this module then).
 */
import type { BillEngine, BillMeasurement, ChosenBlob, ImportProgress, OpenedBill } from "../engine/billImport";
import { billTotalsOf } from "../model/billFigures";
import type { BillProblem } from "../model/focusColumns";
import { PaneMode, ViewActions, viewActions } from "../../core/pane/viewActions";
import { renderSummary } from "../../core/pane/viewSummary";
import { billFilesSection } from "./billFilesDom";
import { billMappingSection } from "./billMappingDom";
import { make } from "./billFilesDom";
import { showMonths, showProblems } from "./billMonthsDom";
import { billSummary } from "./billSummary";

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The engine, its import steps and the Parquet reader: one lazy chunk, loaded with the first file. */
const loadEngine = () => import(/* webpackChunkName: "bill-engine" */ "../engine/billEngineChunk");

let engine: Promise<BillEngine> | undefined;
let opened: OpenedBill | undefined;
let measurement: BillMeasurement | undefined;
let running: AbortController | undefined;
let actions: ViewActions;
let onProgressFraction: (fraction: number) => void = () => undefined;

interface BillDom {
  summaryBody: HTMLElement;
  problems: HTMLElement;
  results: HTMLElement;
  months: HTMLElement;
  progress: HTMLProgressElement;
  cancel: HTMLButtonElement;
}
let dom: BillDom;
let files: ReturnType<typeof billFilesSection>;
let mapping: ReturnType<typeof billMappingSection>;

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === "AbortError";

/** Shows a step of the import: its words in the status line, its share in the bar (no share: a moving bar). */
function showProgress(progress: ImportProgress | undefined): void {
  dom.progress.hidden = progress === undefined;
  dom.cancel.hidden = progress === undefined;
  if (!progress) return;
  if (progress.fraction === undefined) dom.progress.removeAttribute("value");
  else dom.progress.value = progress.fraction;
  actions.say(progress.text);
}

/** The engine, started once: a failure to start is said and the next file tries again. */
function engineOf(): Promise<BillEngine> {
  if (!engine) {
    engine = loadEngine().then((chunk) => {
      if (!chunk.engineSupported()) {
        throw new Error(
          "This version of Office cannot run the bill's engine (it needs WebAssembly in a Web Worker): " +
            "use Excel for Microsoft 365, Excel for the web or a current browser.",
        );
      }
      return chunk.openDuckdbEngine((fraction) => onProgressFraction(fraction));
    });
    engine.catch(() => (engine = undefined));
  }
  return engine;
}

/** Stops whatever runs: the engine is closed (a query in its worker stops with it) and started again next time. */
async function cancelRunning(): Promise<void> {
  if (!running) return;
  running.abort();
  running = undefined;
  const stopping = engine;
  engine = undefined;
  opened = undefined;
  if (stopping) await stopping.then((e) => e.close()).catch(() => undefined);
}

/** Shows the figures of the last measuring, or the problems that stopped it. */
function show(result: BillMeasurement | { problems: BillProblem[] }): void {
  const problems = result.problems;
  showProblems(dom.problems, problems);
  if (!("months" in result)) {
    measurement = undefined;
    dom.results.hidden = true;
    renderSummary(dom.summaryBody, billSummary([]));
    actions.say(problems.find((p) => p.severity === "error")?.message ?? "The bill could not be read.", true);
    actions.refresh();
    return;
  }
  measurement = result;
  const totals = billTotalsOf(result.months);
  renderSummary(dom.summaryBody, billSummary(totals));
  mapping.show(result.keyValues, result.unknownAccelerators, []);
  showMonths(
    dom.months,
    result.months,
    totals.map((t) => t.currency),
  );
  dom.results.hidden = false;
  const rows = result.months.reduce((sum, m) => sum + m.fileTotal.rows, 0);
  const warnings = problems.filter((p) => p.severity === "warning").length;
  actions.say(
    `Read ${rows.toLocaleString("en-US")} rows. ` +
      (warnings ? `${warnings === 1 ? "One note" : `${warnings} notes`} above the figures. ` : "") +
      "Nothing is written until you insert or download the actuals.",
  );
  actions.refresh();
}

/** Reads the chosen files (or measures the opened ones again), with progress and Cancel. */
async function read(chosen: ChosenBlob[] | undefined): Promise<void> {
  await cancelRunning();
  const controller = new AbortController();
  running = controller;
  const { signal } = controller;
  const onProgress = (p: ImportProgress) => !signal.aborted && showProgress(p);
  onProgressFraction = (fraction) => {
    if (!signal.aborted && dom.progress.hidden === false) dom.progress.value = fraction;
  };
  files.offerReadAgain(false);
  try {
    if (chosen) {
      showProgress({ step: "checking", text: "Starting the engine…" });
      const started = await engineOf();
      const chunk = await loadEngine();
      const result = await chunk.openBill(started, chosen, { signal, onProgress, readParquet: chunk.readParquet });
      if (signal.aborted) return;
      if ("problems" in result) {
        opened = undefined;
        show(result);
        return;
      }
      opened = result;
    }
    if (!opened) return;
    const chunk = await loadEngine();
    const result = await chunk.measureBill(await engineOf(), opened, {
      mapping: mapping.mapping(),
      counts: mapping.counts(),
      signal,
      onProgress,
    });
    if (!signal.aborted) show(result);
  } catch (error) {
    if (isAbort(error) || signal.aborted) return;
    show({ problems: [] });
    actions.say(`The bill could not be read: ${error instanceof Error ? error.message : String(error)}`, true);
  } finally {
    if (running === controller) {
      running = undefined;
      showProgress(undefined);
    }
  }
}

/** Cancel: stops the import, keeps the figures already shown, and offers to read the files again. */
async function cancel(): Promise<void> {
  await cancelRunning();
  showProgress(undefined);
  files.offerReadAgain(true);
  actions.say("Cancelled: nothing more was read, and nothing was written.");
}

let remeasure: ReturnType<typeof setTimeout> | undefined;
/** A mapping or count changed: measure again once the planner pauses (a select's change is one event). */
function mappingChanged(): void {
  if (!opened) return;
  clearTimeout(remeasure);
  remeasure = setTimeout(() => void read(undefined), 150);
}

/** Tells the view where the pane runs, once Office.js has said. */
export function setBillMode(ready: PaneMode): void {
  actions.setMode(ready);
}

/** Builds the Bill view inside #bill-root. */
export function setUpBillView(): void {
  const root = byId("bill-root");
  const summary = make("section", {
    id: "bill-summary",
    class: "view-summary bill-summary",
    "aria-label": "The bill's answer",
    "aria-live": "polite",
  });
  const summaryBody = make("div", { id: "bill-summary-body" });
  summary.append(summaryBody);
  files = billFilesSection((chosen) => void read(chosen));
  const problems = make("ul", { id: "bill-problems", class: "bill-problems", "aria-label": "About this bill" });
  problems.hidden = true;
  mapping = billMappingSection(mappingChanged);
  const results = make("div", { id: "bill-results" });
  results.hidden = true;
  const monthsSection = make("section", {
    id: "bill-figures",
    class: "preview",
    "aria-labelledby": "bill-months-title",
  });
  const monthsTitle = make("h2", { id: "bill-months-title" }, "Month by month");
  const months = make("div", { id: "bill-months" });
  monthsSection.append(monthsTitle, months);
  results.append(mapping.element, monthsSection);
  root.replaceChildren(summary, files.element, problems, results);
  dom = {
    summaryBody,
    problems,
    results,
    months,
    progress: byId<HTMLProgressElement>("bill-progress"),
    cancel: byId<HTMLButtonElement>("bill-cancel"),
  };
  dom.cancel.addEventListener("click", () => void cancel());
  renderSummary(summaryBody, billSummary([]));
  actions = viewActions({
    status: byId("bill-status"),
    // Insert and Download of the actuals sheet join here with src/bill/sheet.
    actions: [],
    valid: () => measurement !== undefined && running === undefined,
    failure: "That did not work",
  });
  actions.say("Choose a FOCUS export to read.");
}
