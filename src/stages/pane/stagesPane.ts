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
import { saveFile } from "../../core/pane/saveFile";

/** Where the pane runs: inside Excel, or a plain browser. */
export type Mode = "excel" | "browser";

const byId = <T extends Element = HTMLElement>(id: string) => document.getElementById(id) as unknown as T;
const inputs = new Map<FieldId, HTMLInputElement>();
const errors = new Map<FieldId, HTMLElement>();
const hints = new Map<FieldId, HTMLElement>();
let currentPlan: Plan | undefined;
/** the last valid plan's table, still shown (marked out of date) while a field is invalid */
let shown: { table: StageTable; plan: Plan } | undefined;
let mode: Mode | undefined;
let busy = false;

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

function setStatus(text: string, isError = false): void {
  const status = byId<HTMLParagraphElement>("status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

function actionButton(): HTMLButtonElement | undefined {
  return mode === "excel"
    ? byId<HTMLButtonElement>("insert")
    : mode === "browser"
      ? byId<HTMLButtonElement>("download")
      : undefined;
}

function refreshButton(): void {
  const button = actionButton();
  if (button) button.disabled = busy || currentPlan === undefined;
}

/** Reads the form and redraws everything from the model; invalid input disables the action. */
function update(): void {
  const texts: Partial<Record<FieldId, string>> = {};
  for (const [id, input] of inputs) texts[id] = input.value;
  const reading = readForm(texts);
  for (const [id, input] of inputs) {
    const message = reading.errors[id] ?? "";
    errors.get(id)!.textContent = message;
    input.setAttribute("aria-invalid", message ? "true" : "false");
  }
  currentPlan = reading.plan;
  refreshButton();
  showHints(reading.plan);
  if (!reading.plan || !reading.table) {
    const what = invalidFields(reading);
    markStale(what, reading.planError);
    setStatus(reading.planError ?? `Fix ${what} to update the preview; nothing is written meanwhile.`, true);
    return;
  }
  markStale(undefined);
  setStatus("");
  shown = { table: reading.table, plan: reading.plan };
  showPreview();
}

/** The invalid fields by label, for a sentence: "Serving time per clip", "A and B", "3 fields". */
function invalidFields(reading: FormReading): string {
  const labels = PLAN_FIELDS.filter((field) => reading.errors[field.key]).map((field) => field.label);
  return labels.length > 2 ? `${labels.length} fields` : labels.join(" and ");
}

/**
 * Marks the preview out of date while the form is invalid, saying what to fix (`what`, the invalid fields, or
 * else the plan's own problem): it keeps the last valid numbers, greyed, rather than blanking the table under a
 * planner's cursor. `what` undefined: up to date.
 */
function markStale(what: string | undefined, planError?: string): void {
  const section = byId("preview-section");
  const banner = byId("stale");
  banner.hidden = what === undefined;
  section.toggleAttribute("data-stale", what !== undefined);
  if (what === undefined) {
    section.removeAttribute("aria-describedby");
    return;
  }
  banner.textContent = what ? `Out of date: fix ${what} to update.` : `Out of date. ${planError ?? ""}`;
  section.setAttribute("aria-describedby", banner.id);
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

/** Draws the last valid plan's crossover line, table and chart. */
function showPreview(): void {
  if (!shown) return;
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

async function runAction(work: (plan: Plan) => Promise<string>): Promise<void> {
  if (!currentPlan || busy) return;
  busy = true;
  refreshButton();
  setStatus("Working...");
  try {
    setStatus(await work(currentPlan));
  } catch (failure) {
    setStatus(
      `That did not work, and nothing was left behind: ${failure instanceof Error ? failure.message : String(failure)}`,
      true,
    );
  } finally {
    busy = false;
    refreshButton();
  }
}

async function insert(plan: Plan): Promise<string> {
  const { insertStageSheet } = await import(/* webpackChunkName: "excel-writer" */ "../sheet/insertStages");
  const result = await insertStageSheet(plan);
  const chart = result.chart ? ", with a chart" : ` (chart skipped: ${result.chartSkipped})`;
  const finish = result.finishSkipped ? ` Sheet finish incomplete: ${result.finishSkipped}.` : "";
  const functions = result.functionsSkipped
    ? ` Workbook functions not added: ${result.functionsSkipped}.`
    : result.functionsAdded.length
      ? ` Added ${result.functionsAdded.length} workbook functions (=CROSSOVER and others).`
      : "";
  return (
    `Inserted on a new sheet, "${result.sheetName}"${chart}.${finish}${functions}` +
    " Change its blue cells to try other numbers."
  );
}

async function download(plan: Plan): Promise<string> {
  const { stageWorkbookBytes } = await import(/* webpackChunkName: "xlsx-writer" */ "../sheet/stagesXlsx");
  saveFile(await stageWorkbookBytes(plan), "mlcost-stages.xlsx");
  return (
    "Downloaded mlcost-stages.xlsx: live formulas over named inputs; it opens in Excel, LibreOffice or" +
    " Google Sheets without the add-in."
  );
}

/** Builds the stage form; its preview follows every keystroke once `showStagePreview` has drawn it first. */
export function setUpStageView(): void {
  const form = byId<HTMLFormElement>("plan-form");
  buildForm(form);
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
}

/** Draws the first preview and follows the chart's width from then on. */
export function showStagePreview(): void {
  update();
  followChartWidth();
}

/** Says, in the stage view's action bar, that Excel has not answered yet. */
export function sayStillConnecting(): void {
  byId("mode").textContent = "Excel has not answered yet. The preview works meanwhile; if this lasts, reopen the pane.";
}

/** Swaps the "Connecting to Excel…" placeholder for the mode's action. */
export function setStageMode(ready: Mode): void {
  mode = ready;
  byId("connecting").hidden = true;
  const button = actionButton()!;
  button.hidden = false;
  button.addEventListener("click", () => void runAction(ready === "excel" ? insert : download));
  byId("mode").textContent =
    ready === "excel"
      ? "Adds a new worksheet with live formulas, a table and a chart. Nothing of yours is overwritten."
      : "Outside Excel: the download holds the same sheet, with live formulas.";
  refreshButton();
}
