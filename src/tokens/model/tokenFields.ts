/*
 * The "API or own fleet" comparison's inputs, declared once as data (docs/cost-model.md, "Serving bought by the
 * token"): the API's prices, the tokens a request, the fleet's throughput and what it costs, and the traffic. The
 * model's check, the pane's form and the sheet's inputs block all read this list.
 *
 * Choices, and why:
 * - Prices are per 1M tokens, as every API quotes them; a cached input price counts only with the share of input
 *   tokens served from the cache (blank: none), and a batch discount only with the share of requests sent as
 *   batches (blank: none), so a blank never stands for a price of 0.
 * - Throughput is per accelerator, at the batch size run; peak-to-mean is the fleet held for the peak over the
 *   mean, as in every other view; the accelerators always on are the fleet's floor, paid whether used or not.
 * - Traffic is requests a month (a month of 720 hours, the budget's 30 days, unless hours a month is typed).
 */
import { checkFactor, checkFraction, checkNonNegative } from "../../core/model/checks";
import { checkFields, KeyedProblem } from "../../core/model/fieldChecks";
import { FieldGroupHeading, FieldSpec } from "../../core/model/fields";
import { Problem, problem } from "../../core/model/problems";
import { HOURS_PER_MONTH } from "./tokenServing";
import { REQUEST_TOKEN_FIELDS, RequestTokens } from "./requestSeconds";

/** What a planner states to weigh the API against the fleet. Optional fields may be blank (undefined). */
export interface TokenPlan extends RequestTokens {
  /** the API's price per 1M input tokens */
  inputPricePerMillion: number;
  /** the API's price per 1M cached input tokens; blank: no cache */
  cachedInputPricePerMillion?: number;
  /** the share of input tokens read from the API's cache, 0 to 1; blank: none */
  cachedInputShare?: number;
  /** the API's price per 1M output tokens */
  outputPricePerMillion: number;
  /** the batch discount, a fraction off (0.5 = half price); blank: none */
  batchDiscount?: number;
  /** the share of requests sent as batches, 0 to 1; blank: none */
  batchShare?: number;
  /** the fleet held for the peak over the mean; 1 = none */
  peakToMean: number;
  /** accelerators always on, paid whether used or not */
  minAccelerators: number;
  /** the price of one accelerator an hour */
  pricePerHour: number;
  /** hours in the month the minimum is paid for; blank: 720 */
  hoursPerMonth?: number;
  /** requests a month at the plan's traffic */
  requestsPerMonth: number;
  /** the traffic's growth, a share a month (0.05 = 5%), as the budget's; blank: none given */
  monthlyGrowth?: number;
  /** the currency of every price; blank: none said */
  currency?: string;
}

/** The growth's check: above -100% a month (no month loses all its traffic), as the budget's. */
export function checkGrowth(value: number, label: string): Problem | undefined {
  if (value > -1 && value !== Infinity) return undefined;
  if (Number.isNaN(value)) return problem("invalidValue", `${label} must be a number.`);
  return problem("invalidNumber", `${label} must be above -1 (-100% a month) and finite; got ${value}.`);
}

/** What kind of quantity a token field holds. */
export type TokenQuantity =
  | "tokens"
  | "tokensPerSecond"
  | "pricePerMillion"
  | "fraction"
  | "factor"
  | "count"
  | "price"
  | "hours"
  | "requests"
  | "growth"
  | "text";

/** Where a field sits in the form and the sheet's inputs block, in order. */
export type TokenGroup = "requests" | "api" | "fleet" | "traffic";

/** The groups' headings, in order. */
export const TOKEN_FIELD_GROUPS: readonly FieldGroupHeading<TokenGroup>[] = [
  { group: "requests", heading: "A request" },
  { group: "api", heading: "The API's prices", note: "Per 1M tokens, as the API quotes them." },
  { group: "fleet", heading: "Your own fleet", note: "Throughput per accelerator, at the batch size you run." },
  { group: "traffic", heading: "Traffic" },
];

/** One field of the comparison. */
export type TokenField = FieldSpec<keyof TokenPlan, TokenGroup, TokenQuantity>;

const field = (spec: TokenField): TokenField => spec;

/** A request's four fields, declared with its seconds (requestSeconds.ts), which the views that borrow them load. */
const [INPUT_TOKENS, OUTPUT_TOKENS, INPUT_PER_SECOND, OUTPUT_PER_SECOND] = REQUEST_TOKEN_FIELDS;

/** Every field, in the order the form and the sheet show them. */
export const TOKEN_FIELDS: readonly TokenField[] = [
  INPUT_TOKENS,
  OUTPUT_TOKENS,
  field({
    key: "inputPricePerMillion",
    label: "Input price",
    unit: "money per 1M tokens",
    quantity: "pricePerMillion",
    group: "api",
    check: checkNonNegative,
    definedName: "TokInputPrice",
    shortLabel: "input",
  }),
  field({
    key: "cachedInputPricePerMillion",
    label: "Cached input price",
    unit: "money per 1M tokens",
    quantity: "pricePerMillion",
    group: "api",
    check: checkNonNegative,
    definedName: "TokCachedInputPrice",
    shortLabel: "cached input",
    blankMeans: "no cache",
  }),
  field({
    key: "cachedInputShare",
    label: "Share of input cached",
    unit: "a fraction of input tokens (0.4 = 40%)",
    quantity: "fraction",
    group: "api",
    check: checkFraction,
    definedName: "TokCachedShare",
    shortLabel: "cached share",
    blankMeans: "none",
  }),
  field({
    key: "outputPricePerMillion",
    label: "Output price",
    unit: "money per 1M tokens",
    quantity: "pricePerMillion",
    group: "api",
    check: checkNonNegative,
    definedName: "TokOutputPrice",
    shortLabel: "output",
  }),
  field({
    key: "batchDiscount",
    label: "Batch discount",
    unit: "a fraction off (0.5 = half price)",
    quantity: "fraction",
    group: "api",
    check: checkFraction,
    definedName: "TokBatchDiscount",
    shortLabel: "batch discount",
    blankMeans: "none",
  }),
  field({
    key: "batchShare",
    label: "Share of requests batched",
    unit: "a fraction of requests",
    quantity: "fraction",
    group: "api",
    check: checkFraction,
    definedName: "TokBatchShare",
    shortLabel: "batched",
    blankMeans: "none",
  }),
  INPUT_PER_SECOND,
  OUTPUT_PER_SECOND,
  field({
    key: "peakToMean",
    label: "Peak-to-mean",
    unit: "fleet held over work done, 1 or more",
    quantity: "factor",
    group: "fleet",
    check: checkFactor,
    definedName: "TokPeakToMean",
  }),
  field({
    key: "minAccelerators",
    label: "Accelerators always on",
    unit: "accelerators, paid whether used or not",
    quantity: "count",
    group: "fleet",
    check: checkNonNegative,
    definedName: "TokMinAccelerators",
  }),
  field({
    key: "pricePerHour",
    label: "Price an accelerator-hour",
    unit: "money an hour",
    quantity: "price",
    group: "fleet",
    check: checkNonNegative,
    definedName: "TokPricePerHour",
  }),
  field({
    key: "hoursPerMonth",
    label: "Hours a month",
    unit: "hours the minimum is paid",
    quantity: "hours",
    group: "fleet",
    check: checkNonNegative,
    definedName: "TokHoursPerMonth",
    blankMeans: `${HOURS_PER_MONTH} (30 days)`,
  }),
  field({
    key: "requestsPerMonth",
    label: "Requests a month",
    unit: "requests, at the plan's traffic",
    quantity: "requests",
    group: "traffic",
    check: checkNonNegative,
    definedName: "TokRequestsPerMonth",
  }),
  field({
    key: "monthlyGrowth",
    label: "Traffic growth",
    unit: "a share a month (0.05 = 5%)",
    quantity: "growth",
    group: "traffic",
    check: checkGrowth,
    definedName: "TokMonthlyGrowth",
    shortLabel: "growth",
    blankMeans: "none given: no month worked out",
  }),
  field({
    key: "currency",
    label: "Currency",
    unit: "of every price (text)",
    quantity: "text",
    group: "traffic",
    definedName: "TokCurrency",
    blankMeans: "none said",
  }),
];

/** The worked example (docs/cost-model.md): 1,500 / 200 tokens, 0.15 / 0.60 per 1M, 10,000 / 2,000 tokens/s. */
export const EXAMPLE_TOKEN_PLAN: TokenPlan = {
  inputTokens: 1500,
  outputTokens: 200,
  inputPricePerMillion: 0.15,
  outputPricePerMillion: 0.6,
  inputTokensPerSecond: 10_000,
  outputTokensPerSecond: 2000,
  peakToMean: 1.5,
  minAccelerators: 2,
  pricePerHour: 2.5,
  requestsPerMonth: 10_000_000,
  currency: "USD",
};

/** A problem with one field, by its key. */
export type TokenFieldProblem = KeyedProblem<keyof TokenPlan>;

/**
 * Every problem of `plan`: each field by its own check and label; then a cached price without its share or the
 * reverse, and a batch discount without its share or the reverse, which would otherwise count for nothing.
 * @example checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, peakToMean: 0.5 })[0].key // "peakToMean"
 */
export function checkTokenPlan(plan: Partial<TokenPlan>): TokenFieldProblem[] {
  const found = checkFields<TokenPlan, keyof TokenPlan>(plan, TOKEN_FIELDS, []);
  if (found.length > 0) return found;
  for (const field of TOKEN_FIELDS) {
    if (field.blankMeans === undefined && plan[field.key] === undefined) {
      found.push({ key: field.key, problem: problem("invalidValue", `${field.label} is blank; enter a number.`) });
    }
  }
  return [...found, ...unpaired(plan)];
}

/** Pairs of fields that count only together, with what to say when one is given alone. */
const PAIRS: readonly { price: keyof TokenPlan; share: keyof TokenPlan; words: string }[] = [
  { price: "cachedInputPricePerMillion", share: "cachedInputShare", words: "the cached input price" },
  { price: "batchDiscount", share: "batchShare", words: "the batch discount" },
];

/** A price given without its share, or a share without its price: counted as nothing, so said. */
function unpaired(plan: Partial<TokenPlan>): TokenFieldProblem[] {
  return PAIRS.flatMap(({ price, share, words }) => {
    const hasPrice = plan[price] !== undefined;
    if (hasPrice === (plan[share] !== undefined)) return [];
    const key = hasPrice ? share : price;
    const label = TOKEN_FIELDS.find((f) => f.key === key)!.label.toLowerCase();
    return [
      {
        key,
        problem: problem(
          "invalidValue",
          `Give the ${label} too, or leave ${words} blank: alone it counts for nothing.`,
        ),
      },
    ];
  });
}
