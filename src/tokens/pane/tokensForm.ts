/*
 * Reading the "API or own fleet" form: each field's text as the pane reads any number (core/pane/formReading.ts),
 * then the model's checks (checkTokenPlan), each message beside its field. No DOM here, so the rules are tested
 * directly. The sentences of the answer are here too, from the comparison's figures.
 */
import { readFields, sentence } from "../../core/pane/formReading";
import {
  checkTokenPlan,
  EXAMPLE_TOKEN_PLAN,
  requestsInMonth,
  TOKEN_FIELDS,
  TokenComparison,
  TokenPlan,
  TokenTexts,
} from "../model";
import { formatShareChange } from "../../core/pane/format";
import { isProblem } from "../../core/model/problems";

/** The form read: the plan when every field is valid, and each invalid field's message. */
export interface TokenReading {
  plan?: TokenPlan;
  errors: TokenTexts;
}

/**
 * Reads the typed texts into a plan, or says what to fix field by field.
 * @example readTokenForm(exampleTexts()).plan // EXAMPLE_TOKEN_PLAN
 */
export function readTokenForm(texts: TokenTexts): TokenReading {
  const { values, errors } = readFields(TOKEN_FIELDS, texts);
  if (Object.keys(errors).length > 0) return { errors };
  const plan = values as Partial<TokenPlan>;
  const problems = checkTokenPlan(plan);
  if (problems.length === 0) return { plan: plan as TokenPlan, errors: {} };
  const found: TokenTexts = {};
  for (const { key, problem } of problems) found[key] ??= sentence(problem.message);
  return { errors: found };
}

/** The worked example as the form first shows it: each field's value as text, "" for a blank one. */
export function exampleTexts(): TokenTexts {
  const texts: TokenTexts = {};
  for (const field of TOKEN_FIELDS) {
    const value = EXAMPLE_TOKEN_PLAN[field.key];
    texts[field.key] =
      value === undefined
        ? ""
        : typeof value === "number"
          ? value.toLocaleString("en-US", { maximumFractionDigits: 20 })
          : value;
  }
  return texts;
}

/** How the answer's figures are written: the pane's formatters, handed in. */
export interface TokenWords {
  money: (value: number) => string;
  count: (value: number) => string;
}

/**
 * The answer in one sentence: which way is cheaper at the plan's traffic, and from what volume the fleet is, or
 * why it never is.
 */
export function answerSentence(figures: TokenComparison, requests: number, words: TokenWords): string {
  return `${cheaperSentence(figures, requests, words)} ${crossoverSentence(figures, words)}`;
}

/** Which way is cheaper at the plan's traffic, both costs a month. */
export function cheaperSentence(figures: TokenComparison, requests: number, words: TokenWords): string {
  const at = `At ${words.count(requests)} requests a month`;
  const costs = `the API costs ${words.money(figures.apiMonth)} and your fleet ${words.money(figures.fleetMonth.cost)}`;
  const which =
    figures.cheaper === "equal"
      ? "both cost the same"
      : figures.cheaper === "api"
        ? "the API is cheaper"
        : "your fleet is cheaper";
  return `${at} ${which}: ${costs}.`;
}

/** The crossover in words: the volume from which the fleet is cheaper, or why no volume makes it so. */
export function crossoverSentence(figures: TokenComparison, words: TokenWords): string {
  if (isProblem(figures.crossover)) return figures.crossover.message;
  return `Your fleet is cheaper above ${words.count(figures.crossover)} requests a month.`;
}

/**
 * The month the fleet becomes cheaper as traffic grows, in words: from which month (and its traffic), or why none.
 * @example monthSentence(figures, { ...plan, requestsPerMonth: 5e6, monthlyGrowth: 0.05 }, words)
 * // "With traffic growing +5.0% a month from 5,000,000, your fleet is cheaper from month 17 (10,914,373 requests)."
 */
export function monthSentence(figures: TokenComparison, plan: TokenPlan, words: TokenWords): string {
  const month = figures.cheaperMonth;
  if (isProblem(figures.crossover)) return "No month makes your fleet cheaper, however the traffic grows.";
  if (isProblem(month)) return month.message;
  if (month === 1) return "Your fleet is cheaper from month 1: the traffic is above the crossover already.";
  const growth = plan.monthlyGrowth ?? 0;
  const traffic = requestsInMonth(plan.requestsPerMonth, growth, month);
  return (
    `With traffic growing ${formatShareChange(growth)} a month from ${words.count(plan.requestsPerMonth)}, your ` +
    `fleet is cheaper from month ${month} (${words.count(traffic)} requests).`
  );
}
