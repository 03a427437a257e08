/*
 * Public API prices per 1M tokens, as dated presets a planner may start from. Prices move often: a preset only
 * fills the API's price fields, which stay editable (a planner's own price always wins: a preset fills blanks and
 * what a preset put there, never a price typed over it), and the pane shows the source and date beside them. The
 * add-in never fetches a price. The accelerators' presets are the annual view's (annual/model's PRICE_PRESETS).
 */

/** One API's dated public price list. */
export interface ApiPreset {
  /** what the planner picks: provider and model */
  label: string;
  /** USD per 1M input tokens */
  inputPricePerMillion: number;
  /** USD per 1M cached input tokens (a cache read), where the provider lists one */
  cachedInputPricePerMillion?: number;
  /** USD per 1M output tokens */
  outputPricePerMillion: number;
  /** the batch interface's discount, a fraction off, where the provider has one */
  batchDiscount?: number;
  currency: "USD";
  /** where the figures are from and when, in a reader's words, as the pane shows them */
  source: string;
}

/** The presets: the worked example's prices first. */
export const API_PRESETS: readonly ApiPreset[] = [
  {
    label: "OpenAI GPT-4o mini",
    inputPricePerMillion: 0.15,
    cachedInputPricePerMillion: 0.075,
    outputPricePerMillion: 0.6,
    batchDiscount: 0.5,
    currency: "USD",
    source: "OpenAI API pricing page, standard tier, as published in 2025 (not re-checked)",
  },
  {
    label: "OpenAI GPT-4o",
    inputPricePerMillion: 2.5,
    cachedInputPricePerMillion: 1.25,
    outputPricePerMillion: 10,
    batchDiscount: 0.5,
    currency: "USD",
    source: "OpenAI API pricing page, standard tier, as published in 2025 (not re-checked)",
  },
  {
    label: "Anthropic Claude 3.5 Haiku",
    inputPricePerMillion: 0.8,
    cachedInputPricePerMillion: 0.08,
    outputPricePerMillion: 4,
    batchDiscount: 0.5,
    currency: "USD",
    source: "Anthropic API pricing page (cache reads; Message Batches 50% off), as published in 2025 (not re-checked)",
  },
];
