/*
 * Where the "API or own fleet" view's traffic comes from: a planner's own requests a month and growth win; a blank
 * one takes the plan's, from the Budget view where it is open (its first month's clips a second and its growth) or
 * else the Stage view (its clips a second), each a request a clip over the comparison's month. Each field then says
 * where its figure came from. No DOM here, so the rules are tested directly.
 */
import { HOURS_PER_MONTH, requestsPerMonthOf, TokenTexts } from "../model";
import { parseNumber } from "../../core/pane/formReading";
import { formatCount, formatShareChange } from "../../core/pane/format";

/** The plan's traffic as another view gives it (VIEW_NEEDS, src/taskpane/viewList.ts). */
export interface PlanTraffic {
  /** the view it is from */
  view: "Stage" | "Budget";
  /** clips a second, the month's mean: a request is a clip */
  clipsPerSecond: number;
  /** the traffic's growth a month, where the view has one (the budget's) */
  growth?: number;
}

/** What the view needs of the others. */
export interface TokensNeeds {
  /** the plan's traffic now, or undefined where no view's plan gives one (a field to fix there) */
  planTraffic(): PlanTraffic | undefined;
}

/** What the view offers the others: the API's blended price per 1M tokens of the plan as typed now. */
export interface TokensOffers {
  /** the price and its currency, or undefined while a field is invalid (the bill's measured cost beside it) */
  apiPricePerMillion(): { price: number; currency?: string } | undefined;
}

/** The texts the form is read from, a blank traffic filled from the plan's, and what each field says of it. */
export interface TrafficTexts {
  texts: TokenTexts;
  requestsLine: string;
  growthLine: string;
}

/** The month's hours the plan's clips a second are counted over: the typed hours a month, else 720. */
function hoursOf(texts: TokenTexts): number {
  const typed = parseNumber(texts.hoursPerMonth ?? "");
  return typeof typed === "number" && typed >= 0 && Number.isFinite(typed) ? typed : HOURS_PER_MONTH;
}

const blank = (text: string | undefined) => (text ?? "").trim() === "";

/** The requests a month: typed wins (and says over what), else the plan's, else the sentence that asks for one. */
function requestsFrom(texts: TokenTexts, traffic: PlanTraffic | undefined): { text?: string; line: string } {
  const hours = hoursOf(texts);
  const planned = traffic && requestsPerMonthOf(traffic.clipsPerSecond, hours);
  const from = traffic && `the ${traffic.view} view's plan: ${formatCount(planned!)} a month`;
  if (!blank(texts.requestsPerMonth)) return { line: from ? `Typed: it wins over ${from}.` : "Typed." };
  if (!traffic || !Number.isFinite(planned)) {
    return { line: "No other view's plan gives a traffic now (a field to fix there): type requests a month." };
  }
  const how = `${formatCount(traffic.clipsPerSecond)} clips a second over ${formatCount(hours)} h`;
  return { text: String(planned), line: `From ${from} (${how}); type a number to use your own.` };
}

/** The growth: typed wins (and says over what), else the budget's, else none, said. */
function growthFrom(texts: TokenTexts, traffic: PlanTraffic | undefined): { text?: string; line: string } {
  const growth = traffic?.growth;
  const from = growth === undefined ? undefined : `the ${traffic!.view} view's ${formatShareChange(growth)} a month`;
  if (!blank(texts.monthlyGrowth)) return { line: from ? `Typed: it wins over ${from}.` : "Typed." };
  if (from === undefined) {
    return { line: "None given: type one, or open the Budget view, to see the month the fleet becomes cheaper." };
  }
  return { text: String(growth), line: `From ${from}; type a share to use your own.` };
}

/**
 * The typed texts with a blank traffic and growth filled from the plan's, and each field's line.
 * @example withPlanTraffic({ requestsPerMonth: "" }, { view: "Stage", clipsPerSecond: 250 }).texts.requestsPerMonth
 * // "648000000"
 */
export function withPlanTraffic(texts: TokenTexts, traffic: PlanTraffic | undefined): TrafficTexts {
  const requests = requestsFrom(texts, traffic);
  const growth = growthFrom(texts, traffic);
  return {
    texts: {
      ...texts,
      ...(requests.text !== undefined && { requestsPerMonth: requests.text }),
      ...(growth.text !== undefined && { monthlyGrowth: growth.text }),
    },
    requestsLine: requests.line,
    growthLine: growth.line,
  };
}
