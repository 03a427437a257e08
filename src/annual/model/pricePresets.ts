/*
 * Public on-demand prices per accelerator-hour, as dated presets a planner may start from
 * (the price table the presets were read from, with its sources). Prices move (one provider cut its H100
 * price by up to 45% in June 2025): a preset only fills the price, currency and source fields,
 * which stay editable, and the written sheet keeps the source and date beside the price. The
 * add-in never fetches a price.
 */

/** One dated public price. */
export interface PricePreset {
  /** what the planner picks: accelerator, offer, region */
  label: string;
  /** USD per accelerator-hour, one accelerator */
  pricePerHour: number;
  currency: "USD";
  /** where the figure is from and when, in a reader's words, as the pane and the sheet show it beside the price */
  source: string;
  /** the public data set the figure was read from (a repository), for whoever checks it: never shown */
  dataset: string;
}

/** The presets, cheapest accelerator last within each kind. */
export const PRICE_PRESETS: readonly PricePreset[] = [
  {
    label: "H100, AWS p5 (per GPU), us-east-1",
    pricePerHour: 6.88,
    currency: "USD",
    source: "AWS on-demand, retrieved 2026-11-09",
    dataset: "datareceipts/data-receipts",
  },
  {
    label: "H100, Google Cloud a3-highgpu-1g, us-central1",
    pricePerHour: 10.98,
    currency: "USD",
    source: "Google Cloud on-demand, host included, 2026-09-26",
    dataset: "tgarg01/silybench-data",
  },
  {
    label: "H100, Azure ND96isr_H100_v5 (per GPU)",
    pricePerHour: 12.29,
    currency: "USD",
    source: "Azure on-demand, date not stated",
    dataset: "datareceipts/data-receipts",
  },
  {
    label: "A100 80 GB, AWS p4de (per GPU), us-east-1",
    pricePerHour: 3.43,
    currency: "USD",
    source: "AWS on-demand, date not stated",
    dataset: "datareceipts/data-receipts",
  },
  {
    label: "A100 40 GB, AWS p4d (per GPU), us-east-1",
    pricePerHour: 2.74,
    currency: "USD",
    source: "AWS on-demand, date not stated",
    dataset: "datareceipts/data-receipts",
  },
  {
    label: "L4, AWS g6.xlarge",
    pricePerHour: 0.8048,
    currency: "USD",
    source: "AWS on-demand, price catalogue, date not stated",
    dataset: "skypilot-org/skypilot-catalog",
  },
  {
    label: "T4, AWS g4dn.xlarge, us-east-1",
    pricePerHour: 0.526,
    currency: "USD",
    source: "AWS on-demand, price catalogue, date not stated",
    dataset: "skypilot-org/skypilot-catalog",
  },
];
