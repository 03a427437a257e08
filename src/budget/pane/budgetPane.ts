/*
 * The budget view: a monthly plan that turns a traffic forecast into a cost forecast, live from the model on every
 * valid keystroke. The answer comes first, in the house's summary pinned under the tabs while the form scrolls
 * beneath it (core/pane/viewSummary.ts: training's share of the horizon, serving paid and used, the total, the cost
 * and its cost per 1,000 clips; the crossover interval, the first month over budget and the lever's saving against
 * its ceiling in its sentence); under the form, the months: the month table (a month's traffic typed over the
 * growth curve there), the chart and the retrain intervals. While an input is invalid the figures stay, marked
 * out of date, and the field says what to fix. Built inside #budget-root from BUDGET_FIELDS when the tab is first
 * shown (taskpane.ts loads this module then).
 */
import type { BudgetPlan, BudgetResult } from "../model/budget";
import { BUDGET_FIELDS, BudgetKey } from "../model/budgetFields";
import { BudgetEstatePlan, estateModelsPlan, oneModelPlan, withOneLedger } from "../model/budgetModels";
import { estateBudgetOf, EstateBudgetResult } from "../model/estateBudget";
import { EXAMPLE_ESTATE } from "../../estate/model";
import type { EstatePlan } from "../../estate/model";
import { fieldList, MarkStale, outOfDate, staleBanner } from "../../core/pane/staleBanner";
import { Refusal, ViewActions, viewActions } from "../../core/pane/viewActions";
import type { MountedView, ViewContext } from "../../core/views/paneView";
import { byId, make, setText } from "../../core/pane/dom";
import { renderSummary } from "../../core/pane/viewSummary";
import { FrameUpdate, frameUpdate, OffscreenDraw, offscreenDraw } from "../../core/pane/frameUpdate";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import { formatHours } from "../../core/pane/format";
import { horizonHeading, readBudgetForm } from "./budgetForm";
import { BudgetFormElements, buildBudgetForm } from "./budgetFormDom";
import { BudgetSummary, budgetSummary } from "./budgetSummary";
import { readingHint } from "./budgetWords";
import { chartModel, drawBudgetChart } from "./budgetChart";
import { MonthTable, monthTable, ShownMonths } from "./budgetTable";
import { budgetLedgerCompute, budgetStaleness, ledgerSummaryFigures, mountBudgetLedger } from "./budgetLedger";
import type { LedgerSection } from "../../ledgers/pane";
import { estateBudgetSummary, estateMonthsShown, modelLines } from "./budgetEstateSummary";
import { secondsControl, SecondsControl } from "../../tokens/pane";

/** What the view needs of the others: the Estate view's plan as typed now, for its model list. */
export interface BudgetNeeds {
  /** not opened: the Estate view has not been shown yet (its models are then its worked example's) */
  estatePlan: () => { opened: false } | { opened: true; plan: EstatePlan | undefined };
}

/** Where the budget's models come from: this view's one model, or the Estate view's list. */
type ModelsChoice = "one" | "estate";

/** The view's elements, made by setUpBudgetView. */
interface BudgetDom {
  summary: HTMLElement;
  summaryBody: HTMLElement;
  form: BudgetFormElements;
  months: HTMLElement;
  monthsTitle: HTMLElement;
  answer: HTMLElement;
  table: MonthTable;
  chart: SVGSVGElement;
  intervals: HTMLTableElement;
  /** the intervals' heading and table, shown for one model (each of the estate's models has its own intervals) */
  intervalsPart: HTMLElement[];
  /** a line a model, under the answer, when the budget takes the estate's models */
  modelLines: HTMLUListElement;
  /** the choice of models: its radios and the sentence of what the choice takes */
  choice: { one: HTMLInputElement; estate: HTMLInputElement; estateWords: HTMLElement; note: HTMLElement };
  /** lays the months out once (after a change of their shape or width), then skips them again while off-screen */
  relayOffscreen: () => void;
}

/**
 * The months (the table, the chart, the intervals) are not laid out while off-screen (budget.css: content-visibility:
 * auto, their last laid-out height kept by contain-intrinsic-size: auto): with 60 months they are most of the pane's
 * 7,000 nodes, and a keystroke in the form, far above them, changed their figures. Skipped, the section keeps the
 * height it had when last laid out, so after a change that can move its height (the months, the columns, the
 * intervals, the pane's width) it is laid out once more, with skipping off for two frames, and the page keeps its
 * true height; the answer's sentence, which changes with most keystrokes, is not among them (a line more or less
 * while off-screen is put right as the section nears the view). On the table, chart and intervals alone, skipping
 * saved no layout (measured in Chromium), hence the whole section.
 */
function offscreenSkipping(months: HTMLElement): () => void {
  let frame: number | undefined;
  const skip = (on: boolean) => months.setAttribute("data-offscreen", on ? "skip" : "lay-out");
  return () => {
    skip(false);
    if (typeof requestAnimationFrame !== "function") return;
    if (frame !== undefined) cancelAnimationFrame(frame);
    // The first frame lays them out (and keeps their height); the next may skip them.
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => ((frame = undefined), skip(true)))));
  };
}

/** Sets the custom property `name` of `element` when it differs: setting it restyles the whole page. */
function setHeight(element: HTMLElement, name: string, pixels: number): void {
  const value = `${Math.round(pixels)}px`;
  if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

/**
 * The view inside `root`: the summary (pinned), the form, then the months: the answer, the table and its typed
 * traffic, the chart, the intervals. `changed` hears every typed traffic cell.
 */
function buildDom(root: HTMLElement, changed: () => void): BudgetDom {
  const summary = make("section", {
    id: "budget-summary",
    class: "view-summary budget-summary",
    "aria-label": "The budget's answer",
    "aria-live": "polite",
  });
  const stale = make("p", { id: "budget-stale", class: "stale-banner" });
  stale.hidden = true;
  const summaryBody = make("div", { id: "budget-summary-body" });
  summary.append(stale, summaryBody);
  const choice = modelsChoice(changed);
  const formElement = make("form", { id: "budget-form", novalidate: "", "aria-label": "Your budget" });
  formElement.addEventListener("submit", (event) => event.preventDefault());
  const form = buildBudgetForm(formElement);

  const months = make("section", {
    id: "budget-months",
    class: "preview budget-months",
    "aria-labelledby": "budget-months-title",
  });
  const monthsTitle = make("h2", { id: "budget-months-title" }, "Month by month");
  const answer = make("p", { id: "budget-answer", class: "crossover" });
  const note = make("p", { id: "budget-typed-note", class: "section-note budget-typed-note" });
  const wrap = make("div", { id: "budget-table-wrap", class: "table-wrap budget-table-wrap" });
  const cue = make(
    "p",
    { id: "budget-scroll-cue", class: "scroll-cue" },
    "More columns to the right: scroll sideways.",
  );
  cue.hidden = true;
  const chartTitle = make("h2", { class: "subheading" }, "The months as a chart");
  const chartWrap = make("div", { class: "budget-chart-wrap" });
  const chart = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  chart.id = "budget-chart";
  chart.setAttribute("role", "img");
  chart.setAttribute("width", "100%");
  chartWrap.append(chart);
  const intervalsTitle = make("h2", { class: "subheading" }, "Retrain intervals: where serving overtakes training");
  const intervalsWrap = make("div", { class: "table-wrap" });
  const lines = make("ul", { id: "budget-model-lines", class: "budget-model-lines", "aria-label": "By model" });
  lines.hidden = true;
  const intervals = make("table", { id: "budget-intervals", "aria-label": "Training and serving by retrain interval" });
  intervalsWrap.append(intervals);
  const relayOffscreen = offscreenSkipping(months);
  if (typeof ResizeObserver !== "undefined") {
    // Made before the table's own observer (its scroll cue reads the table's width), so that it runs first.
    let width = -1;
    new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (next === width) return;
      width = next;
      relayOffscreen();
    }).observe(months);
    // A field focused from the keyboard scrolls clear of the pinned summary (scroll-margin-top in budget.css): its
    // height from the observer's entry, not read back from the page after a keystroke wrote the summary.
    new ResizeObserver(([entry]) => setHeight(root, "--budget-summary-height", borderHeight(entry))).observe(summary);
  }
  const table = monthTable(wrap, note, cue, changed);
  months.append(monthsTitle, answer, lines, note, wrap, cue, chartTitle, chartWrap, intervalsTitle, intervalsWrap);
  root.replaceChildren(summary, choice.fieldset, formElement, months);
  return {
    summary,
    summaryBody,
    form,
    months,
    monthsTitle,
    answer,
    table,
    chart,
    intervals,
    intervalsPart: [intervalsTitle, intervalsWrap],
    modelLines: lines,
    choice: choice.parts,
    relayOffscreen,
  };
}

/** A radio of the models' choice, in its label, with a note under its words. */
function choiceRadio(
  value: ModelsChoice,
  words: string,
  checked: boolean,
): { label: HTMLElement; input: HTMLInputElement; words: HTMLElement } {
  const label = make("label", { class: "choice" });
  const input = make("input", { type: "radio", name: "budget-models", value, id: `budget-models-${value}` });
  input.checked = checked;
  const text = make("span", {}, words);
  label.append(input, text);
  return { label, input, words: text };
}

/**
 * The choice of models above the form: this view's one model (its inputs below), or the Estate view's models on
 * this view's horizon, traffic and money budget. `changed` hears a change of choice.
 */
function modelsChoice(changed: () => void) {
  const fieldset = make("fieldset", { id: "budget-models-choice", class: "choices budget-models-choice" });
  const one = choiceRadio("one", "One model (this view's inputs)", true);
  const estate = choiceRadio("estate", "The estate's models (the Estate view's)", false);
  const note = make("p", { id: "budget-models-note", class: "choice-note" });
  fieldset.append(make("legend", {}, "Models"), one.label, estate.label, note);
  fieldset.addEventListener("change", changed);
  return { fieldset, parts: { one: one.input, estate: estate.input, estateWords: estate.words, note } };
}

/** An observed element's border-box height (its offsetHeight), from the observer's entry. */
const borderHeight = (entry: ResizeObserverEntry): number =>
  entry.borderBoxSize?.[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;

/**
 * The intervals' table: training against serving used, interval by interval, the crossover's row marked. Rebuilt
 * when the count of intervals changes; otherwise only the texts and the mark that moved change.
 */
function showIntervals(table: HTMLTableElement, result: BudgetResult): void {
  const crossing = result.crossover.kind === "at" ? result.crossover.interval : undefined;
  const rows = table.tBodies[0]?.rows;
  if (rows && rows.length === result.intervals.length) {
    result.intervals.forEach((interval, i) => {
      const row = rows[i];
      row.classList.toggle("crossing", interval.index === crossing);
      intervalTexts(interval).forEach((text, c) => {
        const cell = row.cells[c];
        if (cell.textContent !== text) cell.textContent = text;
      });
    });
    return;
  }
  buildIntervals(table, result, crossing);
}

/** An interval's row as text: its number, its months, training and serving used. */
function intervalTexts(interval: BudgetResult["intervals"][number]): string[] {
  const { firstMonth, lastMonth } = interval;
  return [
    `${interval.index}`,
    firstMonth === lastMonth ? `${firstMonth}` : `${firstMonth}-${lastMonth}`,
    formatHours(interval.trainingHours),
    formatHours(interval.servingHoursConsumed),
  ];
}

/** Builds the intervals' table afresh. */
function buildIntervals(table: HTMLTableElement, result: BudgetResult, crossing: number | undefined): void {
  const head = make("thead");
  const headRow = make("tr");
  for (const text of ["Interval", "Months", "Training h", "Serving used h"]) {
    headRow.append(make("th", { scope: "col" }, text));
  }
  head.append(headRow);
  const body = make("tbody");
  for (const interval of result.intervals) {
    const row = make("tr", interval.index === crossing ? { class: "crossing" } : {});
    const [index, ...figures] = intervalTexts(interval);
    row.append(make("th", { scope: "row" }, index), ...figures.map((text) => make("td", {}, text)));
    body.append(row);
  }
  table.replaceChildren(head, body);
}

/** The chart's accessible name: what it draws, and what it shows. */
function chartDescription(plan: BudgetPlan, result: ShownMonths, crossover: string): string {
  const first = result.months[0];
  const last = result.months[result.months.length - 1];
  const priced = result.cost !== undefined ? ", and the cumulative cost as a line" : "";
  return (
    `Accelerator-hours month by month, ${horizonHeading(plan.firstMonth, plan.months)}: training as spikes in its ` +
    `retrain months, serving as the floor, used and paid${priced}. Serving paid grows from ` +
    `${formatHours(first.servingHoursPaid)} h in ${first.label} to ${formatHours(last.servingHoursPaid)} h in ` +
    `${last.label}. ${crossover}`
  );
}

let dom: BudgetDom;
let currentPlan: BudgetPlan | undefined;
/** the Estate view's models on the view's plan, while they are chosen and their figures valid */
let currentEstate: BudgetEstatePlan | undefined;
let needs: BudgetNeeds;
/** the view's redraw, at most once a frame */
let redraw: FrameUpdate;
/** the months' part of it, drawn while they are near the view */
let monthsDraw: OffscreenDraw;
/** the shape of the months last laid out: months, columns, intervals and the heading */
let offscreenShape = "";
let actions: ViewActions;
let markStale: MarkStale;
/** both ledgers' section (issue 30), under the form: its staleness joins the summary, its inputs the sheet */
let ledger: LedgerSection;
/** seconds per clip typed, or from a request's tokens (issue 32): the one model's, written by Insert and Download */
let seconds: SecondsControl;

/** What the months show after a reading: its figures (none while an input is invalid), the typed cells' checks. */
interface MonthsShown {
  figures?: Figures;
  /** the table's, which shows the typed cells' refusals while the plan is invalid too */
  result?: BudgetResult;
  currency: string;
  typedErrors: Readonly<Record<number, string>>;
  stale: boolean;
}

/**
 * The figures the months show: the plan's horizon, the months (one model's or the estate's rows), the summary, and
 * one model's intervals or the estate's line a model.
 */
interface Figures {
  plan: BudgetPlan;
  shown: ShownMonths;
  summary: BudgetSummary;
  /** one model's budget, whose retrain intervals are shown */
  result?: BudgetResult;
  /** the estate's models, a line each */
  lines?: string[];
}

/**
 * Shows a reading in the months: the answer, the table, the chart, the intervals (or marks them out of date). Run
 * by the view's offscreenDraw, so a keystroke in the form draws them only while they are near the view.
 */
function showMonths({ figures, result, currency, typedErrors, stale }: MonthsShown): void {
  dom.months.toggleAttribute("data-stale", stale);
  if (figures) showFigures(figures);
  dom.table.show(figures?.shown ?? result, currency, typedErrors);
}

/** Writes the estate's line a model under the answer (none for one model), only where a text changed. */
function showModelLines(lines: readonly string[] | undefined): void {
  dom.modelLines.hidden = lines === undefined;
  for (const part of dom.intervalsPart) part.hidden = lines !== undefined;
  const items = lines ?? [];
  const existing = Array.from(dom.modelLines.children);
  if (existing.length !== items.length) dom.modelLines.replaceChildren(...items.map((line) => make("li", {}, line)));
  else existing.forEach((item, i) => item.textContent !== items[i] && (item.textContent = items[i]));
}

/** Draws `figures` into the months: the heading, the answer, the lines a model, the chart, the intervals. */
function showFigures({ plan, shown, summary, result, lines }: Figures): void {
  const whose = lines ? `, the estate's ${lines.length} models` : "";
  dom.monthsTitle.textContent = `Month by month${whose}, ${horizonHeading(plan.firstMonth, plan.months)}`;
  dom.answer.textContent = summary.answer;
  showModelLines(lines);
  drawBudgetChart(dom.chart, chartModel(plan, shown), plan.currency, chartDescription(plan, shown, summary.crossover));
  if (result) showIntervals(dom.intervals, result);
  const shape = [
    shown.months.length,
    shown.cost !== undefined,
    shown.rescanHours > 0,
    plan.currency,
    result?.intervals.length ?? `${lines?.length} models`,
    dom.monthsTitle.textContent,
  ].join("|");
  if (shape === offscreenShape) return;
  offscreenShape = shape;
  dom.relayOffscreen();
}

/** Reads the form and the typed traffic, marks every field, and shows the figures or marks them out of date. */
function update(): void {
  const texts: Partial<Record<BudgetKey, string>> = {};
  for (const [key, control] of dom.form.controls) texts[key] = control.value;
  const reading = readBudgetForm(texts, dom.table.typed());
  const wrong = reading.errors.secondsPerClip;
  if (wrong) reading.errors.secondsPerClip = seconds.explain(wrong);
  for (const [key, control] of dom.form.controls) {
    const message = reading.errors[key] ?? "";
    const error = dom.form.errors.get(key)!;
    if (error.textContent !== message) error.textContent = message;
    // Set only on a change: the folds hear the mark (a MutationObserver), and a keystroke should not wake them all.
    const invalid = message ? "true" : "false";
    if (control.getAttribute("aria-invalid") !== invalid) control.setAttribute("aria-invalid", invalid);
    const hint = dom.form.hints.get(key)!;
    const reads = readingHint(key, texts, reading.result);
    if (hint.textContent !== reads) hint.textContent = reads;
  }
  const invalid = BUDGET_FIELDS.filter((f) => reading.errors[f.key]).map((f) => f.label);
  const typedBad = Object.keys(reading.typedErrors).length;
  if (typedBad) invalid.push(typedBad === 1 ? "a typed traffic cell" : `${typedBad} typed traffic cells`);
  const { plan, result } = reading;
  const estate = plan && result && dom.choice.estate.checked ? estateReading(plan) : (offeredEstate(), undefined);
  const estateProblem = estate && "problem" in estate ? estate.problem : undefined;
  const stale =
    reading.result && !estateProblem ? undefined : outOfDate(fieldList(invalid), reading.planError ?? estateProblem);
  markStale(stale);
  dom.summaryBody.toggleAttribute("data-stale", stale !== undefined);
  const figures = plan && result && !estateProblem ? figuresOf(plan, result, estate) : undefined;
  // the ledger is this view's one model's: with the estate's models chosen, each model's ledger is the Estate view's
  ledger.update(plan && result ? budgetLedgerCompute(plan, result) : undefined, plan?.currency);
  const ledgerFigures =
    plan && result && !estate ? ledgerSummaryFigures(plan, budgetStaleness(result, ledger.inputs())) : [];
  if (figures) {
    renderSummary(dom.summaryBody, { ...figures.summary, figures: [...figures.summary.figures, ...ledgerFigures] });
  }
  const shown: MonthsShown = {
    figures,
    result,
    currency: plan?.currency ?? texts.currency ?? "",
    typedErrors: reading.typedErrors,
    stale: stale !== undefined,
  };
  monthsDraw.request(() => showMonths(shown));
  currentPlan = figures ? plan : undefined;
  currentEstate = estate && "result" in estate ? estate.plan : undefined;
  actions.refresh();
}

/** The plan with the ledger as typed (blank: today's plan of one model); invalid ledger inputs write nothing. */
function planWithLedger(plan: BudgetPlan): BudgetEstatePlan {
  const inputs = ledger.inputs();
  if (!inputs) throw new Refusal("Fix the ledger's fields marked above first; nothing was written.");
  return withOneLedger(oneModelPlan(plan), inputs);
}

/** The figures of one model's reading, or of the estate's models on its plan when they are chosen. */
function figuresOf(plan: BudgetPlan, result: BudgetResult, estate: EstateReading | undefined): Figures {
  if (!estate || !("result" in estate)) return { plan, result, shown: result, summary: budgetSummary(plan, result) };
  return {
    plan,
    shown: estateMonthsShown(estate.result),
    summary: estateBudgetSummary(estate.plan, estate.result),
    lines: modelLines(estate.plan, estate.result),
  };
}

/**
 * The Estate view's plan as typed (its worked example while its tab has not been opened; undefined while a field
 * there is invalid), with the choice's words set from it: how many models, and, while chosen, where they come from.
 */
function offeredEstate(): EstatePlan | undefined {
  const offered = needs.estatePlan();
  const estate = offered.opened ? offered.plan : EXAMPLE_ESTATE;
  const count = estate ? `${estate.models.length} ` : "";
  setText(dom.choice.estateWords, `The estate's ${count}models (the Estate view's)`);
  const from = offered.opened
    ? "the Estate view's models"
    : "the Estate view's worked example (its tab not opened yet)";
  const note =
    `Using ${from}, on this view's horizon, traffic and money budget; this view's run, cadence, seconds per ` +
    "clip, peak-to-mean, re-scans, lever and price are the one model's and are not used.";
  setText(dom.choice.note, dom.choice.estate.checked ? note : "");
  return estate;
}

/** The estate's models on the view's plan and their budget, or why they cannot be shown. */
type EstateReading = { plan: BudgetEstatePlan; result: EstateBudgetResult } | { problem: string };

/**
 * The Estate view's models on this view's `plan` (its horizon, traffic and money budget), and their budget; or what
 * to fix, named by model. The Estate view not opened yet offers the models it opens on, the worked example's. The
 * choice's words and note say how many models and where they come from.
 */
function estateReading(plan: BudgetPlan): EstateReading {
  const estate = offeredEstate();
  if (!estate) return { problem: "The Estate view has a field to fix: fix it there to see its models here." };
  const priced = estate.currency?.trim() ?? "";
  if (priced !== "" && plan.currency.trim() !== "" && priced.toUpperCase() !== plan.currency.trim().toUpperCase()) {
    return {
      problem:
        `The Estate view prices its models in ${priced} and this view counts ${plan.currency}: ` +
        "give both one currency.",
    };
  }
  const estatePlan = estateModelsPlan(oneModelPlan(plan), estate);
  const result = estateBudgetOf(estatePlan);
  if (!Array.isArray(result)) return { plan: estatePlan, result };
  const [first] = result;
  const name =
    first.model === undefined ? "" : `${estatePlan.models[first.model].name || `Model ${first.model + 1}`}: `;
  return { problem: first.message.startsWith(name) ? first.message : `${name}${first.message}` };
}

/** Downloads the sheet of the view's one model, or of the estate's models when they are chosen (a block each). */
async function downloadBudget(plan: BudgetPlan, estate: BudgetEstatePlan | undefined): Promise<string> {
  const xlsx = await import(/* webpackChunkName: "budget-xlsx" */ "../sheet/budgetXlsx");
  if (!estate) {
    return downloadStatus(
      await xlsx.budgetModelsWorkbookBytes(planWithLedger(plan), seconds.tokens()),
      "mlcost-budget.xlsx",
      "one column a month, live formulas over named inputs, readable without the add-in.",
    );
  }
  return downloadStatus(
    await xlsx.budgetModelsWorkbookBytes(estate),
    "mlcost-budget.xlsx",
    `one column a month, a block for each of the ${estate.models.length} models and the estate's rows, live ` +
      "formulas over named inputs, readable without the add-in.",
  );
}

/** Inserts the sheet of the view's one model, or of the estate's models when they are chosen (a block each). */
async function insertBudget(plan: BudgetPlan, estate: BudgetEstatePlan | undefined): Promise<string> {
  const { insertBudgetModelsSheet, budgetRecordNote } = await import(
    /* webpackChunkName: "budget-insert" */ "../sheet/insertBudget"
  );
  // the tokens are the one model's seconds: the estate's models each have their own, typed in the Estate view
  const result = await (estate
    ? insertBudgetModelsSheet(estate)
    : insertBudgetModelsSheet(planWithLedger(plan), seconds.tokens()));
  return insertStatus(result, { drawn: "its chart", skipped: "chart" }, budgetRecordNote(result));
}

/** What the budget view offers the others. */
export interface BudgetOffers {
  /**
   * the plan the view shows now, its one model or the estate's models as chosen, or undefined while an input is
   * invalid (the bill's plan against actual)
   */
  plan(): BudgetEstatePlan | undefined;
  /** Puts inputs measured elsewhere (the bill's) in the form's fields, as if typed. */
  takeInputs(texts: Partial<Record<BudgetKey, string>>): void;
}

/**
 * Puts `texts` in the form's fields, as if typed (the bill's measured inputs), and shows the figures: each field
 * then says what it reads or what to fix, as it does for a planner's own typing.
 */
function applyBudgetInputs(texts: Partial<Record<BudgetKey, string>>): void {
  // Measured seconds are seconds: the chooser goes back to typed seconds first, so that the tokens, which would
  // write their own seconds over them at the next keystroke, no longer hold the field.
  if (texts.secondsPerClip !== undefined && seconds.source() === "tokens") {
    const chooser = byId<HTMLSelectElement>("budget-seconds-source");
    chooser.value = "seconds";
    chooser.dispatchEvent(new Event("input", { bubbles: true }));
  }
  for (const [key, text] of Object.entries(texts) as [BudgetKey, string][]) {
    const control = dom.form.controls.get(key);
    if (control && typeof text === "string") control.value = text;
  }
  update();
}

/** The plan the view shows now, as typed (the frame's redraw first): the estate's models, or its one model. */
function offeredPlan(): BudgetEstatePlan | undefined {
  redraw.flush();
  if (!currentPlan) return undefined;
  return currentEstate ?? oneModelPlan(currentPlan);
}

/** Builds the budget view; its action, Insert or Download, is shown once the host is known. */
export function mount(context: ViewContext<BudgetNeeds>): MountedView<BudgetOffers> {
  needs = context.needs;
  setUpBudgetView();
  return {
    offers: { plan: offeredPlan, takeInputs: applyBudgetInputs },
    useHost: (host) => actions.setMode(host.mode),
  };
}

/** Builds the budget view inside #budget-root and shows the steady-growth worked example's figures. */
function setUpBudgetView(): void {
  redraw = frameUpdate(update);
  dom = buildDom(byId("budget-root"), () => redraw.request());
  seconds = secondsControl(dom.form.controls.get("secondsPerClip") as HTMLInputElement, "budget-");
  // Both ledgers under the form (issue 30); a keystroke there redraws the summary's staleness too.
  ledger = mountBudgetLedger(byId("budget-form"));
  byId("budget-ledgers-form").addEventListener("input", () => redraw.request());
  monthsDraw = offscreenDraw([dom.months]);
  markStale = staleBanner(dom.summary, byId("budget-stale"));
  actions = viewActions({
    status: byId("budget-status"),
    actions: [
      {
        button: byId<HTMLButtonElement>("budget-insert"),
        mode: "excel",
        work: () => insertBudget(currentPlan!, currentEstate),
      },
      {
        button: byId<HTMLButtonElement>("budget-download"),
        mode: "browser",
        work: () => downloadBudget(currentPlan!, currentEstate),
      },
    ],
    // A keystroke's redraw may wait for the next frame: an action reads the plan as typed.
    valid: () => (redraw.flush(), currentPlan !== undefined),
    failure: "That did not work",
  });
  const form = byId<HTMLFormElement>("budget-form");
  form.addEventListener("input", () => redraw.request());
  update();
}
