/*
 * The "API or own fleet" view (issue 32): serving bought by the token from an API against serving on accelerators
 * the team rents. The API's prices (input, cached input, output, a batch discount), the tokens a request, the
 * fleet's throughput, peak-to-mean and its accelerators always on with their price, and the plan's traffic; live
 * from the model on every valid keystroke: the cost a month each way, which is cheaper, the volume from which the
 * fleet is (or the sentence why it never is), and a chart of both against volume. Dated presets fill the API's
 * prices or the accelerator's price, which stay editable: what a planner types is what counts. What is typed is
 * kept where the pane runs (a versioned record, tokens/model's TOKEN_STATE).
 */
import {
  API_PRESETS,
  blendedPricePerMillion,
  readTokenState,
  TOKEN_FIELDS,
  TOKEN_FIELD_GROUPS,
  TokenComparison,
  tokenComparison,
  TokenField,
  TokenPlan,
  tokenStateJson,
  TokenTexts,
} from "../model";
import { PRICE_PRESETS } from "../../annual/model";
import { isProblem } from "../../core/model/problems";
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { byId, make } from "../../core/pane/dom";
import {
  formatCompact,
  formatCost,
  formatCount,
  formatHours,
  formatSeconds,
  formatUnitCost,
} from "../../core/pane/format";
import { fieldList, MarkStale, outOfDate, staleBanner } from "../../core/pane/staleBanner";
import { renderSummary, ViewSummary } from "../../core/pane/viewSummary";
import { isSettingsRefusal, readSetting, SettingsStore } from "../../core/host/settingsStore";
import type { MountedView, ViewContext } from "../../core/views/paneView";
import type { PaneHost } from "../../core/views/paneHost";
import {
  answerSentence,
  cheaperSentence,
  crossoverSentence,
  exampleTexts,
  monthSentence,
  readTokenForm,
} from "./tokensForm";
import { TokensNeeds, TokensOffers, withPlanTraffic } from "./planTraffic";
import { drawTokensChart } from "./tokensChart";
import { sheetActionBar, ViewActions } from "../../core/pane/viewActions";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";

type Key = keyof TokenPlan;

/** The key the view's state is kept under, in document settings and local storage alike. */
const STATE_KEY = "mlcost.apiOrFleet";
/** How long after the last keystroke the state is kept. */
const SAVE_DELAY_MS = 400;

let form: BuiltForm<Key>;
let markStale: MarkStale;
let store: SettingsStore | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let last: { figures: TokenComparison; plan: TokenPlan } | undefined;
/** the other views' hooks: the plan's traffic */
let needs: TokensNeeds | undefined;
/** the line under the requests a month, which says where the figure is from (the growth's is its hint) */
let requestsLine: HTMLElement;

const money = (currency?: string) => (value: number) => formatCost(value, currency);
/** A cost of 1,000 requests, as the sheets write a cost per 1,000 clips: one request's would show as 0.00. */
const perThousand = (value: number, currency?: string) => formatUnitCost(value * 1000, currency);

/** The typed texts of every field. */
function textsNow(): TokenTexts {
  const texts: TokenTexts = {};
  for (const [key, input] of form.inputs) texts[key] = input.value;
  return texts;
}

/** The summary: both costs a month and the crossover, greyed while a field is invalid. */
function summaryOf(figures: TokenComparison, plan: TokenPlan, stale?: string): ViewSummary {
  const cost = money(plan.currency);
  return {
    figures: [
      { label: "API a month", value: cost(figures.apiMonth) },
      { label: "Your fleet a month", value: cost(figures.fleetMonth.cost) },
      {
        label: "Fleet cheaper above",
        value: isProblem(figures.crossover) ? "no volume" : `${formatCount(figures.crossover)} requests`,
      },
    ],
    sentence: answerSentence(figures, plan.requestsPerMonth, { money: cost, count: formatCount }),
    ...(stale !== undefined && { stale: true, staleText: stale }),
  };
}

/** The table of both ways: a request's cost and seconds, the month's hours and cost. */
function fillTable(figures: TokenComparison, plan: TokenPlan): void {
  const cost = money(plan.currency);
  const month = figures.fleetMonth;
  const rows: [string, string, string][] = [
    [
      "Cost of 1,000 requests",
      perThousand(figures.apiPerRequest, plan.currency),
      perThousand(figures.fleetPerRequest, plan.currency),
    ],
    ["Seconds a request", "—", `${formatSeconds(figures.secondsPerRequest)} s`],
    ["Accelerator-hours a month", "—", `${formatHours(month.paidHours)} h${month.atMinimum ? " (the minimum)" : ""}`],
    ["Cost a month", cost(figures.apiMonth), cost(month.cost)],
  ];
  const table = byId<HTMLTableElement>("tokens-table");
  const head = make("thead");
  const headRow = make("tr");
  for (const heading of ["", "API", "Your fleet"]) headRow.append(make("th", { scope: "col" }, heading));
  head.append(headRow);
  const body = make("tbody");
  for (const [label, api, fleet] of rows) {
    const row = make("tr");
    row.append(make("th", { scope: "row" }, label), make("td", {}, api), make("td", {}, fleet));
    body.append(row);
  }
  table.replaceChildren(head, body);
}

/** Draws the comparison's figures. */
function show(figures: TokenComparison, plan: TokenPlan): void {
  const words = { money: money(plan.currency), count: formatCount };
  byId("tokens-answer").textContent = cheaperSentence(figures, plan.requestsPerMonth, words);
  byId("tokens-crossover").textContent = crossoverSentence(figures, words);
  byId("tokens-month").textContent = monthSentence(figures, plan, words);
  fillTable(figures, plan);
  drawTokensChart(byId<SVGSVGElement>("tokens-chart"), figures, plan.requestsPerMonth, {
    compact: formatCompact,
    money: words.money,
  });
}

/** Marks each field's error beside it; returns the invalid fields' labels. */
function showErrors(errors: TokenTexts): string[] {
  const invalid: string[] = [];
  for (const [key, input] of form.inputs) {
    const message = errors[key];
    form.errors.get(key)!.textContent = message ?? "";
    input.setAttribute("aria-invalid", message ? "true" : "false");
    if (message) invalid.push(TOKEN_FIELDS.find((f) => f.key === key)!.label);
  }
  return invalid;
}

/**
 * Reads every field, a blank traffic and growth from the plan's (each says where its figure is from), marks the
 * invalid ones and redraws (or greys the last figures and names what to fix).
 */
function update(): void {
  const traffic = withPlanTraffic(textsNow(), needs?.planTraffic());
  requestsLine.textContent = traffic.requestsLine;
  form.hints.get("monthlyGrowth")!.textContent = traffic.growthLine;
  const reading = readTokenForm(traffic.texts);
  const invalid = showErrors(reading.errors);
  const figures = reading.plan ? tokenComparison(reading.plan) : undefined;
  const problem = figures && isProblem(figures) ? figures.message : undefined;
  const stale = figures && !isProblem(figures) ? undefined : outOfDate(fieldList(invalid), problem);
  markStale(stale);
  currentPlan = reading.plan && figures && !isProblem(figures) ? reading.plan : undefined;
  actions?.refresh();
  if (reading.plan && figures && !isProblem(figures)) {
    last = { figures, plan: reading.plan };
    show(figures, reading.plan);
    renderSummary(byId("tokens-summary"), summaryOf(figures, reading.plan));
  } else if (last) {
    renderSummary(byId("tokens-summary"), summaryOf(last.figures, last.plan, stale));
  }
}

/** Keeps what is typed a moment after the last keystroke, where the pane runs. */
function scheduleSave(): void {
  if (!store) return;
  const into = store;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    const state = {
      texts: textsNow(),
      apiPreset: byId<HTMLSelectElement>("tokens-api-preset").value,
      acceleratorPreset: byId<HTMLSelectElement>("tokens-accelerator-preset").value,
    };
    void into.write(STATE_KEY, tokenStateJson(state)).then((failure) => {
      if (failure) byId("tokens-kept").textContent = failure;
    });
  }, SAVE_DELAY_MS);
}

/** Sets a field's text and tells the form, as typing would. */
function setText(key: Key, text: string): void {
  form.inputs.get(key)!.value = text;
}

/** One chooser of dated presets: its label, its options and the source line under it. */
function presetChooser(id: string, label: string, options: readonly string[]): HTMLElement {
  const row = make("div", { class: "field preset" });
  const select = make("select", { id, "aria-describedby": `${id}-source` });
  select.append(new Option("Choose a price (optional)…", ""));
  options.forEach((text, i) => select.append(new Option(text, `${i}`)));
  row.append(make("label", { for: id }, label), select, make("p", { id: `${id}-source`, class: "preset-source" }));
  return row;
}

/** What picking a preset does: fill its fields (which stay editable) and say where the prices are from. */
function applyPreset(id: string, fill: (index: number) => string | undefined): void {
  const select = byId<HTMLSelectElement>(id);
  const source = select.value === "" ? undefined : fill(Number(select.value));
  byId(`${id}-source`).textContent = source ? `Source: ${source}. Prices move: check before you rely on it.` : "";
}

/** Fills the API's prices from the chosen preset; a cache or batch price needs its share, which the planner gives. */
function fillApi(index: number): string {
  const preset = API_PRESETS[index];
  setText("inputPricePerMillion", String(preset.inputPricePerMillion));
  setText("outputPricePerMillion", String(preset.outputPricePerMillion));
  setText(
    "cachedInputPricePerMillion",
    preset.cachedInputPricePerMillion === undefined ? "" : String(preset.cachedInputPricePerMillion),
  );
  setText("batchDiscount", preset.batchDiscount === undefined ? "" : String(preset.batchDiscount));
  setText("currency", preset.currency);
  // A listed cache or batch price counts only with its share: none until the planner says how much.
  if (form.inputs.get("cachedInputShare")!.value.trim() === "" && preset.cachedInputPricePerMillion !== undefined)
    setText("cachedInputShare", "0");
  if (form.inputs.get("batchShare")!.value.trim() === "" && preset.batchDiscount !== undefined)
    setText("batchShare", "0");
  return preset.source;
}

/** Fills the accelerator's price from the chosen preset (the annual view's dated prices). */
function fillAccelerator(index: number): string {
  const preset = PRICE_PRESETS[index];
  setText("pricePerHour", String(preset.pricePerHour));
  setText("currency", preset.currency);
  return `${preset.label}; ${preset.source}`;
}

/** The view's frame: heading, summary, presets, form and the comparison. */
function buildFrame(panel: HTMLElement): void {
  const header = make("header");
  header.append(
    make("h1", {}, "API or your own fleet"),
    make(
      "p",
      { class: "intro" },
      "Serving bought by the token from an API, or run on accelerators you rent: which is cheaper at your " +
        "traffic, and from what volume. A request is a clip: its seconds on your fleet come from its tokens.",
    ),
  );
  const presets = make("div", { class: "tokens-presets" });
  presets.append(
    presetChooser(
      "tokens-api-preset",
      "Start from an API's public prices",
      API_PRESETS.map((p) => `${p.label}: ${p.inputPricePerMillion} / ${p.outputPricePerMillion} USD per 1M`),
    ),
    presetChooser(
      "tokens-accelerator-preset",
      "Start from an accelerator's public price",
      PRICE_PRESETS.map((p) => `${p.label}: ${p.pricePerHour} USD`),
    ),
  );
  const preview = make("section", {
    id: "tokens-preview",
    class: "preview",
    "aria-labelledby": "tokens-preview-title",
  });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "tokens-chart";
  svg.setAttribute("role", "img");
  svg.setAttribute("width", "100%");
  const wrap = make("div", {
    class: "table-wrap",
    tabindex: "0",
    role: "region",
    "aria-label": "Both ways, side by side",
  });
  wrap.append(make("table", { id: "tokens-table", "aria-label": "Both ways, side by side" }));
  preview.append(
    make("h2", { id: "tokens-preview-title" }, "A month each way"),
    make("p", { id: "tokens-stale", class: "stale-banner", hidden: "" }),
    make("p", { id: "tokens-answer", class: "crossover" }),
    wrap,
    make("p", { id: "tokens-crossover", class: "sentences" }),
    make("p", { id: "tokens-month", class: "sentences" }),
    svg,
  );
  panel.append(
    header,
    make("div", { id: "tokens-summary", class: "view-summary", "aria-live": "polite" }),
    presets,
    make("form", { id: "tokens-form", novalidate: "", "aria-label": "The API and your fleet" }),
    make("p", { id: "tokens-kept", class: "status", role: "status" }),
    preview,
  );
}

/** Builds the form from the field list, with the texts given (the example, or what was kept). */
function buildForm(texts: TokenTexts): void {
  const element = byId<HTMLFormElement>("tokens-form");
  element.replaceChildren();
  form = buildFieldsForm<Key, TokenField>(
    element,
    TOKEN_FIELDS,
    TOKEN_FIELD_GROUPS,
    (f) => texts[f.key] ?? "",
    "tokens-",
  );
  for (const [key, hint] of form.hints)
    hint.textContent = `Blank = ${TOKEN_FIELDS.find((f) => f.key === key)!.blankMeans}`;
  // The requests a month may be left blank too (the plan's traffic): a line under it says where its figure is from.
  const requests = form.inputs.get("requestsPerMonth")!;
  requestsLine = make("p", { id: "tokens-hint-requestsPerMonth", class: "hint" });
  requests.parentElement!.append(requestsLine);
  requests.setAttribute("aria-describedby", `${requests.getAttribute("aria-describedby")} ${requestsLine.id}`);
}

/** The form as first shown: the worked example, the traffic left blank so that the plan's counts. */
const firstTexts = (): TokenTexts => ({ ...exampleTexts(), requestsPerMonth: "" });

/** The plan the sheet is written from: the form's while it is valid, else none (the buttons are disabled). */
let currentPlan: TokenPlan | undefined;
let actions: ViewActions | undefined;

/** The sheet downloaded as an .xlsx (a browser): ExcelJS loads on this click. */
async function downloadTokens(plan: TokenPlan): Promise<string> {
  const { tokensWorkbookBytes } = await import(/* webpackChunkName: "tokens-xlsx" */ "../sheet/tokensXlsx");
  return downloadStatus(
    await tokensWorkbookBytes(plan),
    "mlcost-api-or-fleet.xlsx",
    "both costs a month, the crossover and a table against volume, live formulas over named inputs and checks.",
  );
}

/** The sheet inserted on a new worksheet (inside Excel), never over one: "API or fleet (2)" beside a first. */
async function insertTokens(plan: TokenPlan): Promise<string> {
  const { insertTokensSheet } = await import(/* webpackChunkName: "tokens-insert" */ "../sheet/insertTokens");
  return insertStatus(await insertTokensSheet(plan), {
    drawn: "the table against volume and the checks",
    skipped: "chart",
  });
}

/** The view's group in the pane's pinned action bar (#actions-tokens). */
const actionBar = (): ViewActions =>
  sheetActionBar({
    id: "tokens",
    sheet: "API-or-fleet sheet",
    insert: () => insertTokens(currentPlan!),
    download: () => downloadTokens(currentPlan!),
    valid: () => currentPlan !== undefined,
  });

/** Where the pane runs is known: read what was kept there, and keep what is typed from now on. */
function useHost(host: PaneHost): void {
  actions?.setMode(host.mode);
  store = host.settings;
  const stored = readSetting(store, STATE_KEY);
  const reading = isSettingsRefusal(stored)
    ? { message: `What you type cannot be kept ${host.keptWhere}: ${stored.refused}` }
    : readTokenState(stored);
  if (reading.state) {
    buildForm({ ...firstTexts(), ...reading.state.texts });
    byId<HTMLSelectElement>("tokens-api-preset").value = reading.state.apiPreset;
    byId<HTMLSelectElement>("tokens-accelerator-preset").value = reading.state.acceleratorPreset;
    update();
  }
  byId("tokens-kept").textContent = reading.message ?? `What you type is kept ${host.keptWhere}.`;
}

/** The API's blended price per 1M tokens of the plan as typed now (the bill's measured one sits beside it). */
function apiPricePerMillion(): { price: number; currency?: string } | undefined {
  const price = currentPlan && blendedPricePerMillion(currentPlan);
  return price === undefined ? undefined : { price, currency: currentPlan!.currency };
}

/** Builds the view in its panel, on the worked example and the plan's traffic. */
export function mount(context: ViewContext<TokensNeeds>): MountedView<TokensOffers> {
  needs = context.needs;
  buildFrame(context.panel);
  buildForm(firstTexts());
  // Shown again after another view's plan changed: the traffic taken from it is read afresh.
  new MutationObserver(() => {
    if (!context.panel.hidden) update();
  }).observe(context.panel, { attributes: true, attributeFilter: ["hidden"] });
  markStale = staleBanner(byId("tokens-preview"), byId("tokens-stale"));
  context.panel.addEventListener("input", () => {
    update();
    scheduleSave();
  });
  byId("tokens-api-preset").addEventListener("change", () => {
    applyPreset("tokens-api-preset", fillApi);
    update();
    scheduleSave();
  });
  byId("tokens-accelerator-preset").addEventListener("change", () => {
    applyPreset("tokens-accelerator-preset", fillAccelerator);
    update();
    scheduleSave();
  });
  context.panel.addEventListener("submit", (event) => event.preventDefault());
  actions = actionBar();
  update();
  return { offers: { apiPricePerMillion }, useHost };
}
