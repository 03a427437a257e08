/*
 * The Bill view's figures: a table a currency, one column a month and one row a figure (as the actuals sheet
 * lays them out), what was left out and why with its cost, and the problems the bill has, each beside the
 * month it touches. The rows are declared once, as data (MONTH_ROWS); the values are the model's (BillMonth),
 * formatted as the house formats its kinds.
 */
import { BillMonth, isBillMonth } from "../model/billFigures";
import type { BillProblem } from "../model/focusColumns";
import { formatCost, formatCount, formatHours, formatRatio, formatShare } from "../../core/pane/format";
import { make } from "../../core/pane/dom";

/** One row of the months table: its label and its value in a month (undefined: no figure, shown as a dash). */
interface MonthRow {
  label: string;
  value: (month: BillMonth) => string | undefined;
  /** a row the eye should find: the totals, the reconciliation */
  strong?: boolean;
}

const price = (category: string) => (month: BillMonth) => {
  const found = month.prices.find((p) => p.category === category);
  return found?.pricePerHour === undefined ? undefined : formatCost(found.pricePerHour, month.currency);
};

/** The rows of the months table, in order. */
export const MONTH_ROWS: readonly MonthRow[] = [
  { label: "Training, accelerator-h paid", value: (m) => formatHours(m.trainingHours) },
  { label: "Training cost", value: (m) => formatCost(m.trainingCost, m.currency) },
  { label: "Serving, accelerator-h used", value: (m) => formatHours(m.servingHoursConsumed) },
  { label: "Serving, accelerator-h paid", value: (m) => formatHours(m.servingHoursPaid) },
  { label: "Serving idle (paid, not used), h", value: (m) => formatHours(m.servingHoursIdle) },
  {
    label: "Peak-to-mean (paid ÷ used)",
    value: (m) => (m.peakToMean === undefined ? undefined : formatRatio(m.peakToMean)),
  },
  { label: "Re-scans, accelerator-h paid", value: (m) => formatHours(m.roles.rescan.hoursPaid) },
  { label: "Other accelerators, h paid", value: (m) => formatHours(m.roles.other.hoursPaid) },
  { label: "Price per accelerator-h, on demand", value: price("Standard") },
  { label: "Price per accelerator-h, committed", value: price("Committed") },
  { label: "Price per accelerator-h, spot", value: price("Dynamic") },
  {
    label: "Training's share of accelerator-h paid",
    value: (m) => (m.trainingShareOfHours === undefined ? undefined : formatShare(m.trainingShareOfHours)),
    strong: true,
  },
  {
    label: "Training's share of accelerator cost",
    value: (m) => (m.trainingShareOfCost === undefined ? undefined : formatShare(m.trainingShareOfCost)),
  },
  { label: "Accelerator cost (the figures above)", value: (m) => formatCost(m.mapped.effectiveCost, m.currency) },
  // serving bought by the token (billSql.ts BY_TOKEN): neither accelerator-hours nor left out
  { label: "Bought by the token, tokens", value: (m) => formatCount(m.byToken.tokens) },
  { label: "Bought by the token, cost", value: (m) => formatCost(m.byToken.effectiveCost, m.currency) },
  {
    label: "Cost per 1M tokens, measured",
    value: (m) =>
      m.byToken.costPerMillionTokens === undefined ? undefined : formatCost(m.byToken.costPerMillionTokens, m.currency),
  },
  {
    label: "Left out (see below)",
    value: (m) => formatCost(m.leftOutCost, m.currency),
  },
  { label: "The file's EffectiveCost", value: (m) => formatCost(m.fileTotal.effectiveCost, m.currency), strong: true },
  { label: "The file's BilledCost", value: (m) => formatCost(m.fileTotal.billedCost, m.currency) },
  {
    label: "Reconciles with the file",
    value: (m) => (m.reconciles ? "yes" : `off by ${formatCost(m.effectiveDifference, m.currency)}`),
    strong: true,
  },
];

/** The months table of one currency. */
function monthsTable(months: readonly BillMonth[], currency: string): HTMLTableElement {
  const table = make("table", { class: "bill-months", "aria-label": `The bill month by month, ${currency}` });
  const head = make("thead");
  const headRow = make("tr");
  headRow.append(make("th", { scope: "col" }, currency));
  for (const month of months) headRow.append(make("th", { scope: "col" }, month.month));
  head.append(headRow);
  const body = make("tbody");
  for (const row of MONTH_ROWS) {
    const tr = make("tr", row.strong ? { class: "strong" } : {});
    tr.append(make("th", { scope: "row" }, row.label));
    for (const month of months) {
      const value = row.value(month);
      const cell = make("td", {}, value ?? "–");
      if (value === undefined) cell.setAttribute("aria-label", "no figure");
      if (row.label.startsWith("Reconciles") && !month.reconciles) cell.className = "error";
      tr.append(cell);
    }
    body.append(tr);
  }
  table.append(head, body);
  return table;
}

/** What was left out, by reason, over every month of a currency: the reasons' costs and rows. */
function leftOutList(months: readonly BillMonth[], currency: string): HTMLElement {
  const byReason = new Map<string, { label: string; effectiveCost: number; billedCost: number; rows: number }>();
  for (const month of months) {
    for (const part of month.leftOut) {
      const sum = byReason.get(part.reason) ?? { label: part.label, effectiveCost: 0, billedCost: 0, rows: 0 };
      sum.effectiveCost += part.effectiveCost;
      sum.billedCost += part.billedCost;
      sum.rows += part.rows;
      byReason.set(part.reason, sum);
    }
  }
  const list = make("ul", { class: "bill-left-out", "aria-label": `Left out of the figures, ${currency}` });
  for (const [reason, sum] of byReason) {
    const billed = sum.billedCost !== sum.effectiveCost ? `, ${formatCost(sum.billedCost, currency)} billed` : "";
    list.append(
      make(
        "li",
        { "data-reason": reason },
        `${sum.label}: ${formatCost(sum.effectiveCost, currency)}${billed} ` +
          `(${sum.rows.toLocaleString("en-US")} ${sum.rows === 1 ? "row" : "rows"})`,
      ),
    );
  }
  if (byReason.size === 0) list.append(make("li", {}, "Nothing: every row is an accelerator row in the figures."));
  return list;
}

/** Shows the months of every currency in `container`, the costliest currency first. */
export function showMonths(container: HTMLElement, months: readonly BillMonth[], currencies: readonly string[]): void {
  const parts: HTMLElement[] = [];
  for (const currency of currencies) {
    const ofCurrency = months.filter((m) => m.currency === currency && isBillMonth(m.month));
    if (ofCurrency.length === 0) continue;
    // a scrolling region a keyboard can reach (tabindex) and a screen reader can name
    const wrap = make("div", {
      class: "table-wrap bill-months-wrap",
      tabindex: "0",
      role: "region",
      "aria-label": `Months, ${currency}: scroll sideways for more`,
    });
    wrap.append(monthsTable(ofCurrency, currency));
    const leftTitle = make(
      "h3",
      { class: "subheading" },
      `Left out of the figures${currencies.length > 1 ? `, ${currency}` : ""}`,
    );
    parts.push(wrap, leftTitle, leftOutList(ofCurrency, currency));
  }
  container.replaceChildren(...parts);
}

/** Shows the bill's problems: errors first, each with its month and currency where it has one. */
export function showProblems(list: HTMLElement, problems: readonly BillProblem[]): void {
  const sorted = [...problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  list.replaceChildren(
    ...sorted.map((p) =>
      make("li", { class: p.severity === "error" ? "error" : "warning", "data-code": p.code }, p.message),
    ),
  );
  list.hidden = problems.length === 0;
}
