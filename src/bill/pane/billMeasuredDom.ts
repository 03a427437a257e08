/*
 * "Set the budget from this bill": the budget inputs the measured months offer (measuredInputs.ts: hours per
 * run, seconds per clip once the planner gives the clips served, peak-to-mean, price), each with the sentence
 * saying where it comes from, what cannot be offered and why, and one button that puts them in the Budget tab's
 * fields (the planner sees them there, and nothing is written to the workbook).
 */
import type { BillMonth } from "../model/billFigures";
import { measuredInputs } from "../model/measuredInputs";
import { type BudgetKey, BUDGET_FIELDS } from "../../budget/model";
import { make } from "../../core/pane/dom";

/** The budget inputs as text, as the Budget tab's fields take them. */
export type BudgetInputTexts = Partial<Record<BudgetKey, string>>;

/** A whole-number count typed by the planner: undefined while blank, NaN while not a count. */
function countOf(text: string): number | undefined {
  const trimmed = text.replace(/[\s,]/g, "");
  if (trimmed === "") return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n > 0 ? n : NaN;
}

/** Builds the section; `use` hears the inputs the planner chose to put in the budget. */
export function billMeasuredSection(use: (inputs: BudgetInputTexts) => void): {
  element: HTMLElement;
  show(months: readonly BillMonth[]): void;
} {
  const element = make("section", {
    id: "bill-measured",
    class: "bill-section",
    "aria-labelledby": "bill-measured-title",
  });
  const title = make("h2", { id: "bill-measured-title" }, "Set the budget from this bill");
  const runs = make("input", { type: "text", inputmode: "numeric", id: "bill-runs", autocomplete: "off" });
  const clips = make("input", { type: "text", inputmode: "numeric", id: "bill-clips", autocomplete: "off" });
  const runsField = make("div", { class: "field" });
  runsField.append(
    make("label", { for: "bill-runs" }, "Training runs a month (blank: one a month with training)"),
    runs,
  );
  const clipsField = make("div", { class: "field" });
  clipsField.append(
    make("label", { for: "bill-clips" }, "Clips served over these months (for seconds per clip)"),
    clips,
  );
  const error = make("p", { class: "error", role: "alert" });
  const list = make("ul", { id: "bill-measured-list", class: "bill-measured-list" });
  const button = make("button", { type: "button", id: "bill-use-in-budget" }, "Use these in the Budget tab");
  element.append(title, runsField, clipsField, error, list, button);

  let months: readonly BillMonth[] = [];
  let chosen: BudgetInputTexts = {};
  const label = (key: BudgetKey) => BUDGET_FIELDS.find((f) => f.key === key)?.label ?? key;
  const refresh = () => {
    const runsPerMonth = countOf(runs.value);
    const clipCount = countOf(clips.value);
    const bad = [Number.isNaN(runsPerMonth) ? "runs a month" : "", Number.isNaN(clipCount) ? "clips served" : ""]
      .filter((w) => w)
      .join(" and ");
    error.textContent = bad ? `Type a number above 0 for ${bad}, or leave it blank.` : "";
    const { suggestions, refused } = measuredInputs(months, {
      runsPerMonth: Number.isNaN(runsPerMonth) ? undefined : runsPerMonth,
      clips: Number.isNaN(clipCount) ? undefined : clipCount,
    });
    // six significant figures: what a planner reads and types, and well inside any figure's own precision
    const text = (value: number | string) => (typeof value === "number" ? String(Number(value.toPrecision(6))) : value);
    chosen = Object.fromEntries(suggestions.map((s) => [s.key, text(s.value)]));
    list.replaceChildren(
      ...suggestions.map((s) => {
        const item = make("li", {});
        item.append(
          make("strong", {}, `${label(s.key)}: ${text(s.value)}`),
          make("span", { class: "bill-sub" }, s.sentence),
        );
        return item;
      }),
      ...refused.map((r) => make("li", { class: "refused" }, `${label(r.key)}: ${r.sentence}`)),
    );
    button.disabled = suggestions.length === 0;
  };
  runs.addEventListener("input", refresh);
  clips.addEventListener("input", refresh);
  button.addEventListener("click", () => use(chosen));
  return {
    element,
    show: (shown) => {
      months = shown;
      refresh();
    },
  };
}
