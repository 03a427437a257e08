/*
 * The Bill view: a FOCUS export read in the pane, measured and shown month by month beside the plan. Choosing
 * files loads the engine (DuckDB-Wasm in a worker, the first time only: bill/engine), checks and reads them with
 * a progress bar and Cancel, and shows the figures; every change of the mapping or of a count measures again,
 * and the mapping is kept with the workbook (billStore.ts) and can be exported and applied next month. A bill too
 * big for the computer is measured where it lives (billWarehouse.ts). Nothing is written to a workbook until the
 * planner presses Insert or Download. Built inside #bill-root when the tab is first shown (taskpane.ts).
 */
import type { BillEngine, BillMeasurement, ChosenBlob, ImportProgress, OpenedBill } from "../engine/billImport";
import { BillMonth, billMonthsOf } from "../model/billFigures";
import { billInCurrency } from "../model/billCurrency";
import type { BillProblem } from "../model/focusColumns";
import { MAPPING_FILE_MAX_BYTES, mappingFileTooLarge, readMappingFile, writeMappingFile } from "../model/mappingFile";
import { startingMapping } from "../model/roles";
import type { ActualsBudget, ActualsInput } from "../sheet/actualsLayout";
import { Refusal, ViewActions, viewActions } from "../../core/pane/viewActions";
import type { PaneHost } from "../../core/views/paneHost";
import type { MountedView, ViewContext } from "../../core/views/paneView";
import { renderSummary } from "../../core/pane/viewSummary";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import { saveFile } from "../../core/pane/saveFile";
import { billFilesSection } from "./billFilesDom";
import { byId, make } from "../../core/pane/dom";
import { billMappingSection } from "./billMappingDom";
import { BudgetInputTexts, billMeasuredSection } from "./billMeasuredDom";
import { showMonths, showProblems } from "./billMonthsDom";
import { showModels } from "./billModelsDom";
import { loadMapping, recordedBudgetSheets, saveMapping } from "./billStore";
import { officeSettingsStore } from "../../core/host/settingsStore";
import { billSummary } from "./billSummary";
import { billWarehouseSection } from "./billWarehouse";
import { commitmentSection } from "../../commitments/pane";

/** What the view needs of the other views, wired by the view list (src/taskpane/viewList.ts). */
export interface BillNeeds {
  /** the Budget tab's plan (one model, or the estate's) when it has a valid one (the download's plan against actual) */
  budgetPlan(): ActualsBudget["plan"] | undefined;
  /** shows the Budget tab with these inputs typed in */
  useInBudget(inputs: BudgetInputTexts): void;
  /** the API-or-fleet view's blended API price per 1M tokens, where that view is open and valid */
  planPricePerMillion(): { price: number; currency?: string } | undefined;
}

/** The engine, its import steps and the Parquet reader: one lazy chunk, loaded with the first file. */
const loadEngine = () => import(/* webpackChunkName: "bill-engine" */ "../engine/billEngineChunk");

interface BillDom {
  summaryBody: HTMLElement;
  /** the currency choice, shown where the bill has more than one */
  currencyChoice: HTMLElement;
  currency: HTMLSelectElement;
  problems: HTMLElement;
  results: HTMLElement;
  months: HTMLElement;
  /** the models' figures, where the mapping reads each row's model */
  models: HTMLElement;
  progress: HTMLProgressElement;
  cancel: HTMLButtonElement;
  mappingStatus: HTMLElement;
}

/** The view's state, made when it is built (mount): where it runs, what it shows and runs, and its sections. */
interface BillView {
  host: PaneHost | undefined;
  hooks: BillNeeds;
  engine: Promise<BillEngine> | undefined;
  opened: OpenedBill | undefined;
  /** the figures shown and where they came from (the files, or a warehouse's result) */
  shown: { months: BillMonth[]; files: string[]; focusVersion: string; importedAt: string } | undefined;
  /** the shown bill's hourly serving demand (undefined: a warehouse's result, which has none) */
  servingDemand: BillMeasurement["servingDemand"];
  /** the currency the planner chose for every figure; the costliest while they have chosen none */
  currency: string | undefined;
  running: AbortController | undefined;
  onProgressFraction: (fraction: number) => void;
  /** the measuring a change of the mapping asks for, a moment after the last change */
  remeasure: ReturnType<typeof setTimeout> | undefined;
  /** a change of the mapping waits for its measuring */
  measurePending: boolean;
  actions: ViewActions;
  dom: BillDom;
  files: ReturnType<typeof billFilesSection>;
  mapping: ReturnType<typeof billMappingSection>;
  measured: ReturnType<typeof billMeasuredSection>;
  warehouse: ReturnType<typeof billWarehouseSection>;
  commitment: ReturnType<typeof commitmentSection>;
}
let view: BillView;

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === "AbortError";

/** The time of an import as the sheet notes it: "2026-12-01 14:05 UTC". */
const importTime = () => `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Shows a step of the import: its words in the status line, its share in the bar (no share: a moving bar). */
function showProgress(progress: ImportProgress | undefined): void {
  view.dom.progress.hidden = progress === undefined;
  view.dom.cancel.hidden = progress === undefined;
  if (!progress) return;
  if (progress.fraction === undefined) view.dom.progress.removeAttribute("value");
  else view.dom.progress.value = progress.fraction;
  view.actions.say(progress.text);
}

/** The engine, started once: a failure to start is said and the next file tries again. */
function engineOf(): Promise<BillEngine> {
  if (!view.engine) {
    view.engine = loadEngine().then((chunk) => {
      if (!chunk.engineSupported()) {
        throw new Refusal(
          "This version of Office cannot run the bill's engine (it needs WebAssembly in a Web Worker): " +
            "use Excel for Microsoft 365, Excel for the web or a current browser, or run the SQL below in " +
            "your warehouse.",
        );
      }
      return chunk.openDuckdbEngine((fraction) => view.onProgressFraction(fraction));
    });
    view.engine.catch(() => (view.engine = undefined));
  }
  return view.engine;
}

/** Stops whatever runs: the engine is closed (a query in its worker stops with it) and started again next time. */
async function cancelRunning(): Promise<void> {
  if (!view.running) return;
  view.running.abort();
  view.running = undefined;
  const stopping = view.engine;
  view.engine = undefined;
  view.opened = undefined;
  if (stopping) await stopping.then((e) => e.close()).catch(() => undefined);
}

/** Shows figures (or the problems that stopped them): the summary, the months, the measured inputs. */
function show(
  result: BillMeasurement | { problems: BillProblem[] },
  source?: { files: string[]; focusVersion: string },
): void {
  showProblems(view.dom.problems, result.problems);
  if (!("months" in result) || !source) {
    view.shown = undefined;
    view.dom.results.hidden = true;
    renderSummary(view.dom.summaryBody, billSummary(undefined));
    view.actions.say(
      result.problems.find((p) => p.severity === "error")?.message ?? "The bill could not be read.",
      true,
    );
    view.actions.refresh();
    return;
  }
  view.shown = { months: result.months, ...source, importedAt: importTime() };
  view.servingDemand = result.servingDemand;
  view.dom.results.removeAttribute("data-stale");
  view.mapping.show(result.keyValues, result.unknownAccelerators);
  drawFigures();
  view.dom.results.hidden = false;
  const rows = result.months.reduce((sum, m) => sum + m.fileTotal.rows, 0);
  const notes = result.problems.length;
  view.actions.say(
    `Read ${rows.toLocaleString("en-US")} rows. ` +
      (notes ? `${notes === 1 ? "One note" : `${notes} notes`} above the figures. ` : "") +
      "Nothing is written until you insert or download the actuals.",
  );
  view.actions.refresh();
}

/**
 * Draws the figures shown in the chosen currency: the summary, the currency choice (where the bill has two or
 * more), the months and the budget inputs, each of that currency's months only, so every figure agrees.
 */
function drawFigures(): void {
  if (!view.shown) return;
  const seen = billInCurrency(view.shown.months, view.currency);
  renderSummary(view.dom.summaryBody, billSummary(seen, view.hooks.planPricePerMillion()));
  const { currency, currencyChoice } = view.dom;
  currencyChoice.hidden = seen.currencies.length < 2;
  currency.replaceChildren(...seen.currencies.map((c) => make("option", { value: c }, c || "no currency")));
  currency.value = seen.currency;
  showMonths(view.dom.months, seen.months, [seen.currency]);
  showModels(view.dom.models, seen.models, seen.currency);
  view.measured.show(seen.months);
  view.commitment.show(view.servingDemand, seen.currency);
}

/** The currency choice: a labelled select above the figures; choosing one draws every figure in it. */
function currencyChoice(): { element: HTMLElement; select: HTMLSelectElement } {
  const element = make("div", { class: "field", id: "bill-currency-choice" });
  const select = make("select", { id: "bill-currency" });
  element.append(
    make("label", { for: "bill-currency" }, "Currency of the figures (the bill has more than one)"),
    select,
  );
  element.hidden = true;
  select.addEventListener("change", () => {
    view.currency = select.value;
    drawFigures();
    view.actions.refresh();
  });
  return { element, select };
}

/** Reads the chosen files (or, without files, measures the opened ones again), with progress and Cancel. */
async function read(chosen: ChosenBlob[] | undefined): Promise<void> {
  view.measurePending = false;
  // said at once, before any wait: the planner sees the choice taken, and the figures of other files go
  showProgress({ step: "checking", text: chosen ? "Starting the engine…" : "Adding up the months…" });
  if (chosen) hideFigures();
  else view.dom.results.toggleAttribute("data-stale", true);
  await cancelRunning();
  // a measuring the engine lost (cancelled, or a mapping changed mid-way) reads the listed files again
  if (!chosen && !view.opened) chosen = view.files.files();
  const controller = new AbortController();
  view.running = controller;
  view.actions.refresh();
  const { signal } = controller;
  const onProgress = (p: ImportProgress) => !signal.aborted && showProgress(p);
  view.onProgressFraction = (fraction) => {
    if (!signal.aborted && !view.dom.progress.hidden) view.dom.progress.value = fraction;
  };
  view.files.offerReadAgain(false);
  try {
    const chunk = await loadEngine();
    if (chosen) {
      const started = await engineOf();
      const result = await chunk.openBill(started, chosen, { signal, onProgress, readParquet: chunk.readParquet });
      if (signal.aborted) return;
      if ("problems" in result) {
        view.opened = undefined;
        show(result);
        return;
      }
      view.opened = result;
      // a file without Tags starts on a key it has, not on a tag no row carries
      const start = startingMapping(view.mapping.mapping(), result.detection);
      if (start) view.mapping.apply(start, view.mapping.counts());
    }
    if (!view.opened) return;
    const result = await chunk.measureBill(await engineOf(), view.opened, {
      mapping: view.mapping.mapping(),
      counts: view.mapping.counts(),
      signal,
      onProgress,
    });
    if (!signal.aborted) {
      show(result, { files: view.opened.files.map((f) => f.name), focusVersion: view.opened.detection.version });
    }
  } catch (error) {
    if (isAbort(error) || signal.aborted) return;
    show({ problems: [] });
    view.actions.say(`The bill could not be read: ${error instanceof Error ? error.message : String(error)}`, true);
  } finally {
    if (view.running === controller) {
      view.running = undefined;
      showProgress(undefined);
      view.actions.refresh();
    }
  }
}

/** No figures shown: the summary back to its first words, the months hidden, nothing to insert. */
function hideFigures(): void {
  view.shown = undefined;
  view.dom.results.hidden = true;
  view.dom.results.removeAttribute("data-stale");
  renderSummary(view.dom.summaryBody, billSummary(undefined));
}

/**
 * Cancel: stops the import and offers to read the files again. The figures go with it: they are of other files or
 * of another mapping than the controls show now.
 */
async function cancel(): Promise<void> {
  await cancelRunning();
  showProgress(undefined);
  hideFigures();
  view.files.offerReadAgain(true);
  view.actions.refresh();
  view.actions.say("Cancelled: nothing more was read, and nothing was written.");
}

/** A mapping or count changed: keep it, rebuild the warehouse's SQL, and measure again once the planner pauses. */
function mappingChanged(): void {
  view.warehouse.refresh();
  const kept = view.host;
  if (kept) {
    void saveMapping(kept.settings, { mapping: view.mapping.mapping(), counts: view.mapping.counts() }).then((why) => {
      if (why) view.dom.mappingStatus.textContent = why;
    });
  }
  // a warehouse's result was aggregated there, under the SQL it ran: only files are measured again
  if (!view.opened && view.files.files().length === 0) return;
  // the figures are of the last mapping until the measuring ends: marked, and not to be written meanwhile
  view.dom.results.toggleAttribute("data-stale", true);
  view.measurePending = true;
  view.actions.refresh();
  clearTimeout(view.remeasure);
  view.remeasure = setTimeout(() => void read(undefined), 150);
}

/** Puts a kept or chosen mapping in the controls; says what was wrong with one that cannot be applied. */
function applyMappingText(text: unknown, where: string): void {
  const settings = readMappingFile(text);
  if ("code" in settings) {
    view.dom.mappingStatus.textContent = `${where}: ${settings.message}`;
    return;
  }
  view.mapping.apply(settings.mapping, settings.counts);
  view.dom.mappingStatus.textContent = [`${where} applied.`, ...(settings.notes ?? [])].join(" ");
  mappingChanged();
}

/** The export and apply buttons of the mapping, and the line that says what became of them. */
function mappingFileControls(): HTMLElement {
  const wrap = make("div", { class: "bill-mapping-file" });
  const exportButton = make(
    "button",
    { type: "button", class: "secondary", id: "bill-mapping-export" },
    "Export mapping",
  );
  // no label of its own: the button opens it, and it stays out of the tab order
  const input = make("input", {
    type: "file",
    id: "bill-mapping-file",
    accept: ".json,application/json",
    tabindex: "-1",
  });
  input.className = "visually-hidden";
  input.setAttribute("aria-hidden", "true");
  const apply = make(
    "button",
    { type: "button", class: "secondary", id: "bill-mapping-apply" },
    "Apply a saved mapping",
  );
  apply.addEventListener("click", () => input.click());
  const status = make("p", { id: "bill-mapping-status", class: "section-note", role: "status" });
  exportButton.addEventListener("click", () => {
    saveFile(
      writeMappingFile({ mapping: view.mapping.mapping(), counts: view.mapping.counts() }),
      "mlcost-bill-mapping.json",
    );
    status.textContent = "Exported mlcost-bill-mapping.json: apply it to next month's bill.";
  });
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (file && file.size > MAPPING_FILE_MAX_BYTES) {
      view.dom.mappingStatus.textContent = `${file.name}: ${mappingFileTooLarge(file.size).message}`;
    } else if (file) applyMappingText(await file.text(), file.name);
  });
  const row = make("div", { class: "button-row" });
  row.append(exportButton, apply);
  wrap.append(row, input, status);
  return wrap;
}

/** The actuals sheet's input from the figures shown, with the budget to compare against where there is one. */
function actualsInput(budget: ActualsBudget | undefined): ActualsInput {
  if (!view.shown) throw new Refusal("Read a bill first.");
  return {
    months: view.shown.months,
    source: { files: view.shown.files, importedAt: view.shown.importedAt, focusVersion: view.shown.focusVersion },
    // the currency the pane's figures are in (chosen, else the most cost), so the sheet and the pane agree
    currency: billInCurrency(view.shown.months, view.currency).currency || undefined,
    budget,
  };
}

async function insertActuals(): Promise<string> {
  const sheet = await import(/* webpackChunkName: "bill-insert" */ "../sheet/insertActuals");
  const recorded = recordedBudgetSheets(officeSettingsStore());
  const { budget, notes } = await sheet.budgetSheetInWorkbook(recorded.records);
  const input = actualsInput(budget);
  const result = await sheet.insertActualsSheet(input);
  const against = [
    // how many months the plan has, or that there is nothing to compare: never a silent total of 0
    (budget && sheet.planAgainstActualSentence(input)) ??
      (budget
        ? `Plan against actual reads "${budget.sheetName}".`
        : "Insert a budget sheet first to see plan against actual."),
    ...notes,
    ...recorded.notes,
  ];
  return insertStatus(result, { drawn: "no chart", skipped: "chart" }, ` ${against.join(" ")}`);
}

async function downloadActuals(): Promise<string> {
  const { actualsWorkbookBytes, planAgainstActualSentence } = await import(
    /* webpackChunkName: "bill-xlsx" */ "../sheet/actualsXlsx"
  );
  const plan = view.hooks.budgetPlan();
  const budget = plan ? { sheetName: "Budget", plan } : undefined;
  const input = actualsInput(budget);
  const coverage = budget ? planAgainstActualSentence(input) : undefined;
  return downloadStatus(
    await actualsWorkbookBytes(input),
    "mlcost-actuals.xlsx",
    budget
      ? "the bill month by month with the Budget tab's plan beside it, live formulas readable without the add-in." +
          (coverage ? ` ${coverage}` : "")
      : "the bill month by month, live formulas readable without the add-in (open the Budget tab first to add " +
          "plan against actual).",
  );
}

/**
 * The view's group in the pane's pinned action bar (#actions-bill), made here rather than in taskpane.html to
 * keep the first load small; shown now, as its tab is the one shown, and hidden by core/views/tabs.ts with the view.
 */
function actionBar() {
  const group = make("div", { class: "action-inner", id: "actions-bill" });
  const insert = make("button", { type: "button", id: "bill-insert" }, "Insert actuals sheet");
  const download = make("button", { type: "button", id: "bill-download" }, "Download actuals sheet (.xlsx)");
  const cancel = make("button", { type: "button", id: "bill-cancel", class: "secondary" }, "Cancel");
  const progress = make("progress", { id: "bill-progress", max: "1", "aria-label": "Reading the bill" });
  const status = make("p", { id: "bill-status", class: "status", role: "status", "aria-live": "polite" });
  for (const hidden of [insert, download, cancel, progress]) hidden.hidden = true;
  insert.disabled = download.disabled = true;
  group.append(insert, download, cancel, progress, status);
  document.querySelector(".action-bar")?.append(group);
  return { insert, download, cancel, progress, status };
}

/** Tells the view where the pane runs, once the entry has chosen; applies the mapping kept there. */
function useHost(chosen: PaneHost): void {
  view.host = chosen;
  view.actions.setMode(chosen.mode);
  view.commitment.setMode(chosen.mode);
  const kept = loadMapping(chosen.settings);
  if (kept && !("code" in kept)) {
    view.mapping.apply(kept.mapping, kept.counts);
    view.warehouse.refresh();
    view.dom.mappingStatus.textContent = [
      `The mapping kept ${chosen.keptWhere} is applied.`,
      ...(kept.notes ?? []),
    ].join(" ");
  } else if (kept) {
    view.dom.mappingStatus.textContent = `The kept mapping could not be applied: ${kept.message}`;
  }
}

/** Builds the Bill view inside #bill-root; its actions and kept mapping follow once the host is known. */
export function mount(context: ViewContext<BillNeeds>): MountedView<undefined> {
  setUpBillView(context.needs);
  return { offers: undefined, useHost };
}

/** The view's state before anything is read: its sections, actions and elements follow as they are built. */
function freshState(
  hooks: BillNeeds,
): Omit<BillView, "actions" | "dom" | "files" | "mapping" | "measured" | "warehouse" | "commitment"> {
  return {
    host: undefined,
    hooks,
    engine: undefined,
    opened: undefined,
    shown: undefined,
    servingDemand: undefined,
    currency: undefined,
    running: undefined,
    onProgressFraction: () => undefined,
    remeasure: undefined,
    measurePending: false,
  };
}

/** The view's heading, built here, not in taskpane.html: the first load carries no view it does not show. */
function billHeader(): HTMLElement {
  const header = make("header");
  const intro = make(
    "p",
    { class: "intro" },
    "Your cloud's FOCUS cost and usage export, split into its training half and its serving half: hours paid " +
      "against hours used, the price you paid per accelerator-hour, and training's share of the bill, month by " +
      "month. The files are read on this computer; nothing is uploaded.",
  );
  header.append(make("h1", {}, "Your bill, measured"), intro);
  return header;
}

/** Builds the Bill view inside #bill-root. */
function setUpBillView(viewHooks: BillNeeds): void {
  view = freshState(viewHooks) as BillView;
  const root = byId("bill-root");
  root.before(billHeader());
  const summary = make("section", {
    id: "bill-summary",
    class: "view-summary bill-summary",
    "aria-label": "The bill's answer",
    "aria-live": "polite",
  });
  const summaryBody = make("div", { id: "bill-summary-body" });
  summary.append(summaryBody);
  view.files = billFilesSection((chosen) => void read(chosen));
  const problems = make("ul", { id: "bill-problems", class: "bill-problems", "aria-label": "About this bill" });
  problems.hidden = true;
  view.mapping = billMappingSection(mappingChanged);
  const mappingFile = mappingFileControls();
  view.mapping.element.append(mappingFile);
  view.measured = billMeasuredSection((inputs) => view.hooks.useInBudget(inputs));
  view.warehouse = billWarehouseSection({
    mapping: () => view.mapping.mapping(),
    counts: () => view.mapping.counts(),
    read: (result) => {
      void cancelRunning();
      view.opened = undefined;
      if ("problems" in result) return show(result);
      const { months, problems: found } = billMonthsOf(result.rows);
      show(
        { months, problems: found, keyValues: [], unknownAccelerators: [] },
        { files: [result.fileName], focusVersion: "warehouse" },
      );
    },
  });
  const results = make("div", { id: "bill-results" });
  results.hidden = true;
  const monthsSection = make("section", {
    id: "bill-figures",
    class: "preview",
    "aria-labelledby": "bill-months-title",
  });
  const monthsTitle = make("h2", { id: "bill-months-title" }, "Month by month");
  const months = make("div", { id: "bill-months" });
  const models = make("div", { id: "bill-models" });
  models.hidden = true;
  monthsSection.append(monthsTitle, models, months);
  const choice = currencyChoice();
  view.commitment = commitmentSection();
  results.append(choice.element, monthsSection, view.commitment.element, view.measured.element);
  root.replaceChildren(summary, view.files.element, problems, results, view.mapping.element, view.warehouse.element);
  const bar = actionBar();
  view.dom = {
    summaryBody,
    currencyChoice: choice.element,
    currency: choice.select,
    problems,
    results,
    months,
    models,
    progress: bar.progress,
    cancel: bar.cancel,
    mappingStatus: mappingFile.querySelector<HTMLElement>("#bill-mapping-status")!,
  };
  view.dom.cancel.addEventListener("click", () => void cancel());
  renderSummary(summaryBody, billSummary(undefined));
  view.actions = viewActions({
    status: bar.status,
    actions: [
      { button: bar.insert, mode: "excel", work: insertActuals },
      { button: bar.download, mode: "browser", work: downloadActuals },
    ],
    valid: () => view.shown !== undefined && view.running === undefined && !view.measurePending,
    failure: "That did not work",
  });
  view.actions.say("Choose a FOCUS export to read.");
}
