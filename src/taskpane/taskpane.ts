/*
 * The task pane: a form, a live preview (table and chart) from the model, and one action in a bar pinned to the
 * pane's foot. Inside Excel the action inserts the stage sheet and the pane takes Excel's Office theme; in a plain
 * browser (Office.js resolves with no host) the same pane is a standalone planner that downloads the sheet as an
 * .xlsx. While a field is invalid the preview keeps its last numbers, marked out of date.
 */
import {
  defaultLaunchClips,
  defaultScaleClips,
  effectiveSecondsPerClip,
  FIELD_GROUPS,
  isProblem,
  Plan,
  PLAN_FIELDS,
  PlanField,
  Problem,
  StageTable,
} from "../model";
import { chartModel } from "./chartModel";
import { drawChart } from "./chartSvg";
import { buildFieldsForm } from "./fieldsForm";
import { FieldId, FormReading, initialText, readForm } from "./form";
import { formatCount } from "./format";
import { setUpExcelConversion } from "./portableExcel";
import { setUpFileConversion, setPortableStatus } from "./portableView";
import { renderPreview } from "./preview";
import { saveFile } from "./saveFile";
import { setUpViews } from "./views";

type Mode = "excel" | "browser";

const byId = <T extends Element = HTMLElement>(id: string) => document.getElementById(id) as unknown as T;
const inputs = new Map<FieldId, HTMLInputElement>();
const errors = new Map<FieldId, HTMLElement>();
const hints = new Map<FieldId, HTMLElement>();
let currentPlan: Plan | undefined;
/** the last valid plan's table, still shown (marked out of date) while a field is invalid */
let shown: { table: StageTable; plan: Plan } | undefined;
let mode: Mode | undefined;
let busy = false;
/** the annual view's module, once its tab has been shown */
let annualView: Promise<typeof import("./annualPane")> | undefined;
/** the what-if view's module, once its tab has been shown */
let whatIfView: Promise<typeof import("./whatIfPane")> | undefined;

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
  const { insertStageSheet } = await import(/* webpackChunkName: "excel-writer" */ "../sheet/excelWriter");
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
  const { stageWorkbookBytes } = await import(/* webpackChunkName: "xlsx-writer" */ "../sheet/xlsxWriter");
  saveFile(await stageWorkbookBytes(plan), "mlcost-stages.xlsx");
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

const HEX_COLOUR = /^#([0-9a-f]{3}){1,2}$/i;

/** True for a colour a light text needs: perceived brightness under half (#262626 yes, #e6e6e6 no). */
function isDark(hex: string): boolean {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : hex.slice(1).match(/../g)!;
  const [r, g, b] = digits.map((pair) => parseInt(pair, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/**
 * Follows Excel's Office theme rather than the browser's: light or dark tokens by its body background, and its
 * body and control colours as they are. Office.context.officeTheme exists once onReady has answered, and Excel on
 * the web may leave it undefined: then the pane keeps prefers-color-scheme. Excel gives add-ins no event when the
 * theme changes, so it is read once.
 */
function applyOfficeTheme(): void {
  let theme: Office.OfficeTheme | undefined;
  try {
    theme = Office.context?.officeTheme;
  } catch {
    return; // a host that throws on the property has no theme for us either
  }
  if (!theme || !HEX_COLOUR.test(theme.bodyBackgroundColor ?? "")) return;
  const root = document.documentElement;
  root.dataset.theme = isDark(theme.bodyBackgroundColor) ? "dark" : "light";
  const colours: [string, string | undefined][] = [
    ["--body-bg", theme.bodyBackgroundColor],
    ["--body-fg", theme.bodyForegroundColor],
    ["--control-bg", theme.controlBackgroundColor],
    ["--control-fg", theme.controlForegroundColor],
  ];
  for (const [name, value] of colours) if (value && HEX_COLOUR.test(value)) root.style.setProperty(name, value);
}

/* How long before a pane still waiting for Excel says so; it keeps waiting all the same. */
const STILL_CONNECTING_MS = 10_000;

/** Resolves after the browser has had a chance to paint (a hidden page paints no frame: the timer answers). */
function nextFrame(): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, 50);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), done()), 0));
  });
}

/** Builds the form and its live preview, then waits for Office.js to say where the pane runs. */
async function start(): Promise<void> {
  const form = byId<HTMLFormElement>("plan-form");
  buildForm(form);
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
  // The annual and what-if views are loaded and built when first shown: the stage view is what a planner sees first.
  setUpViews((viewId) => {
    if (viewId === "view-annual" && !annualView) {
      annualView = import(/* webpackChunkName: "annual-view" */ "./annualPane").then((view) => {
        view.setUpAnnualView();
        if (mode) view.setAnnualMode(mode);
        return view;
      });
    }
    if (viewId === "view-whatif" && !whatIfView) {
      whatIfView = import(/* webpackChunkName: "whatif-view" */ "./whatIfPane").then((view) => {
        view.setUpWhatIfView();
        if (mode) view.setWhatIfMode(mode);
        return view;
      });
    }
  });
  setPortableStatus("Connecting to Excel…");
  performance.mark("pane-interactive");
  // The form paints first, the preview a frame later: the page's first number format costs 45-70 ms in a fresh
  // Chromium renderer (Intl loads its locale data on first use; measured), and a planner can start typing meanwhile.
  await nextFrame();
  update();
  performance.mark("pane-preview");
  followChartWidth();
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
      ? "Adds a new worksheet with live formulas, a table and a chart. Nothing of yours is overwritten."
      : "Outside Excel: the download holds the same sheet, with live formulas.";
  if (ready === "excel") applyOfficeTheme();
  if (annualView) void annualView.then((view) => view.setAnnualMode(ready));
  if (whatIfView) void whatIfView.then((view) => view.setWhatIfMode(ready));
  if (ready === "browser") setUpFileConversion();
  else setUpExcelConversion();
  refreshButton();
  document.body.dataset.ready = ready;
  performance.mark("pane-ready");
}

void start();
