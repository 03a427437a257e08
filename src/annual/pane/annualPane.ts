/*
 * The annual view: the year's bill split by part, training's share of it (the ceiling on any training-side
 * change), and what each proposed lever saves against the ceiling of the part it touches, live from the model
 * on every valid keystroke. The form is the stage view's framework over ANNUAL_FIELDS; while a field is invalid
 * the figures stay, marked out of date.
 */
import { ANNUAL_FIELD_GROUPS, ANNUAL_FIELDS, AnnualField, AnnualPlan } from "../model/annualFields";
import { AnnualFigures, CADENCE_CAVEAT } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { PRICE_PRESETS } from "../model/pricePresets";
import type { AnnualSensitivityOptions } from "../sheet/annualSensitivity";
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { AnnualFieldId, annualInitialText, readAnnualForm } from "./annualForm";
import { drawAnnualChart } from "./annualChart";
import { annualSheetSensitivity, setUpAnnualSensitivity, showAnnualSensitivity } from "./annualSensitivity";
import { ownRangesSentence } from "../../sensitivity/pane";
import { ViewActions, viewActions } from "../../core/pane/viewActions";
import type { MountedView } from "../../core/views/paneView";
import { byId } from "../../core/pane/dom";
import { fieldList, MarkStale, outOfDate, staleBanner } from "../../core/pane/staleBanner";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import {
  formatCost,
  formatHours,
  formatHoursSaved,
  formatKind,
  formatShareSignificant as formatShare,
  formatUnitCost,
} from "../../core/pane/format";
import { renderSummary } from "../../core/pane/viewSummary";
import { annualSummary, paneFigures } from "./annualSummary";
import { buildLedgerSection, LedgerSection } from "../../ledgers/pane";
import { annualLedgers, LedgerInputs } from "../../ledgers/model";
import { keepServingTime, secondsControl, SecondsControl, ServingTimeKeeper } from "../../tokens/pane";
import type { ProposedTokens, RequestTokens } from "../../tokens/model";
import { ProposalTokens, proposalTokens } from "./annualProposalTokens";

const figure = (value: number | Problem, format: (n: number) => string) => (isProblem(value) ? "—" : format(value));

function cell(tag: "td" | "th", text: string, scope?: string): HTMLTableCellElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.setAttribute("scope", scope);
  return node;
}

/** A table of `rows` under the column `headings`, each row's first cell its heading. */
function fillTable(table: HTMLTableElement, headings: string[], rows: string[][]): void {
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  headings.forEach((h) => headRow.append(cell("th", h, "col")));
  head.append(headRow);
  const body = document.createElement("tbody");
  for (const [first, ...rest] of rows) {
    const row = document.createElement("tr");
    row.append(cell("th", first, "row"), ...rest.map((text) => cell("td", text)));
    body.append(row);
  }
  table.replaceChildren(head, body);
}

/** The annual chart's drawing, made under the levers' sentences the first time it is needed. */
function annualChart(): SVGSVGElement {
  const existing = document.getElementById("annual-chart");
  if (existing) return existing as unknown as SVGSVGElement;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "annual-chart";
  svg.setAttribute("role", "img");
  svg.setAttribute("width", "100%");
  byId("annual-sentences").after(svg);
  return svg;
}

/** Draws the annual figures of `view`, read from `plan` (its price and currency: money beside the hours). */
function showAnnual(view: AnnualFigures, plan: AnnualPlan): void {
  const { table, levers } = view;
  const paidDiffers = table.hours.totalPaid !== table.hours.totalConsumed;
  const priced = plan.pricePerHour !== undefined;
  const money = (value: number | Problem | undefined) =>
    value === undefined ? "—" : figure(value, (x) => formatCost(x, plan.currency));
  const unitCost = (value: number | Problem | undefined) =>
    value === undefined ? "—" : figure(value, (x) => formatUnitCost(x, plan.currency));
  const moneyHeading = (text: string) => (plan.currency ? `${text} (${plan.currency})` : text);
  const total = table.rows.find((row) => row.part === "total")!;
  const bill = priced
    ? ` The year's bill is ${money(total.paidCost)}: ${unitCost(table.costPerThousandClips)} per 1,000 clips scored.`
    : "";
  byId("annual-answer").textContent =
    `Training is ${figure(table.trainingShareConsumed, formatShare)} of the year's accelerator-hours` +
    (paidDiffers ? ` (${figure(table.trainingSharePaid, formatShare)} of the hours paid for)` : "") +
    `: no change to training can save more than that.${bill}`;
  // Hours used and paid, each with its share, take five columns: there the cost goes under the paid hours.
  const costUnderPaid = priced && paidDiffers;
  const rows = table.rows.map((row) => {
    const cells = [row.label, formatHours(row.consumedHours), figure(row.consumedShare, formatShare)];
    if (!paidDiffers) return priced ? [...cells, money(row.paidCost)] : cells;
    const paid = formatHours(row.paidHours) + (costUnderPaid ? `\n${money(row.paidCost)}` : "");
    return [...cells, paid, figure(row.paidShare, formatShare)];
  });
  const headings = paidDiffers
    ? ["Part", "Hours used", "Share", costUnderPaid ? moneyHeading("Hours paid, cost") : "Hours paid", "Share"]
    : ["Part", "Hours a year", "Share", ...(priced ? [moneyHeading("Cost a year")] : [])];
  fillTable(byId<HTMLTableElement>("annual-table"), headings, rows);
  const changed = levers.rows.filter((row) => row.changed);
  fillTable(
    byId<HTMLTableElement>("annual-levers"),
    ["Lever", "Saves a year", "Of the bill", "Ceiling"],
    changed.map((row) => [
      row.label,
      // At a price the money goes under the hours, in the same cell: five columns do not fit 350 px.
      `${figure(row.hoursSavedPerYear, formatHoursSaved)} h` + (priced ? `\n${money(row.costSavedPerYear)}` : ""),
      figure(row.shareOfBill, formatShare),
      figure(row.ceiling, formatShare),
    ]),
  );
  byId("annual-levers").hidden = changed.length === 0;
  const sentences = [levers.largest, levers.smallest].filter((s): s is string => Boolean(s));
  byId("annual-sentences").textContent = changed.length
    ? sentences.join(" ")
    : "No change proposed yet: enter a proposed value under Proposed changes.";
  drawAnnualChart(annualChart(), view, {
    share: formatShare,
    hours: formatHoursSaved,
    ...(priced && { money: (x: number) => formatCost(x, plan.currency) }),
  });
  const idle = table.idleCapacityHours > 0 && !isProblem(table.idleToTraining);
  byId("annual-idle").textContent = idle
    ? `Capacity held for the peak but not used: ${formatHours(table.idleCapacityHours)} h a year, ` +
      `${formatKind("multiple", table.idleToTraining as number)} times the whole training half.`
    : "";
}

/** The key the view's serving-time choice is kept under, in document settings and local storage alike. */
const SERVING_TIME_KEY = "mlcost.annual.servingTime";

let currentPlan: AnnualPlan | undefined;
/** the view's both-ledgers section: what the planner typed there reaches the sheet (issue 30) */
let ledgerSection: LedgerSection | undefined;
/** the action bar: Insert inside Excel, Download in a browser, each of the current plan and sensitivity */
let actions: ViewActions;
/** seconds per clip typed, or from a request's tokens (issue 32) */
let seconds: SecondsControl | undefined;
/** the service-time lever's proposal in tokens, while tokens are chosen (issue 32) */
let proposal: ProposalTokens | undefined;
/** keeps the serving-time choice and its tokens with the document (issue 32) */
let keeper: ServingTimeKeeper | undefined;

/** Writes the sheet of the current plan and sensitivity (both valid: the action is off otherwise). */
async function write(
  work: (
    plan: AnnualPlan,
    sensitivity: AnnualSensitivityOptions,
    ledgers: LedgerInputs,
    tokens: RequestTokens | undefined,
    proposedTokens: ProposedTokens | undefined,
  ) => Promise<string>,
) {
  const sensitivity = annualSheetSensitivity()!;
  // Ledger inputs the section refuses are written blank (not counted), as the section then counts none.
  const ledgers = ledgerSection?.inputs() ?? {};
  const done = await work(currentPlan!, sensitivity, ledgers, seconds?.tokens(), proposal?.proposed());
  const own = ownRangesSentence(ANNUAL_FIELDS, sensitivity.ranges);
  return own ? `${done} ${own}` : done;
}

async function downloadAnnual(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions,
  ledgers: LedgerInputs,
  tokens: RequestTokens | undefined,
  proposedTokens: ProposedTokens | undefined,
): Promise<string> {
  const { annualWorkbookBytes } = await import(/* webpackChunkName: "annual-xlsx" */ "../sheet/annualXlsx");
  return downloadStatus(
    await annualWorkbookBytes(plan, sensitivity, ledgers, tokens, proposedTokens),
    "mlcost-annual.xlsx",
    "live formulas over named inputs, readable without the add-in.",
  );
}

async function insertAnnual(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions,
  ledgers: LedgerInputs,
  tokens: RequestTokens | undefined,
  proposedTokens: ProposedTokens | undefined,
): Promise<string> {
  const { insertAnnualSheet } = await import(/* webpackChunkName: "annual-insert" */ "../sheet/insertAnnual");
  return insertStatus(await insertAnnualSheet(plan, sensitivity, ledgers, tokens, proposedTokens), {
    drawn: "its charts",
    skipped: "charts",
  });
}

/** Builds the view's action bar; its buttons stay hidden until the pane knows where it runs. */
function setUpActions(): void {
  actions = viewActions({
    status: byId("annual-status"),
    actions: [
      { button: byId<HTMLButtonElement>("annual-insert"), mode: "excel", work: () => write(insertAnnual) },
      { button: byId<HTMLButtonElement>("annual-download"), mode: "browser", work: () => write(downloadAnnual) },
    ],
    valid: () => currentPlan !== undefined && annualSheetSensitivity() !== undefined,
    failure: "That did not work",
  });
}

/**
 * A chooser of dated public prices above the price field: picking one fills the price, the currency and the
 * price's source (which the sheet keeps beside the price); all three stay editable. No price is fetched.
 */
function addPricePresets(built: BuiltForm<AnnualFieldId>): void {
  const price = built.inputs.get("pricePerHour")!;
  const row = document.createElement("div");
  row.className = "field preset";
  const label = document.createElement("label");
  label.htmlFor = "annual-price-preset";
  label.textContent = "Start from a public price";
  const select = document.createElement("select");
  select.id = "annual-price-preset";
  select.append(new Option("Choose a price (optional)…", ""));
  PRICE_PRESETS.forEach((preset, i) =>
    select.append(new Option(`${preset.label}: ${preset.pricePerHour} USD`, `${i}`)),
  );
  // Where the chosen price is from, in words (the source the sheet keeps beside the price).
  const source = document.createElement("p");
  source.className = "preset-source";
  source.id = "annual-price-preset-source";
  select.setAttribute("aria-describedby", source.id);
  select.addEventListener("change", () => {
    const preset = PRICE_PRESETS[Number(select.value)];
    source.textContent =
      preset && select.value ? `Source: ${preset.source}. Prices move: check before you rely on it.` : "";
    if (!select.value || !preset) return;
    price.value = String(preset.pricePerHour);
    built.inputs.get("currency")!.value = preset.currency;
    built.inputs.get("priceSource")!.value = `${preset.label}; ${preset.source}`;
    price.dispatchEvent(new Event("input", { bubbles: true }));
  });
  row.append(label, select, source);
  price.closest(".field")!.before(row);
}

/** What the annual view offers the others: its plan as typed now (undefined while a field is invalid). */
export interface AnnualOffers {
  plan(): AnnualPlan | undefined;
}

/** Builds the annual view; its action, Insert or Download, is shown once the host is known. */
export function mount(): MountedView<AnnualOffers> {
  setUpAnnualView();
  return {
    offers: { plan: () => currentPlan },
    useHost: (host) => {
      actions.setMode(host.mode);
      keeper?.useHost(host);
    },
  };
}

/** Wires the annual view's form and live figures. */
function setUpAnnualView(): void {
  const form = byId<HTMLFormElement>("annual-form");
  byId("annual-caveat").textContent = CADENCE_CAVEAT;
  const built: BuiltForm<AnnualFieldId> = buildFieldsForm<AnnualFieldId, AnnualField>(
    form,
    ANNUAL_FIELDS,
    ANNUAL_FIELD_GROUPS,
    annualInitialText,
    "annual-",
  );
  addPricePresets(built);
  const source = secondsControl(built.inputs.get("secondsPerClip")!, "annual-");
  seconds = source;
  const proposedSeconds = proposalTokens(built.inputs.get("secondsPerClipProposed")!, source);
  proposal = proposedSeconds;
  keeper = keepServingTime({ key: SERVING_TIME_KEY, idPrefix: "annual-", proposed: proposedSeconds.inputs });
  setUpActions();
  setUpAnnualSensitivity(byId("annual-caveat"), () => actions.refresh());
  // Both ledgers, right under the cadence lever's caveat (issue 30).
  const ledgers: LedgerSection = buildLedgerSection({ after: byId("annual-caveat"), prefix: "annual-" });
  ledgerSection = ledgers;
  for (const [key, hint] of built.hints) {
    const field = ANNUAL_FIELDS.find((f) => f.key === key)!;
    hint.textContent = `Blank = ${field.blankMeans}`;
  }
  const markStale: MarkStale = staleBanner(byId("annual-preview"), byId("annual-stale"));
  const summary = byId("annual-summary");
  let lastSummary: { view: AnnualFigures; plan: AnnualPlan } | undefined;
  const update = () => {
    // The proposal in tokens first: it fills the proposed seconds field the form then reads.
    const proposalWrong = proposedSeconds.apply();
    const texts: Partial<Record<AnnualFieldId, string>> = {};
    for (const [key, input] of built.inputs) texts[key] = input.value;
    const read = readAnnualForm(texts, paneFigures);
    const reading = proposalWrong ? { errors: { ...read.errors, secondsPerClipProposed: proposalWrong } } : read;
    const wrong = reading.errors.secondsPerClip;
    if (wrong) reading.errors.secondsPerClip = source.explain(wrong);
    for (const [key, input] of built.inputs) {
      const message = reading.errors[key] ?? "";
      built.errors.get(key)!.textContent = message;
      input.setAttribute("aria-invalid", message ? "true" : "false");
    }
    const invalid = Object.keys(reading.errors).map((key) => ANNUAL_FIELDS.find((f) => f.key === key)!.label);
    markStale(reading.view ? undefined : outOfDate(fieldList(invalid), reading.planError));
    if (reading.view && reading.plan) {
      showAnnual(reading.view, reading.plan);
      renderSummary(summary, annualSummary(reading.view, reading.plan));
      lastSummary = { view: reading.view, plan: reading.plan };
    } else if (lastSummary) {
      // The last answer stays, greyed, as the preview's figures do.
      renderSummary(summary, annualSummary(lastSummary.view, lastSummary.plan, true));
    }
    const { view, plan } = reading;
    ledgers.update(view && plan ? (inputs) => annualLedgers(plan, view, inputs) : undefined, plan?.currency);
    showAnnualSensitivity(reading.view ? reading.plan : undefined);
    currentPlan = reading.plan;
    actions.refresh();
  };
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => event.preventDefault());
  update();
}
