/*
 * The "API or fleet" sheet's figures, one formula a row over the named inputs, each the model's formula
 * (tokens/model, "Serving bought by the token") through the builders the custom functions' twins share
 * (core/excel/formulas.ts): what a request costs each way, both costs a month at the traffic, the crossover (#N/A
 * where there is none, and the sentence why, live), the cheaper way; then both costs against volume. Every formula
 * caches the model's value.
 */
import {
  fleetMonth,
  fleetOf,
  HOURS_PER_MONTH,
  monthsOfGrowth,
  TOKEN_FIELDS,
  TokenComparison,
  TokenPlan,
  TOKENS_PER_PRICE_UNIT,
} from "../model";
import * as excel from "../../core/excel/formulas";
import { isProblem } from "../../core/model/problems";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row } from "../../core/sheet/rows";
import type { LayoutCell } from "../../core/sheet/cell";
import { TOKENS_NAMES, TokensRows } from "./tokensRows";
import { textLiteral } from "../../core/sheet/checks";

/** What the crossover's sentence reads where the fleet's cost a request is not under the API's. */
export const NO_CROSSOVER_WORDS =
  "The API is cheaper at every volume: the fleet's cost a request (above) is not under the API's, so more " +
  "requests never pay for the accelerators always on.";
/** What it reads where there is a crossover. */
export const CROSSOVER_WORDS = "Below the crossover the API is cheaper; above it, your own fleet.";

/** The cheaper way's words, by the model's Cheaper. */
export const CHEAPER_WORDS = { api: "the API", fleet: "your own fleet", equal: "the same either way" } as const;

/** The sheet's name of a field's input, suffixed. */
export function inputName(sheet: TokensRows, key: keyof TokenPlan): string {
  return sheet.named(TOKEN_FIELDS.find((f) => f.key === key)!.definedName);
}

/** Which way is cheaper, from two costs' cells. A call. */
export const cheaperOf = (api: string, fleet: string): string =>
  `IF(${api}<${fleet},${textLiteral(CHEAPER_WORDS.api)},IF(${api}>${fleet},${textLiteral(CHEAPER_WORDS.fleet)},` +
  `${textLiteral(CHEAPER_WORDS.equal)}))`;

/** The fleet's cost a month at `requests`, from the named figures: paid hours (need or minimum) x price. A call. */
export function fleetCostAt(sheet: TokensRows, requests: string): string {
  const needed = `${excel.servingHours(requests, sheet.figure("secondsPerRequest"))}*${inputName(sheet, "peakToMean")}`;
  return `MAX(${needed},${sheet.figure("minimumHours")})*${inputName(sheet, "pricePerHour")}`;
}

/**
 * The rows of a request's cost: the cached share counted, the input price counted and the batch factor (what the
 * model's apiCostPerRequest reads), the API's cost a request, the seconds and the fleet's cost a request.
 */
function addApiRows(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): void {
  const i = (key: keyof TokenPlan) => inputName(sheet, key);
  const cachedShare = plan.cachedInputPricePerMillion === undefined ? 0 : (plan.cachedInputShare ?? 0);
  sheet.heading("What a request costs");
  sheet.labelled(
    "Share of input at the cached price",
    figureCell(
      `IF(${i("cachedInputPricePerMillion")}="",0,IF(${i("cachedInputShare")}="",0,${i("cachedInputShare")}))`,
      cachedShare,
      NUMBER_FORMAT.share,
    ),
    "0 while the cached price is blank",
    { name: TOKENS_NAMES.cachedCounted, key: "cachedCounted" },
  );
  const cc = sheet.figure("cachedCounted");
  const inputPrice =
    (1 - cachedShare) * plan.inputPricePerMillion + cachedShare * (plan.cachedInputPricePerMillion ?? 0);
  sheet.labelled(
    "Input price counted",
    figureCell(`(1-${cc})*${i("inputPricePerMillion")}+${cc}*${i("cachedInputPricePerMillion")}`, inputPrice, money),
    "per 1M input tokens, the cached share at its price",
    { name: TOKENS_NAMES.inputPriceCounted, key: "inputPriceCounted" },
  );
  const factor = 1 - (plan.batchDiscount ?? 0) * (plan.batchShare ?? 0);
  const blankZero = (key: keyof TokenPlan) => `IF(${i(key)}="",0,${i(key)})`;
  sheet.labelled(
    "Paid after the batch discount",
    figureCell(`1-${blankZero("batchDiscount")}*${blankZero("batchShare")}`, factor, NUMBER_FORMAT.share),
    "of the listed price, the discount on the batched share",
    { name: TOKENS_NAMES.batchFactor, key: "batchFactor" },
  );
  const perRequest = excel.apiCost(
    "1",
    i("inputTokens"),
    i("outputTokens"),
    sheet.figure("inputPriceCounted"),
    i("outputPricePerMillion"),
    sheet.figure("tokensPerPriceUnit"),
  );
  sheet.labelled(
    "The API's cost a request",
    figureCell(`${perRequest}*${sheet.figure("batchFactor")}`, c.apiPerRequest, NUMBER_FORMAT.ratio),
    "money a request",
    { name: TOKENS_NAMES.apiPerRequest, key: "apiPerRequest" },
  );
  sheet.labelled(
    "Seconds a request",
    figureCell(
      excel.tokenSeconds(i("inputTokens"), i("outputTokens"), i("inputTokensPerSecond"), i("outputTokensPerSecond")),
      c.secondsPerRequest,
      NUMBER_FORMAT.seconds,
    ),
    "of one accelerator: input / input a second + output / output a second",
    { name: TOKENS_NAMES.secondsPerRequest, key: "secondsPerRequest" },
  );
  sheet.labelled(
    "The fleet's cost a request",
    figureCell(
      excel.fleetCostPerRequest(sheet.figure("secondsPerRequest"), i("peakToMean"), i("pricePerHour")),
      c.fleetPerRequest,
      NUMBER_FORMAT.ratio,
    ),
    "money a request above the minimum: seconds x peak-to-mean x price / 3600",
    { name: TOKENS_NAMES.fleetPerRequest, key: "fleetPerRequest" },
  );
}

/** Both costs a month at the plan's traffic, the fleet's hours, the crossover and its sentence, the cheaper way. */
function addMonthRows(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): void {
  const i = (key: keyof TokenPlan) => inputName(sheet, key);
  const f = (key: keyof typeof TOKENS_NAMES) => sheet.figure(key);
  const requests = i("requestsPerMonth");
  const hours = plan.hoursPerMonth ?? HOURS_PER_MONTH;
  const month = c.fleetMonth;
  const rows: [string, string, number, string, string, keyof typeof TOKENS_NAMES][] = [
    [
      "Hours a month counted",
      `IF(${i("hoursPerMonth")}="",${f("defaultHours")},${i("hoursPerMonth")})`,
      hours,
      NUMBER_FORMAT.hours,
      "h the minimum is paid for",
      "hoursCounted",
    ],
    ["The API's cost a month", `${requests}*${f("apiPerRequest")}`, c.apiMonth, money, "at the traffic", "apiMonth"],
    [
      "Accelerator-hours the traffic needs",
      `${excel.servingHours(requests, f("secondsPerRequest"))}*${i("peakToMean")}`,
      month.neededHours,
      NUMBER_FORMAT.hours,
      "h a month, at peak-to-mean",
      "neededHours",
    ],
    [
      "Accelerator-hours always on",
      `${i("minAccelerators")}*${f("hoursCounted")}`,
      month.minimumHours,
      NUMBER_FORMAT.hours,
      "h a month: accelerators always on x hours",
      "minimumHours",
    ],
    [
      "Accelerator-hours paid",
      `MAX(${f("neededHours")},${f("minimumHours")})`,
      month.paidHours,
      NUMBER_FORMAT.hours,
      "h a month, the larger",
      "paidHours",
    ],
    [
      "The fleet's cost a month",
      `${f("paidHours")}*${i("pricePerHour")}`,
      month.cost,
      money,
      "at the traffic",
      "fleetMonth",
    ],
  ];
  sheet.heading("A month at the traffic");
  for (const [label, formula, cached, format, unit, key] of rows) {
    sheet.labelled(label, figureCell(formula, cached, format), unit, { name: TOKENS_NAMES[key], key });
  }
  addCrossoverRows(sheet, plan, c);
}

/** The crossover (#N/A where there is none), the sentence why, live, and the cheaper way at the traffic. */
function addCrossoverRows(sheet: TokensRows, plan: TokenPlan, c: TokenComparison): void {
  const i = (key: keyof TokenPlan) => inputName(sheet, key);
  const f = (key: keyof typeof TOKENS_NAMES) => sheet.figure(key);
  sheet.heading("Which is cheaper");
  const crossover = excel.apiCrossover(
    i("minAccelerators"),
    i("pricePerHour"),
    f("apiPerRequest"),
    f("secondsPerRequest"),
    i("peakToMean"),
    f("hoursCounted"),
  );
  sheet.labelled(
    "The crossover",
    figureCell(crossover, c.crossover, NUMBER_FORMAT.ratio),
    "requests a month; above it the fleet is cheaper",
    {
      name: TOKENS_NAMES.crossover,
      key: "crossover",
      role: "crossover",
    },
  );
  sheet.labelled(
    "Why",
    figureCell(
      `IF(${f("fleetPerRequest")}>=${f("apiPerRequest")},${textLiteral(NO_CROSSOVER_WORDS)},` +
        `${textLiteral(CROSSOVER_WORDS)})`,
      isProblem(c.crossover) ? NO_CROSSOVER_WORDS : CROSSOVER_WORDS,
      NUMBER_FORMAT.text,
    ),
    "",
    { key: "crossoverWords" },
  );
  sheet.labelled(
    "Cheaper at the traffic",
    figureCell(cheaperOf(f("apiMonth"), f("fleetMonth")), CHEAPER_WORDS[c.cheaper], NUMBER_FORMAT.text),
    "",
    { key: "cheaper" },
  );
  const requests = i("requestsPerMonth");
  const growth = i("monthlyGrowth");
  sheet.labelled(
    "Whole months of growth to the crossover",
    figureCell(
      `IF(OR(${growth}="",${growth}<=0,${requests}<=0),NA(),` +
        `INT(LN(${f("crossover")}/${requests})/LN(1+${growth})))`,
      monthsOfGrowth(plan.requestsPerMonth, plan.monthlyGrowth, c.crossover),
      NUMBER_FORMAT.clips,
    ),
    "INT(LN(crossover / traffic) / LN(1 + growth)); #N/A: no growth, or none given",
    { name: TOKENS_NAMES.growthMonths, key: "growthMonths" },
  );
  sheet.labelled(
    "The month the fleet becomes cheaper",
    figureCell(`IF(${requests}>${f("crossover")},1,${f("growthMonths")}+1+1)`, c.cheaperMonth, NUMBER_FORMAT.clips),
    "month 1 the traffic above; 1 past the months of growth; #N/A: none",
    { name: TOKENS_NAMES.cheaperMonth, key: "cheaperMonth" },
  );
}

/** The traffic in month `month` (a cell or name), month 1 the plan's, growing by the traffic growth. A call. */
export function trafficInMonth(sheet: TokensRows, month: string): string {
  return `${inputName(sheet, "requestsPerMonth")}*(1+${inputName(sheet, "monthlyGrowth")})^(${month}-1)`;
}

/** Rows of the table of both costs against volume: 0 to the table's last volume in even steps. */
export const TABLE_STEPS = 8;
/** The table runs to this many times the larger of the traffic and the crossover, as the pane's chart does. */
const TABLE_REACH = 2;

/** The table's constants, labelled cells, so its formulas hold none but 0 and 1. */
function addTableConstants(sheet: TokensRows): void {
  const constant = (value: number, numberFormat: string): LayoutCell => ({ value, numberFormat, role: "derived" });
  sheet.labelled(
    "The table's reach",
    constant(TABLE_REACH, NUMBER_FORMAT.factor),
    "times the larger of the traffic and the crossover",
    { name: TOKENS_NAMES.tableReach, key: "tableReach" },
  );
  sheet.labelled(
    "The table's reach at no traffic",
    constant(TOKENS_PER_PRICE_UNIT / TABLE_REACH, NUMBER_FORMAT.clips),
    "requests a month, where the traffic and the crossover are both 0",
    { name: TOKENS_NAMES.tableAtNoTraffic, key: "tableAtNoTraffic" },
  );
  sheet.labelled("The table's steps", constant(TABLE_STEPS, "0"), "rows after the first, evenly spaced", {
    name: TOKENS_NAMES.tableSteps,
    key: "tableSteps",
  });
}

/**
 * The table of both costs against volume: its last volume (twice the larger of the traffic and the crossover, as
 * the pane's chart draws; 1M where both are 0), then a row a volume, the API's cost, the fleet's and the cheaper.
 */
function addVolumeTable(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): void {
  const requests = inputName(sheet, "requestsPerMonth");
  const largest = `MAX(${requests},IFERROR(${sheet.figure("crossover")},0))`;
  const top = c.curve[c.curve.length - 1]?.requests ?? 0;
  sheet.heading("Both costs against volume");
  addTableConstants(sheet);
  sheet.labelled(
    "The table's last volume",
    figureCell(
      `${sheet.figure("tableReach")}*IF(${largest}>0,${largest},${sheet.figure("tableAtNoTraffic")})`,
      top,
      NUMBER_FORMAT.clips,
    ),
    "requests a month: the reach x the larger of the traffic and the crossover",
    { name: TOKENS_NAMES.tableTop, key: "tableTop" },
  );
  sheet.push(
    [
      { value: "Requests a month", role: "header" },
      { value: "The API", role: "header", align: "right" },
      { value: "Your own fleet", role: "header", align: "right" },
      { value: "Cheaper", role: "header" },
    ],
    "tableHeader",
  );
  const fleet = fleetOf(plan, c.secondsPerRequest);
  let volume = 0;
  for (let k = 0; k <= TABLE_STEPS; k++) {
    const r = sheet.nextRow;
    // Each row the one above and a step, as its formula adds them (so the cached value is the sum's, bit for bit).
    if (k > 0) volume += top / TABLE_STEPS;
    const month = fleetMonth(volume, fleet);
    const fleetCost = isProblem(month) ? month : month.cost;
    const apiCostThere = volume * c.apiPerRequest;
    const cheaper = isProblem(fleetCost)
      ? "equal"
      : apiCostThere < fleetCost
        ? "api"
        : apiCostThere > fleetCost
          ? "fleet"
          : "equal";
    const row: Row = [
      k === 0
        ? { value: 0, numberFormat: NUMBER_FORMAT.clips, role: "derived" }
        : figureCell(
            `A${r - 1}+${sheet.figure("tableTop")}/${sheet.figure("tableSteps")}`,
            volume,
            NUMBER_FORMAT.clips,
          ),
      figureCell(`A${r}*${sheet.figure("apiPerRequest")}`, apiCostThere, money),
      figureCell(fleetCostAt(sheet, `A${r}`), fleetCost, money),
      figureCell(cheaperOf(`B${r}`, `C${r}`), CHEAPER_WORDS[cheaper], NUMBER_FORMAT.text),
    ];
    sheet.push(row, k === 0 ? "tableFirst" : k === TABLE_STEPS ? "tableLast" : undefined);
  }
}

/** Every figure of the sheet, in the order a reviewer reads them. */
export function addTokenFigures(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): void {
  addApiRows(sheet, plan, c, money);
  addMonthRows(sheet, plan, c, money);
  addVolumeTable(sheet, plan, c, money);
}
