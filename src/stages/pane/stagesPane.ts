/*
 * The stage view, the pane's first tab: a form, a live preview (table and chart) from the model, and one action in
 * a bar pinned to the pane's foot. Inside Excel the action inserts the stage sheet; in a plain browser (Office.js
 * resolves with no host) the same view is a standalone planner that downloads the sheet as an .xlsx. While a field
 * is invalid the preview keeps its last numbers, marked out of date.
 */
import { defaultLaunchClips, defaultScaleClips, Plan } from "../model/plan";
import { effectiveSecondsPerClip, StageTable } from "../model/stages";
import { FIELD_GROUPS, PLAN_FIELDS, PlanField } from "../model/planFields";
import { isProblem, Problem } from "../../core/model/problems";
import { chartModel } from "./stageChart";
import { drawChart } from "./stageChartSvg";
import { buildFieldsForm } from "../../core/pane/fieldsForm";
import { FieldId, FormReading, initialText, readForm } from "./stageForm";
import { formatCount } from "../../core/pane/format";
import { renderPreview } from "./preview";
import { PaneMode, ViewActions, viewActions } from "../../core/pane/viewActions";
import { fieldList, MarkStale, outOfDate, staleBanner, staleSummary } from "../../core/pane/staleBanner";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import { renderSummary } from "../../core/pane/viewSummary";
import { stageSummary } from "./stageSummary";
import { byId } from "../../core/pane/dom";
import type { PaneHost } from "../../core/views/paneHost";
import type { MountedView } from "../../core/views/paneView";
import { keepServingTime, secondsControl, SecondsControl, ServingTimeKeeper } from "../../tokens/pane";

const inputs = new Map<FieldId, HTMLInputElement>();
const errors = new Map<FieldId, HTMLElement>();
const hints = new Map<FieldId, HTMLElement>();
let currentPlan: Plan | undefined;
/** the action bar: Insert inside Excel, Download in a browser, each of the current plan */
let actions: ViewActions;
/** the preview's out-of-date marker */
let markStale: MarkStale;
/** the last valid plan's table, still shown (marked out of date) while a field is invalid */
let shown: { table: StageTable; plan: Plan } | undefined;
/** keeps the serving-time choice and its tokens with the document (issue 32) */
let keeper: ServingTimeKeeper;
/** The key the view's serving-time choice is kept under, in document settings and local storage alike. */
const SERVING_TIME_KEY = "mlcost.stages.servingTime";
/** seconds per clip typed, or from a request's tokens (issue 32) */
let seconds: SecondsControl;

/** The values a blank field stands for, where the model computes one. */
const COMPUTED_DEFAULTS: Partial<Record<FieldId, (plan: Plan) => number | Problem>> = {
  launchClips: defaultLaunchClips,
  scaleClips: defaultScaleClips,
};

/** Builds the stage form's fields from the model's PLAN_FIELDS: every input has a visible label with its unit. */
function buildForm(form: HTMLFormElement): void {
  const built = buildFieldsForm<FieldId, PlanField>(form, PLAN_FIELDS, FIELD_GROUPS, initialText, "");
  built.inputs.forEach((input, key) => inputs.set(key, input));
  built.errors.forEach((error, key) => errors.set(key, error));
  built.hints.forEach((hint, key) => hints.set(key, hint));
}

/** Reads the form and redraws everything from the model; invalid input disables the action. */
function update(): void {
  const texts: Partial<Record<FieldId, string>> = {};
  for (const [id, input] of inputs) texts[id] = input.value;
  const reading = readForm(texts);
  const wrong = reading.errors.secondsPerClip;
  if (wrong) reading.errors.secondsPerClip = seconds.explain(wrong);
  for (const [id, input] of inputs) {
    const message = reading.errors[id] ?? "";
    errors.get(id)!.textContent = message;
    input.setAttribute("aria-invalid", message ? "true" : "false");
  }
  currentPlan = reading.plan;
  actions.refresh();
  showHints(reading.plan);
  if (!reading.plan || !reading.table) {
    // The preview keeps its last numbers, greyed, rather than blanking the table under a planner's cursor.
    const what = invalidFields(reading);
    markStale(outOfDate(what, reading.planError));
    showSummary(staleSummary(what, reading.planError));
    actions.say(reading.planError ?? `Fix ${what} to update the preview; nothing is written meanwhile.`, true);
    return;
  }
  markStale(undefined);
  actions.say("");
  shown = { table: reading.table, plan: reading.plan };
  showPreview();
}

/** The invalid fields by label, for a sentence: "Serving time per clip", "A and B", "3 fields". */
function invalidFields(reading: FormReading): string {
  return fieldList(PLAN_FIELDS.filter((field) => reading.errors[field.key]).map((field) => field.label));
}

/**
 * The line under a field that may be left blank: what a blank stands for and, where the model computes it,
 * the value it will use ("= the crossover: 54,000,000"), live; shown as text, not a greyed placeholder.
 */
function showHints(plan: Plan | undefined): void {
  for (const [id, hint] of hints) {
    const field = PLAN_FIELDS.find((f) => f.key === id)!;
    const compute = COMPUTED_DEFAULTS[id];
    const value = plan && compute ? compute(plan) : undefined;
    const blank = inputs.get(id)!.value.trim() === "";
    if (value === undefined || isProblem(value)) {
      hint.textContent = `${blank && compute ? "=" : "Blank ="} ${field.blankMeans}`;
      continue;
    }
    const number = document.createElement("strong");
    number.textContent = formatCount(value);
    hint.replaceChildren(`${blank ? "=" : "Blank ="} ${field.blankMeans}: `, number);
  }
}

/** The width the chart is drawn at: its box's, as a ResizeObserver reports it (340 until it has). */
let chartWidth = 340;

/** The summary the view leads with, of the last valid plan; greyed, with what to fix, while a field is invalid. */
function showSummary(staleText: string | undefined): void {
  if (!shown) return;
  const summary = stageSummary(shown.table, shown.plan, staleText !== undefined);
  renderSummary(byId("stages-summary"), { ...summary, staleText });
}

/** Draws the last valid plan's summary, crossover line, table and chart. */
function showPreview(): void {
  if (!shown) return;
  showSummary(undefined);
  const { table, plan } = shown;
  renderPreview(byId<HTMLTableElement>("preview"), table, plan.currency);
  byId("crossover").textContent = isProblem(table.crossoverClips)
    ? "No crossover: training hours are 0."
    : `Crossover: ${formatCount(table.crossoverClips)} clips per interval. Above it, serving is the bigger half.`;
  showChart();
}

/** Draws the chart at the width it is shown at, so that its 10-px text is 10 px at every pane width. */
function showChart(): void {
  if (!shown) return;
  const width = Math.max(280, chartWidth);
  const height = Math.min(300, Math.max(220, Math.round(width * 0.62)));
  const model = chartModel(shown.table, effectiveSecondsPerClip(shown.plan), width, height);
  drawChart(byId<SVGSVGElement>("chart"), model);
}

/**
 * Redraws the chart whenever its width changes (the pane resized, the layout went to two columns). A
 * ResizeObserver reports after layout, so reading the width never forces one while the pane starts; an engine
 * without it keeps the 340-px drawing, scaled to fit.
 */
function followChartWidth(): void {
  if (typeof ResizeObserver !== "function") return;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && width !== chartWidth) {
      chartWidth = width;
      showChart();
    }
  }).observe(byId("chart"));
}

async function insert(plan: Plan): Promise<string> {
  const { insertStageSheet } = await import(/* webpackChunkName: "excel-writer" */ "../sheet/insertStages");
  const result = await insertStageSheet(plan, seconds.tokens());
  const functions = result.functionsSkipped
    ? ` Workbook functions not added: ${result.functionsSkipped}.`
    : result.functionsAdded.length
      ? ` Added ${result.functionsAdded.length} workbook functions (=CROSSOVER and others).`
      : "";
  return insertStatus(result, { drawn: "a chart", skipped: "chart" }, functions);
}

async function download(plan: Plan): Promise<string> {
  const { stageWorkbookBytes } = await import(/* webpackChunkName: "xlsx-writer" */ "../sheet/stagesXlsx");
  return downloadStatus(
    await stageWorkbookBytes(plan, seconds.tokens()),
    "mlcost-stages.xlsx",
    "live formulas over named inputs; it opens in Excel, LibreOffice or Google Sheets without the add-in.",
  );
}

/** Builds the stage form; its preview follows every keystroke once `showStagePreview` has drawn it first. */
function setUpStageView(): void {
  actions = viewActions({
    status: byId("status"),
    actions: [
      { button: byId<HTMLButtonElement>("insert"), mode: "excel", work: () => insert(currentPlan!) },
      { button: byId<HTMLButtonElement>("download"), mode: "browser", work: () => download(currentPlan!) },
    ],
    valid: () => currentPlan !== undefined,
    failure: "That did not work, and nothing was left behind",
  });
  markStale = staleBanner(byId("preview-section"), byId("stale"));
  const form = byId<HTMLFormElement>("plan-form");
  buildForm(form);
  seconds = secondsControl(inputs.get("secondsPerClip")!, "");
  keeper = keepServingTime({ key: SERVING_TIME_KEY, idPrefix: "" });
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
}

/** Draws the first preview and follows the chart's width from then on. */
function showStagePreview(): void {
  update();
  followChartWidth();
}

/** Says, in the stage view's action bar, that Excel has not answered yet. */
function sayStillConnecting(): void {
  byId("mode").textContent = "Excel has not answered yet. The preview works meanwhile; if this lasts, reopen the pane.";
}

/** What the action bar says under the action, by where the pane runs. */
const MODE_NOTE: Record<PaneMode, string> = {
  excel: "Adds a new worksheet with live formulas, a table and a chart. Nothing of yours is overwritten.",
  browser: "Outside Excel: the download holds the same sheet, with live formulas.",
};

/** Swaps the "Connecting to Excel…" placeholder for the host's action. */
function useHost(host: PaneHost): void {
  byId("connecting").hidden = true;
  actions.setMode(host.mode);
  byId("mode").textContent = MODE_NOTE[host.mode];
  keeper.useHost(host);
}

/** What the stage view offers the others. */
export interface StagesOffers {
  /** the plan the view shows now, or undefined while a field is invalid (the API-or-fleet view's traffic) */
  plan(): Plan | undefined;
}

/** The stage view, built (the first load's): its preview after the first paint, its action once the host is known. */
export function mount(): MountedView<StagesOffers> {
  setUpStageView();
  return {
    offers: { plan: () => currentPlan },
    useHost,
    painted: showStagePreview,
    stillConnecting: sayStillConnecting,
  };
}
