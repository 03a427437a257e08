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
import { fieldList, MarkStale, outOfDate, staleBanner } from "../../core/pane/staleBanner";
import { Refusal, ViewActions, viewActions } from "../../core/pane/viewActions";
import type { MountedView } from "../../core/views/paneView";
import { byId, make } from "../../core/pane/dom";
import { renderSummary } from "../../core/pane/viewSummary";
import { FrameUpdate, frameUpdate, OffscreenDraw, offscreenDraw } from "../../core/pane/frameUpdate";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import { formatHours } from "../../core/pane/format";
import { horizonHeading, readBudgetForm } from "./budgetForm";
import { BudgetFormElements, buildBudgetForm } from "./budgetFormDom";
import { BudgetSummary, budgetSummary } from "./budgetSummary";
import { readingHint } from "./budgetWords";
import { chartModel, drawBudgetChart } from "./budgetChart";
import { MonthTable, monthTable } from "./budgetTable";
import { budgetLedgerCompute, budgetStaleness, ledgerSummaryFigures, mountBudgetLedger } from "./budgetLedger";
import type { LedgerSection } from "../../ledgers/pane";

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
  months.append(monthsTitle, answer, note, wrap, cue, chartTitle, chartWrap, intervalsTitle, intervalsWrap);
  root.replaceChildren(summary, formElement, months);
  return { summary, summaryBody, form, months, monthsTitle, answer, table, chart, intervals, relayOffscreen };
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
function chartDescription(plan: BudgetPlan, result: BudgetResult, crossover: string): string {
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

/** What the months show after a reading: its figures (none while an input is invalid), the typed cells' checks. */
interface MonthsShown {
  figures?: { plan: BudgetPlan; result: BudgetResult; summary: BudgetSummary };
  /** the table's, which shows the typed cells' refusals while the plan is invalid too */
  result?: BudgetResult;
  currency: string;
  typedErrors: Readonly<Record<number, string>>;
  stale: boolean;
}

/**
 * Shows a reading in the months: the answer, the table, the chart, the intervals (or marks them out of date). Run
 * by the view's offscreenDraw, so a keystroke in the form draws them only while they are near the view.
 */
function showMonths({ figures, result, currency, typedErrors, stale }: MonthsShown): void {
  dom.months.toggleAttribute("data-stale", stale);
  if (figures) showFigures(figures.plan, figures.result, figures.summary);
  dom.table.show(result, currency, typedErrors);
}

/** Draws the figures of `plan` and `result` into the months: the heading, the answer, the chart, the intervals. */
function showFigures(plan: BudgetPlan, result: BudgetResult, summary: BudgetSummary): void {
  dom.monthsTitle.textContent = `Month by month, ${horizonHeading(plan.firstMonth, plan.months)}`;
  dom.answer.textContent = summary.answer;
  drawBudgetChart(
    dom.chart,
    chartModel(plan, result),
    plan.currency,
    chartDescription(plan, result, summary.crossover),
  );
  showIntervals(dom.intervals, result);
  const shape = [
    result.months.length,
    result.cost !== undefined,
    result.rescanHours > 0,
    plan.currency,
    result.intervals.length,
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
  const stale = reading.result ? undefined : outOfDate(fieldList(invalid), reading.planError);
  markStale(stale);
  dom.summaryBody.toggleAttribute("data-stale", stale !== undefined);
  const { plan, result } = reading;
  ledger.update(plan && result ? budgetLedgerCompute(plan, result) : undefined, plan?.currency);
  const ledgerFigures = plan && result ? ledgerSummaryFigures(plan, budgetStaleness(result, ledger.inputs())) : [];
  const summary = plan && result ? budgetSummary(plan, result) : undefined;
  if (summary) renderSummary(dom.summaryBody, { ...summary, figures: [...summary.figures, ...ledgerFigures] });
  const shown: MonthsShown = {
    figures: plan && result && summary ? { plan, result, summary } : undefined,
    result,
    currency: plan?.currency ?? texts.currency ?? "",
    typedErrors: reading.typedErrors,
    stale: stale !== undefined,
  };
  monthsDraw.request(() => showMonths(shown));
  currentPlan = result ? plan : undefined;
  actions.refresh();
}

/** The plan with the ledger as typed (blank: today's plan of one model); invalid ledger inputs write nothing. */
async function planWithLedger(plan: BudgetPlan) {
  const inputs = ledger.inputs();
  if (!inputs) throw new Refusal("Fix the ledger's fields marked above first; nothing was written.");
  const { oneModelPlan, withOneLedger } = await import(/* webpackChunkName: "budget-models" */ "../model/budgetModels");
  return withOneLedger(oneModelPlan(plan), inputs);
}

async function downloadBudget(plan: BudgetPlan): Promise<string> {
  const { budgetModelsWorkbookBytes } = await import(/* webpackChunkName: "budget-xlsx" */ "../sheet/budgetXlsx");
  return downloadStatus(
    await budgetModelsWorkbookBytes(await planWithLedger(plan)),
    "mlcost-budget.xlsx",
    "one column a month, live formulas over named inputs, readable without the add-in.",
  );
}

async function insertBudget(plan: BudgetPlan): Promise<string> {
  const { insertBudgetModelsSheet, budgetRecordNote } = await import(
    /* webpackChunkName: "budget-insert" */ "../sheet/insertBudget"
  );
  const result = await insertBudgetModelsSheet(await planWithLedger(plan));
  return insertStatus(result, { drawn: "its chart", skipped: "chart" }, budgetRecordNote(result));
}

/** What the budget view offers the others. */
export interface BudgetOffers {
  /** the plan the view shows now, or undefined while an input is invalid (the bill's plan against actual) */
  plan(): BudgetPlan | undefined;
  /** Puts inputs measured elsewhere (the bill's) in the form's fields, as if typed. */
  takeInputs(texts: Partial<Record<BudgetKey, string>>): void;
}

/**
 * Puts `texts` in the form's fields, as if typed (the bill's measured inputs), and shows the figures: each field
 * then says what it reads or what to fix, as it does for a planner's own typing.
 */
function applyBudgetInputs(texts: Partial<Record<BudgetKey, string>>): void {
  for (const [key, text] of Object.entries(texts) as [BudgetKey, string][]) {
    const control = dom.form.controls.get(key);
    if (control && typeof text === "string") control.value = text;
  }
  update();
}

/** Builds the budget view; its action, Insert or Download, is shown once the host is known. */
export function mount(): MountedView<BudgetOffers> {
  setUpBudgetView();
  return {
    offers: { plan: () => (redraw.flush(), currentPlan), takeInputs: applyBudgetInputs },
    useHost: (host) => actions.setMode(host.mode),
  };
}

/** Builds the budget view inside #budget-root and shows the steady-growth worked example's figures. */
function setUpBudgetView(): void {
  redraw = frameUpdate(update);
  dom = buildDom(byId("budget-root"), () => redraw.request());
  // Both ledgers under the form (issue 30); a keystroke there redraws the summary's staleness too.
  ledger = mountBudgetLedger(byId("budget-form"));
  byId("budget-ledgers-form").addEventListener("input", () => redraw.request());
  monthsDraw = offscreenDraw([dom.months]);
  markStale = staleBanner(dom.summary, byId("budget-stale"));
  actions = viewActions({
    status: byId("budget-status"),
    actions: [
      { button: byId<HTMLButtonElement>("budget-insert"), mode: "excel", work: () => insertBudget(currentPlan!) },
      { button: byId<HTMLButtonElement>("budget-download"), mode: "browser", work: () => downloadBudget(currentPlan!) },
    ],
    // A keystroke's redraw may wait for the next frame: an action reads the plan as typed.
    valid: () => (redraw.flush(), currentPlan !== undefined),
    failure: "That did not work",
  });
  const form = byId<HTMLFormElement>("budget-form");
  form.addEventListener("input", () => redraw.request());
  update();
}
