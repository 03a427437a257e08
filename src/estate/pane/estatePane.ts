/*
 * The Estate view: several models on the plan's one traffic, each in a card of its own (add, remove, rename,
 * duplicate), and live from the model on every valid keystroke: each model's and the estate's training and serving
 * hours and money, their shares of the estate, each model's crossover, which half dominates, a chart of the split by
 * model and half, and the levers ranked across the estate (by money when priced, the hours' rank beside it). It
 * opens on the worked example's three models; "Start from the annual view's plan" makes today's plan a one-model
 * estate. While a field is invalid the figures stay, marked out of date.
 */
import {
  CADENCE_UNITS,
  CadenceUnit,
  ESTATE_FIELDS,
  ESTATE_FIELD_GROUPS,
  EXAMPLE_ESTATE,
  EstateField,
  EstateFigures,
  EstateModel,
  EstatePlan,
  MAX_ESTATE_MODELS,
  TRAFFIC_FIELDS,
  estateOfAnnualPlan,
} from "../model";
import type { AnnualPlan } from "../../annual/model";
import { EXAMPLE_ANNUAL_PLAN } from "../../annual/model";
import { isProblem, Problem } from "../../core/model/problems";
import { dominanceText, Dominance } from "../../core/model/dominance";
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { byId, make } from "../../core/pane/dom";
import { formatCost, formatCount, formatHours, formatShare } from "../../core/pane/format";
import { fieldList, MarkStale, outOfDate, staleBanner } from "../../core/pane/staleBanner";
import { renderSummary } from "../../core/pane/viewSummary";
import type { MountedView, ViewContext } from "../../core/views/paneView";
import { sheetActionBar, ViewActions } from "../../core/pane/viewActions";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import {
  copyName,
  modelTextsOf,
  ModelTexts,
  newModelName,
  readEstate,
  TrafficTexts,
  trafficTextsOf,
} from "./estateForm";
import { estateSummary, leverName, leverSaved, rankingSentence } from "./estateSummary";
import { drawEstateChart } from "./estateChart";
import { estateLedgerLine, leverLedgerText, modelLedgerLines, oneLedgerNote } from "./estateLedgerWords";

/** What the view needs of the others: the annual view's plan as typed now (undefined while a field is invalid). */
export interface EstateNeeds {
  annualPlan: () => { opened: false } | { opened: true; plan: AnnualPlan | undefined };
}

/** What the view offers the others: its plan as typed now (the Budget view's model list), undefined while invalid. */
export interface EstateOffers {
  plan(): EstatePlan | undefined;
}

type ModelKey = keyof EstateModel;
type TrafficKey = keyof TrafficTexts;

/** A model's card as built: its id, its form's elements and its cadence's unit. */
interface Card {
  uid: number;
  built: BuiltForm<ModelKey>;
  unit: HTMLSelectElement;
}

let cards: Card[] = [];
let traffic: BuiltForm<TrafficKey>;
let nextUid = 1;
let markStale: MarkStale;
let lastFigures: { figures: EstateFigures; currency?: string } | undefined;
let actions: ViewActions;
/** The plan the figures show now; undefined while a field is invalid (Insert and Download are off then). */
let currentPlan: EstatePlan | undefined;

const figure = (x: number | Problem | undefined, format: (n: number) => string) =>
  x === undefined || isProblem(x) ? "—" : format(x);
const share = (x: number | Problem | undefined) => figure(x, formatShare);
const dominance = (d: Dominance | Problem | undefined) => {
  const text = d === undefined ? "—" : dominanceText(d);
  return typeof text === "string" ? text : "—";
};

/**
 * A table of `rows` under `headings`, each row's first cell its heading; a cell's "\n" breaks its line. Each cell
 * carries its column's heading (data-label), which a narrow pane shows beside it when estate.css stacks the rows;
 * the explicit roles keep it a table to a screen reader once CSS lays it out as blocks (browsers drop a table's
 * semantics when its display changes: https://adrianroselli.com/2018/02/tables-css-display-properties-and-aria.html).
 */
function fillTable(table: HTMLTableElement, headings: readonly string[], rows: readonly string[][]): void {
  table.setAttribute("role", "table");
  const head = make("thead", { role: "rowgroup" });
  const headRow = make("tr", { role: "row" });
  headings.forEach((h) => headRow.append(make("th", { scope: "col", role: "columnheader" }, h)));
  head.append(headRow);
  const body = make("tbody", { role: "rowgroup" });
  for (const [first, ...rest] of rows) {
    const row = make("tr", { role: "row" });
    const cells = rest.map((text, i) => make("td", { role: "cell", "data-label": headings[i + 1] ?? "" }, text));
    row.append(make("th", { scope: "row", role: "rowheader" }, first), ...cells);
    body.append(row);
  }
  table.replaceChildren(head, body);
}

/** The typed texts of a card. */
function cardTexts(card: Card): ModelTexts {
  const texts: ModelTexts["texts"] = {};
  for (const [key, input] of card.built.inputs) texts[key] = input.value;
  return { texts, cadenceUnit: card.unit.value as CadenceUnit };
}

/** The cadence's unit, chosen beside the cadence: runs a year, or days or months between retrains. */
function cadenceUnitSelect(uid: number, built: BuiltForm<ModelKey>, unit: CadenceUnit): HTMLSelectElement {
  const select = make("select", { id: `estate-${uid}-cadence-unit`, "aria-label": "Cadence's unit" });
  for (const choice of CADENCE_UNITS) select.append(new Option(choice.words, choice.unit, false, choice.unit === unit));
  built.inputs.get("cadence")!.after(select);
  return select;
}

/** Builds one model's card into `list`: its heading, its buttons and its fields. */
function buildCard(list: HTMLElement, texts: ModelTexts, index: number, count: number): Card {
  const uid = nextUid++;
  const card = make("section", { class: "model-card", "aria-labelledby": `estate-${uid}-title` });
  const title = make("h2", { id: `estate-${uid}-title` }, `Model ${index + 1}: ${texts.texts.name ?? ""}`);
  const duplicate = make("button", { type: "button", class: "secondary", "data-action": "duplicate" }, "Duplicate");
  const remove = make("button", { type: "button", class: "secondary", "data-action": "remove" }, "Remove");
  duplicate.toggleAttribute("disabled", count >= MAX_ESTATE_MODELS);
  remove.toggleAttribute("disabled", count <= 1);
  duplicate.setAttribute("aria-label", `Duplicate model ${index + 1}`);
  remove.setAttribute("aria-label", `Remove model ${index + 1}`);
  const form = make("form", { novalidate: "", "aria-label": `Model ${index + 1}` });
  const built = buildFieldsForm<ModelKey, EstateField>(
    form,
    ESTATE_FIELDS,
    ESTATE_FIELD_GROUPS,
    (field) => texts.texts[field.key] ?? "",
    `estate-${uid}-`,
  );
  for (const [key, hint] of built.hints)
    hint.textContent = `Blank = ${ESTATE_FIELDS.find((f) => f.key === key)!.blankMeans}`;
  const unit = cadenceUnitSelect(uid, built, texts.cadenceUnit);
  // Both ledgers' figures for this model, under its fields; empty (hidden) while its ledger is blank.
  const ledger = make("div", { class: "model-ledger sentences", id: `estate-${uid}-ledger`, hidden: "" });
  card.append(make("div", { class: "card-head" }), form, ledger);
  card.firstElementChild!.append(title, duplicate, remove);
  list.append(card);
  built.refreshFolds();
  return { uid, built, unit };
}

/** Rebuilds every card from `models` (after an add, a removal, a copy or a fresh start). */
function buildCards(models: readonly ModelTexts[]): void {
  const list = byId("estate-models");
  list.replaceChildren();
  cards = models.map((texts, i) => buildCard(list, texts, i, models.length));
  byId<HTMLButtonElement>("estate-add").disabled = models.length >= MAX_ESTATE_MODELS;
}

/** The models' names as typed now. */
const namesNow = () => cards.map((card) => card.built.inputs.get("name")!.value.trim());

/** A card's button pressed: copy the model after it, or remove it. */
function onCardAction(event: Event): void {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
  if (!button) return;
  const index = cards.findIndex((card) => byId(`estate-${card.uid}-title`).closest(".model-card")!.contains(button));
  const models = cards.map(cardTexts);
  if (button.dataset.action === "remove" && models.length > 1) models.splice(index, 1);
  if (button.dataset.action === "duplicate" && models.length < MAX_ESTATE_MODELS) {
    const copy = { texts: { ...models[index].texts }, cadenceUnit: models[index].cadenceUnit };
    copy.texts.name = copyName(copy.texts.name ?? "", namesNow());
    models.splice(index + 1, 0, copy);
  }
  buildCards(models);
  update();
  byId(
    `estate-${cards[Math.min(index + (button.dataset.action === "duplicate" ? 1 : 0), cards.length - 1)].uid}-title`,
  ).focus?.();
}

/** Adds a model like the last one, named anew. */
function addModel(): void {
  const models = cards.map(cardTexts);
  const last = models[models.length - 1];
  models.push({ texts: { ...last.texts, name: newModelName(namesNow()) }, cadenceUnit: last.cadenceUnit });
  buildCards(models);
  update();
}

/** Today's plan, the annual view's inputs, as a one-model estate on its traffic. */
function startFromAnnual(needs: EstateNeeds): void {
  const found = needs.annualPlan();
  const status = byId("estate-list-status");
  if (found.opened && !found.plan) {
    status.textContent = "The annual view has a field to fix first; the estate is unchanged.";
    return;
  }
  const plan = found.opened ? found.plan! : EXAMPLE_ANNUAL_PLAN;
  const estate = estateOfAnnualPlan(plan);
  for (const field of TRAFFIC_FIELDS) traffic.inputs.get(field.key)!.value = trafficTextsOf(estate)[field.key] ?? "";
  buildCards(estate.models.map(modelTextsOf));
  traffic.refreshFolds();
  status.textContent = found.opened
    ? "Today's plan (the annual view's inputs) is now a one-model estate; add models beside it."
    : "The annual view has not been opened: its defaults (the worked example) are now a one-model estate.";
  update();
}

/** Shows each field's error beside it, and the traffic's. */
function showErrors(reading: ReturnType<typeof readEstate>): string[] {
  const invalid: string[] = [];
  const mark = (input: HTMLInputElement, error: HTMLElement, message: string | undefined, label: string) => {
    error.textContent = message ?? "";
    input.setAttribute("aria-invalid", message ? "true" : "false");
    if (message) invalid.push(label);
  };
  for (const [key, input] of traffic.inputs) {
    mark(input, traffic.errors.get(key)!, reading.trafficErrors[key], TRAFFIC_FIELDS.find((f) => f.key === key)!.label);
  }
  cards.forEach((card, i) => {
    for (const [key, input] of card.built.inputs) {
      const label = `${ESTATE_FIELDS.find((f) => f.key === key)!.label} (model ${i + 1})`;
      mark(input, card.built.errors.get(key)!, reading.modelErrors[i]?.[key], label);
    }
    card.built.refreshFolds();
    byId(`estate-${card.uid}-title`).textContent = `Model ${i + 1}: ${card.built.inputs.get("name")!.value}`;
  });
  return invalid;
}

/** Draws the estate's figures: the answer, the table by model, the crossovers, the chart and the levers. */
function showEstate(figures: EstateFigures, currency: string | undefined): void {
  const { year, levers } = figures;
  const money = (x: number | Problem | undefined) => figure(x, (n) => formatCost(n, currency));
  const withMoney = (hours: string, cost: number | Problem | undefined) =>
    year.priced ? `${hours}\n${money(cost)}` : hours;
  byId("estate-answer").textContent =
    `Training is ${share(year.parts.training.hoursShare)} of the estate's accelerator-hours` +
    (year.priced ? ` but ${share(year.parts.training.costShare)} of its money` : "") +
    `: no change to training can save more. Serving leads: ${dominance(year.dominanceHours)} in hours` +
    (year.priced ? `, ${dominance(year.dominanceMoney)} in money.` : ".") +
    (year.priced
      ? ""
      : ` Hours only: ${year.unpriced.join(", ")} ${year.unpriced.length > 1 ? "have" : "has"} no price.`);
  const rows = [...year.models.map((m) => ({ name: m.name, f: m })), { name: "Estate", f: year }].map(({ name, f }) => [
    name,
    withMoney(`${formatHours(f.parts.training.hours)} h`, f.parts.training.cost),
    withMoney(
      `${formatHours(f.parts.serving.hours + f.parts.rescans.hours)} h`,
      sumCost(f.parts.serving.cost, f.parts.rescans.cost),
    ),
    year.priced ? `${share(f.total.hoursShare)}\n${share(f.total.costShare)}` : share(f.total.hoursShare),
  ]);
  const shareHeading = year.priced ? "Share: hours, money" : "Share of hours";
  fillTable(byId("estate-table"), ["Model", "Training a year", "Serving a year", shareHeading], rows);
  fillTable(
    byId("estate-crossovers"),
    ["Model", "Crossover", "Now", "Dominant half"],
    year.models.map((m) => [
      m.name,
      figure(m.crossoverClips, formatCount),
      figure(m.clipsPerInterval, formatCount),
      dominance(m.dominance),
    ]),
  );
  drawEstateChart(byId<SVGSVGElement>("estate-chart"), year, formatShare);
  byId("estate-ranking").textContent = rankingSentence(figures);
  const rankHeading = levers.rankedBy === "money" ? "Rank: money, hours" : "Rank";
  fillTable(
    byId("estate-levers"),
    ["Lever", rankHeading, "Saves a year", "Of the estate, ceiling"],
    levers.rows.map((row) => [
      leverName(row),
      levers.rankedBy === "money" ? `${row.costRank}\n${row.hoursRank} in hours` : `${row.hoursRank}`,
      [
        year.priced ? `${leverSaved(row, currency)}\n${figure(row.hoursSaved, formatHours)} h` : leverSaved(row),
        leverLedgerText(row, (n) => formatCost(n, currency)),
      ]
        .filter((line) => line !== undefined)
        .join("\n"),
      year.priced
        ? `${share(row.costShare)} of money (${share(row.costCeiling)})\n` +
          `${share(row.hoursShare)} of hours (${share(row.hoursCeiling)})`
        : `${share(row.hoursShare)} (${share(row.hoursCeiling)})`,
    ]),
  );
  byId("estate-levers").hidden = levers.rows.length === 0;
  showLedgers(figures, currency);
}

/** Both ledgers: each card's lines, the estate's staleness beside its compute, the cadence levers' one-ledger note. */
function showLedgers(figures: EstateFigures | undefined, currency: string | undefined): void {
  const money = (n: number) => formatCost(n, currency);
  cards.forEach((card, i) => {
    const element = byId(`estate-${card.uid}-ledger`);
    const lines = figures ? modelLedgerLines(figures.ledgers?.models[i], money) : [];
    element.replaceChildren(...lines.map((line) => make("p", {}, line)));
    element.hidden = lines.length === 0;
  });
  const texts = figures ? [estateLedgerLine(figures, money), oneLedgerNote(figures)] : [undefined, undefined];
  ["estate-ledger", "estate-ledger-note"].forEach((id, k) => {
    byId(id).textContent = texts[k] ?? "";
    byId(id).hidden = texts[k] === undefined;
  });
}

/** Serving and re-scans' money together, as the table's serving column shows their hours. */
function sumCost(a: number | Problem | undefined, b: number | Problem | undefined): number | Problem | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (isProblem(a)) return a;
  return isProblem(b) ? b : a + b;
}

/** Reads every field, marks the invalid ones and redraws the figures (or marks them out of date). */
function update(): void {
  const trafficTexts: TrafficTexts = {};
  for (const [key, input] of traffic.inputs) trafficTexts[key] = input.value;
  const reading = readEstate(trafficTexts, cards.map(cardTexts));
  const invalid = showErrors(reading);
  markStale(reading.figures ? undefined : outOfDate(fieldList(invalid), reading.planError));
  const summary = byId("estate-summary");
  if (reading.figures) {
    const currency = reading.plan?.currency;
    showEstate(reading.figures, currency);
    lastFigures = { figures: reading.figures, ...(currency !== undefined && { currency }) };
    renderSummary(summary, estateSummary(reading.figures, currency));
  } else {
    // A card's ledger lines are outside the preview's out-of-date banner: cleared rather than left stale.
    showLedgers(undefined, undefined);
    if (lastFigures) renderSummary(summary, estateSummary(lastFigures.figures, lastFigures.currency, true));
  }
  currentPlan = reading.figures ? reading.plan : undefined;
  actions?.refresh();
}

/** The estate sheet downloaded as an .xlsx (a browser): ExcelJS loads on this click. */
async function downloadEstate(plan: EstatePlan): Promise<string> {
  const { estateWorkbookBytes } = await import(/* webpackChunkName: "estate-xlsx" */ "../sheet/estateXlsx");
  return downloadStatus(
    await estateWorkbookBytes(plan),
    "mlcost-estate.xlsx",
    "a model a column, live formulas over named inputs, the levers ranked and the checks, readable without the add-in.",
  );
}

/** The estate sheet inserted on a new worksheet (inside Excel). */
async function insertEstate(plan: EstatePlan): Promise<string> {
  const { insertEstateSheet } = await import(/* webpackChunkName: "estate-insert" */ "../sheet/insertEstate");
  return insertStatus(await insertEstateSheet(plan), { drawn: "the levers ranked and the checks", skipped: "chart" });
}

/** The view's group in the pane's pinned action bar (#actions-estate). */
const actionBar = (): ViewActions =>
  sheetActionBar({
    id: "estate",
    sheet: "estate sheet",
    insert: () => insertEstate(currentPlan!),
    download: () => downloadEstate(currentPlan!),
    valid: () => currentPlan !== undefined,
  });

/** The view's frame: its heading, summary, the plan's form, the models' list and the figures' section. */
function buildFrame(panel: HTMLElement): void {
  const header = make("header");
  header.append(
    make("h1", {}, "The estate: several models on one plan"),
    make(
      "p",
      { class: "intro" },
      "A service runs several models on the same clips: each with its own run, cadence, seconds per clip, share " +
        "of the clips it scores and prices. Shares and ceilings here are of the whole estate, in hours and money.",
    ),
  );
  const preview = make("section", {
    id: "estate-preview",
    class: "preview",
    "aria-labelledby": "estate-preview-title",
  });
  preview.append(
    make("h2", { id: "estate-preview-title" }, "The estate's year"),
    make("p", { id: "estate-stale", class: "stale-banner", hidden: "" }),
    make("p", { id: "estate-answer", class: "crossover" }),
    wrapped(
      make("table", {
        id: "estate-table",
        class: "estate-stacked",
        "aria-label": "Each model's year and its share of the estate",
      }),
    ),
    make("p", { id: "estate-ledger", class: "sentences", hidden: "" }),
    make("h3", { class: "subheading" }, "Each model's crossover (clips of the plan a retrain interval)"),
    wrapped(
      make("table", { id: "estate-crossovers", class: "estate-stacked", "aria-label": "Each model's crossover" }),
    ),
    document.createElementNS("http://www.w3.org/2000/svg", "svg"),
    make("h3", { class: "subheading" }, "Levers ranked across the estate"),
    make("p", { id: "estate-ranking", class: "sentences" }),
    wrapped(
      make("table", { id: "estate-levers", class: "estate-stacked", "aria-label": "Levers ranked across the estate" }),
    ),
    make("p", { id: "estate-ledger-note", class: "sentences", hidden: "" }),
  );
  const svg = preview.querySelector("svg")!;
  svg.id = "estate-chart";
  svg.setAttribute("role", "img");
  svg.setAttribute("width", "100%");
  const actions = make("div", { class: "estate-list-actions" });
  actions.append(
    make("button", { type: "button", id: "estate-add", class: "secondary" }, "Add a model"),
    make(
      "button",
      { type: "button", id: "estate-from-annual", class: "secondary" },
      "Start from the annual view's plan",
    ),
  );
  panel.append(
    header,
    make("div", { id: "estate-summary", class: "view-summary", "aria-live": "polite" }),
    make("form", { id: "estate-traffic", novalidate: "", "aria-label": "The plan's traffic" }),
    make("div", { id: "estate-models" }),
    actions,
    make("p", { id: "estate-list-status", class: "status", role: "status" }),
    preview,
  );
}

/** A table in a wrap that scrolls sideways should a cell not fit: a named region a keyboard can reach (axe's rule). */
const wrapped = (table: HTMLElement) => {
  const label = table.getAttribute("aria-label") ?? "";
  const wrap = make("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": label });
  wrap.append(table);
  return wrap;
};

/** Builds the Estate view in its panel, on the worked example's three models. */
export function mount(context: ViewContext<EstateNeeds>): MountedView<EstateOffers> {
  buildFrame(context.panel);
  const plan = EXAMPLE_ESTATE;
  const groups = [
    { group: "serving", heading: "The plan's traffic (every model scores from it)" },
    { group: "money", heading: "Currency of every price" },
  ];
  const texts = trafficTextsOf(plan);
  traffic = buildFieldsForm(
    byId<HTMLFormElement>("estate-traffic"),
    TRAFFIC_FIELDS,
    groups,
    (f) => texts[f.key] ?? "",
    "estate-",
  );
  markStale = staleBanner(byId("estate-preview"), byId("estate-stale"));
  buildCards(plan.models.map(modelTextsOf));
  context.panel.addEventListener("input", update);
  context.panel.addEventListener("change", (event) => {
    if ((event.target as HTMLElement).tagName === "SELECT") update();
  });
  context.panel.addEventListener("submit", (event) => event.preventDefault());
  byId("estate-models").addEventListener("click", onCardAction);
  byId("estate-add").addEventListener("click", addModel);
  byId("estate-from-annual").addEventListener("click", () => startFromAnnual(context.needs));
  actions = actionBar();
  update();
  return { offers: { plan: () => currentPlan }, useHost: (host) => actions.setMode(host.mode) };
}
