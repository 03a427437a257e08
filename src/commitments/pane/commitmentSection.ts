/*
 * The commitment to buy, a section of the Bill view: per instance family and region of the bill's hourly serving
 * demand, the commitment that costs least (commitments/model), its cost, coverage, utilisation and saving against
 * all on demand and against what the bill committed, at the discount typed or, blank, the bill's own. A bill that
 * cannot show hourly demand says so, and a demand profile typed here is answered the same way. The figures' rows
 * are declared once, as data (COMMITMENT_ROWS); the words of every problem are the model's.
 */
import {
  CommitmentAnswer,
  cheapestCommitment,
  GroupCommitment,
  groupCommitments,
  parseDemandProfile,
  ServingDemand,
} from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { formatCost, formatCount, formatShare, formatSignificant } from "../../core/pane/format";
import { make } from "../../core/pane/dom";
import type { PaneMode } from "../../core/pane/viewActions";
import type { CommitmentSheetPlan } from "../sheet";
import { commitmentSheetActions } from "./commitmentSheetActions";

/** A column of the table: a group of the bill (or the typed profile), its answer and the sheet's plan of it. */
interface CommitmentColumn {
  heading: string;
  currency: string;
  discount?: number;
  discountFrom?: string;
  answer: CommitmentAnswer;
  plan: CommitmentSheetPlan;
}

/** One row of the table: its label and its value in a column. */
interface CommitmentRow {
  label: string;
  value: (column: CommitmentColumn) => string;
  strong?: boolean;
}

/** The rows of the table, in order. */
export const COMMITMENT_ROWS: readonly CommitmentRow[] = [
  {
    label: "Discount",
    value: (c) => `${formatShare(c.discount ?? 0)}${c.discountFrom ? ` (${c.discountFrom})` : ""}`,
  },
  { label: "Commit, accelerators", value: (c) => formatCount(c.answer.cheapest.committedAccelerators), strong: true },
  { label: "Cost with it", value: (c) => formatCost(c.answer.cheapest.totalCost, c.currency) },
  { label: "All on demand", value: (c) => formatCost(c.answer.allOnDemandCost, c.currency) },
  {
    label: "Saving against all on demand",
    value: (c) => `${formatCost(c.answer.saving, c.currency)} (${formatShare(c.answer.savingShare)})`,
    strong: true,
  },
  { label: "Coverage (used ÷ demand)", value: (c) => formatShare(c.answer.cheapest.coverage) },
  {
    label: "Utilisation (used ÷ committed)",
    value: (c) =>
      c.answer.cheapest.utilisation === null ? "nothing committed" : formatShare(c.answer.cheapest.utilisation),
  },
  {
    label: "The bill's commitment, accelerators",
    value: (c) => (c.answer.billed ? formatSignificant(c.answer.billed.committedAccelerators) : "none shown"),
  },
  {
    label: "Saving against the bill's commitment",
    value: (c) => (c.answer.billed ? formatCost(c.answer.billed.savingAgainstBilled, c.currency) : "—"),
  },
];

/** The discount typed, as a share: blank is undefined (the bill's own); text that is no number reaches the model. */
export function typedDiscountOf(text: string): number | undefined {
  const trimmed = text.replace(/[\s%]/g, "");
  return trimmed === "" ? undefined : Number(trimmed) / 100;
}

/** A group's heading: its family (or its accelerators billed one by one) and its region. */
const headingOf = (c: GroupCommitment) =>
  `${c.group.family || "accelerators billed one by one"}, ${c.group.region || "no region"}`;

/** A labelled text field of the section. */
function field(id: string, label: string, hint?: string): { element: HTMLElement; input: HTMLInputElement } {
  const element = make("div", { class: "field" });
  const input = make("input", { type: "text", id, autocomplete: "off", inputmode: "decimal" });
  element.append(make("label", { for: id }, label), input);
  if (hint) element.append(make("span", { class: "bill-sub" }, hint));
  return { element, input };
}

/** The table of the columns that have an answer, in one currency. */
function commitmentTable(columns: readonly CommitmentColumn[], currency: string): HTMLTableElement {
  const table = make("table", { class: "bill-months", "aria-label": `The commitment to buy, ${currency}` });
  const head = make("tr");
  head.append(make("th", { scope: "col" }, "Instance family, region"));
  for (const c of columns) head.append(make("th", { scope: "col" }, c.heading));
  const body = make("tbody");
  for (const row of COMMITMENT_ROWS) {
    const tr = make("tr", row.strong ? { class: "strong" } : {});
    tr.append(make("th", { scope: "row" }, row.label));
    for (const c of columns) tr.append(make("td", {}, row.value(c)));
    body.append(tr);
  }
  const thead = make("thead");
  thead.append(head);
  table.append(thead, body);
  return table;
}

/**
 * Builds the section; `show` draws the bill's demand in `currency` (undefined: no bill read), `setMode` shows its
 * Insert (inside Excel) or its Download (in a browser) of the commitment sheet.
 */
export function commitmentSection(): {
  element: HTMLElement;
  show(demand: ServingDemand | undefined, currency: string): void;
  setMode(mode: PaneMode): void;
} {
  const element = make("section", { id: "commitment", class: "bill-section", "aria-labelledby": "commitment-title" });
  const intro = make(
    "p",
    { class: "section-note" },
    "The commitment (reserved instances, savings plan, committed use) that costs least against the bill's hourly " +
      "serving demand: the level exceeded in at most a (1 − discount) share of the hours. Equal costs take the " +
      "smaller commitment.",
  );
  const discount = field("commitment-discount", "Discount a commitment gets, % off on demand", "Blank: the bill's own");
  const note = make("p", { id: "commitment-note", class: "section-note", role: "status" });
  const figures = make("div", { id: "commitment-figures" });
  const typed = make("details", { id: "commitment-typed" });
  const profile = field("commitment-profile", "Demand profile, accelerators x hours", "Such as 10 x 360, 30 x 360");
  profile.input.setAttribute("inputmode", "text");
  const price = field("commitment-price", "Price on demand an accelerator-hour");
  typed.append(make("summary", {}, "Type a demand profile"), profile.element, price.element);
  element.append(make("h2", { id: "commitment-title" }, "The commitment to buy"), intro, discount.element, note);
  element.append(figures, typed);
  const sheets = commitmentSheetActions(element);

  let shown: { demand: ServingDemand | undefined; currency: string } = { demand: undefined, currency: "" };
  const draw = () => {
    const typedDiscount = typedDiscountOf(discount.input.value);
    const { demand, currency } = shown;
    const groups = demand ? groupCommitments(demand, typedDiscount).filter((c) => c.group.currency === currency) : [];
    const columns: CommitmentColumn[] = [];
    const problems: string[] = !demand
      ? ["A warehouse's result carries no hourly demand: read the export's files here to see the commitment."]
      : demand.hourly
        ? []
        : [demand.message];
    for (const c of groups) {
      if (isProblem(c.answer)) problems.push(`${headingOf(c)}: ${c.answer.message}`);
      else columns.push({ heading: headingOf(c), currency, ...c, answer: c.answer, plan: groupPlan(c, currency) });
    }
    const own = typedProfileColumn(profile.input.value, price.input.value, typedDiscount, currency);
    if (own && isProblem(own)) problems.push(`The typed profile: ${own.message}`);
    else if (own) columns.push(own);
    if (demand?.hourly && groups.length === 0) problems.push(`The bill has no serving demand in ${currency}.`);
    note.textContent = problems.join(" ");
    const wrap = make("div", {
      class: "table-wrap",
      tabindex: "0",
      "aria-label": "The commitment to buy: scroll sideways for more",
    });
    wrap.append(commitmentTable(columns, currency));
    figures.replaceChildren(...(columns.length ? [wrap] : []));
    sheets.offer(columns.map(({ heading, plan }) => ({ heading, plan })));
  };
  for (const input of [discount.input, profile.input, price.input]) input.addEventListener("input", draw);
  return {
    element,
    setMode: sheets.setMode,
    show: (demand, currency) => {
      shown = { demand, currency };
      // a bill that cannot show hourly demand opens the typed profile
      if (demand && !demand.hourly) typed.open = true;
      draw();
    },
  };
}

/** The typed profile's column, its Problem, or undefined while neither field is typed. */
function typedProfileColumn(
  profileText: string,
  priceText: string,
  discount: number | undefined,
  currency: string,
): CommitmentColumn | Problem | undefined {
  if (profileText.trim() === "" && priceText.trim() === "") return undefined;
  const demand = parseDemandProfile(profileText);
  if (isProblem(demand)) return demand;
  const input = {
    demand,
    pricePerAcceleratorHour: priceText.trim() === "" ? NaN : Number(priceText.replace(/,/g, "")),
    discount: discount ?? NaN,
  };
  const answer = cheapestCommitment(input);
  if (isProblem(answer)) return answer;
  const plan = { ...input, currency: currency || undefined, source: "a typed profile" };
  return { heading: "Typed profile", currency, discount, discountFrom: "typed", answer, plan };
}

/** The sheet's plan of a group of the bill whose commitment has an answer (so it has a price and a discount). */
function groupPlan(c: GroupCommitment, currency: string): CommitmentSheetPlan {
  const { demand, pricePerAcceleratorHour, billedCommittedAccelerators } = c.group;
  return {
    demand,
    pricePerAcceleratorHour: pricePerAcceleratorHour!,
    discount: c.discount!,
    billedCommittedAccelerators,
    currency: currency || undefined,
    source: `the bill: ${headingOf(c)}`,
  };
}
