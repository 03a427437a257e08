/*
 * The task pane: a form, a live preview (table and chart) from the model, and one action.
 * Inside Excel the action inserts the stage sheet; in a plain browser (Office.js resolves with
 * no host) the same pane is a standalone planner that downloads the sheet as an .xlsx.
 */
import {
  defaultLaunchClips,
  defaultScaleClips,
  effectiveSecondsPerClip,
  FIELD_GROUPS,
  isProblem,
  Plan,
  PLAN_FIELDS,
  StageTable,
} from "../model";
import { chartModel } from "./chartModel";
import { drawChart } from "./chartSvg";
import { FieldId, initialText, readForm } from "./form";
import { formatClips } from "./format";
import { renderPreview } from "./preview";

type Mode = "excel" | "browser";

const byId = <T extends Element = HTMLElement>(id: string) => document.getElementById(id) as unknown as T;
const inputs = new Map<FieldId, HTMLInputElement>();
const errors = new Map<FieldId, HTMLElement>();
let currentPlan: Plan | undefined;
let mode: Mode | undefined;
let busy = false;

/** Builds the form's fields from the model's PLAN_FIELDS: every input has a visible label with its unit. */
function buildForm(form: HTMLFormElement): void {
  for (const { group, heading } of FIELD_GROUPS) {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = heading;
    fieldset.append(legend);
    for (const field of PLAN_FIELDS.filter((f) => f.group === group)) {
      const row = document.createElement("div");
      row.className = "field";
      const label = document.createElement("label");
      label.htmlFor = `field-${field.key}`;
      label.textContent = field.label;
      const unitText = field.blankMeans === undefined ? field.unit : `${field.unit}; blank = ${field.blankMeans}`;
      const unit = document.createElement("span");
      unit.className = "unit";
      unit.textContent = ` (${unitText})`;
      label.append(unit);
      const input = document.createElement("input");
      input.id = `field-${field.key}`;
      input.name = field.key;
      input.type = "text";
      input.inputMode = field.quantity === "text" ? "text" : "decimal";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.value = initialText(field);
      if (field.blankMeans) input.placeholder = field.blankMeans;
      const error = document.createElement("p");
      error.className = "error";
      error.id = `error-${field.key}`;
      input.setAttribute("aria-describedby", error.id);
      row.append(label, input, error);
      fieldset.append(row);
      inputs.set(field.key, input);
      errors.set(field.key, error);
    }
    form.append(fieldset);
  }
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
  if (!reading.plan || !reading.table) {
    setStatus(
      reading.planError ?? "Fix the highlighted fields to update the preview; nothing is written meanwhile.",
      true,
    );
    return;
  }
  setStatus("");
  showDefaults(reading.plan);
  showPreview(reading.table, reading.plan);
}

/** Placeholders of the optional stage fields say what a blank means, with today's number. */
function showDefaults(plan: Plan): void {
  const launch = defaultLaunchClips(plan);
  const scale = defaultScaleClips(plan);
  if (!isProblem(launch)) inputs.get("launchClips")!.placeholder = formatClips(launch);
  if (!isProblem(scale)) inputs.get("scaleClips")!.placeholder = formatClips(scale);
}

function showPreview(table: StageTable, plan: Plan): void {
  renderPreview(byId<HTMLTableElement>("preview"), table, plan.currency);
  byId("crossover").textContent = isProblem(table.crossoverClips)
    ? "No crossover: training hours are 0."
    : `Crossover: ${formatClips(table.crossoverClips)} clips per interval. Above it, serving is the bigger half.`;
  drawChart(byId<SVGSVGElement>("chart"), chartModel(table, effectiveSecondsPerClip(plan)));
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
  const { insertStageSheet } = await import(/* webpackChunkName: "excel-writer" */ "../sheet/excelWriter");
  const result = await insertStageSheet(plan);
  const chart = result.chart ? ", with a chart" : ` (chart skipped: ${result.chartSkipped})`;
  return `Inserted on a new sheet, "${result.sheetName}"${chart}. Change its blue cells to try other numbers.`;
}

async function download(plan: Plan): Promise<string> {
  const { stageWorkbookBytes } = await import(/* webpackChunkName: "xlsx-writer" */ "../sheet/xlsxWriter");
  const bytes = await stageWorkbookBytes(plan);
  const url = URL.createObjectURL(
    new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = "mlcost-stages.xlsx";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return (
    "Downloaded mlcost-stages.xlsx: live formulas over named inputs; it opens in Excel, LibreOffice or" +
    " Google Sheets without the add-in."
  );
}

/**
 * Excel when Office.onReady reports the Excel host, whenever it does: a cold Excel can take far longer than any
 * timeout would guess, and a guess that came too early would leave the pane in browser mode for good. A plain
 * browser when Office.js is absent (its script failed to load) or reports no host (it answers host null outside
 * Office), or when it fails to start at all: there is no Excel to write to then either.
 */
async function detectMode(): Promise<Mode> {
  if (typeof Office === "undefined" || typeof Office.onReady !== "function") return "browser";
  try {
    const info = await Office.onReady();
    return info?.host === Office.HostType.Excel ? "excel" : "browser";
  } catch {
    return "browser";
  }
}

/* How long before a pane still waiting for Excel says so; it keeps waiting all the same. */
const STILL_CONNECTING_MS = 10_000;

/** Builds the form and its live preview, then waits for Office.js to say where the pane runs. */
async function start(): Promise<void> {
  const form = byId<HTMLFormElement>("plan-form");
  buildForm(form);
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
  update();
  const slow = setTimeout(() => {
    byId("mode").textContent =
      "Excel has not answered yet. The preview works meanwhile; if this lasts, reopen the pane.";
  }, STILL_CONNECTING_MS);
  mode = await detectMode();
  clearTimeout(slow);
  showMode(mode);
}

/** Swaps the "Connecting to Excel…" placeholder for the mode's action, and marks the pane ready. */
function showMode(ready: Mode): void {
  byId("connecting").hidden = true;
  const button = actionButton()!;
  button.hidden = false;
  button.addEventListener("click", () => void runAction(ready === "excel" ? insert : download));
  byId("mode").textContent =
    ready === "excel"
      ? "Insert adds a new worksheet with live formulas, a table and a chart. Nothing of yours is overwritten."
      : "Running outside Excel: a standalone planner. The download holds the same sheet, with live formulas.";
  refreshButton();
  document.body.dataset.ready = ready;
  performance.mark("pane-ready");
}

void start();
