/*
 * A model for every row: the controls that say where each row's model comes from (none: a bill of one model, as
 * before; a tag such as model or workload; the resource name, with an optional pattern whose first group names
 * the model; the resource id; the sub-account), and the table of the models' figures over the months shown, in
 * the chosen currency, beside the month-by-month table.
 */
import type { BillModelTotals } from "../model/billCurrency";
import type { BillMappingKey, BillModelSource } from "../model/roles";
import { formatCost, formatHours, formatRatio, formatShare } from "../../core/pane/format";
import { make } from "../../core/pane/dom";

/** The model source's choices: none first (a bill of one model), then the kinds of key. */
const SOURCE_WORDS: Record<"none" | BillMappingKey["kind"], string> = {
  none: "None: the bill is of one model",
  tag: "A tag",
  resourceName: "The resource name",
  resourceId: "The resource id",
  subAccount: "The sub-account",
};

/** A labelled text field in a div.field. */
function textField(id: string, label: string, value: string): { row: HTMLDivElement; input: HTMLInputElement } {
  const input = make("input", { id, type: "text", autocomplete: "off", spellcheck: "false" });
  input.value = value;
  const row = make("div", { class: "field" });
  row.append(make("label", { for: id }, label), input);
  return { row, input };
}

/**
 * The model source's controls; `changed` hears every change, the fields applying as the mapping's other fields do
 * (`asTyped`: billMappingDom.ts's, so every field of the section applies alike).
 */
export function modelSourceControls(
  changed: () => void,
  asTyped: (field: HTMLInputElement, apply: () => void) => void,
): {
  rows: HTMLElement[];
  source(): BillModelSource | undefined;
  apply(source: BillModelSource | undefined): void;
} {
  const kind = make("select", { id: "bill-model-key" });
  for (const [value, words] of Object.entries(SOURCE_WORDS)) kind.append(make("option", { value }, words));
  const kindRow = make("div", { class: "field" });
  kindRow.append(make("label", { for: "bill-model-key" }, "Each row's model comes from"), kind);
  const tag = textField("bill-model-tag", "Model tag name", "model");
  const pattern = textField(
    "bill-model-pattern",
    "Pattern (optional: its first group names the model, as ^(llm-[a-z]+)-)",
    "",
  );
  const shown = () => {
    tag.row.hidden = kind.value !== "tag";
    pattern.row.hidden = kind.value === "none";
  };
  shown();
  kind.addEventListener("change", () => {
    shown();
    changed();
  });
  asTyped(tag.input, changed);
  asTyped(pattern.input, changed);
  return {
    rows: [kindRow, tag.row, pattern.row],
    source: () => {
      if (kind.value === "none") return undefined;
      const key: BillMappingKey =
        kind.value === "tag" ? { kind: "tag", name: tag.input.value.trim() } : ({ kind: kind.value } as BillMappingKey);
      const typed = pattern.input.value.trim();
      return typed === "" ? { key } : { key, pattern: typed };
    },
    apply: (source) => {
      kind.value = source ? source.key.kind : "none";
      if (source?.key.kind === "tag") tag.input.value = source.key.name;
      pattern.input.value = source?.pattern ?? "";
      shown();
    },
  };
}

/** The columns of the models' table: each a heading and the figure of a model. */
const MODEL_COLUMNS: readonly { heading: string; value: (m: BillModelTotals, currency: string) => string }[] = [
  { heading: "Accelerator cost", value: (m, c) => formatCost(m.acceleratorCost, c) },
  { heading: "Training, h paid", value: (m) => formatHours(m.trainingHours) },
  { heading: "Training cost", value: (m, c) => formatCost(m.trainingCost, c) },
  {
    heading: "Training's share of cost",
    value: (m) => (m.trainingShareOfCost === undefined ? "–" : formatShare(m.trainingShareOfCost)),
  },
  { heading: "Serving, h used", value: (m) => formatHours(m.servingHoursConsumed) },
  { heading: "Serving, h paid", value: (m) => formatHours(m.servingHoursPaid) },
  { heading: "Peak-to-mean", value: (m) => (m.peakToMean === undefined ? "no serving" : formatRatio(m.peakToMean)) },
];

/**
 * Shows the models' figures over the months shown in `container` (a row a model, the costliest first; the rows
 * that name no model as "no model"), or nothing for a bill of one model.
 */
export function showModels(container: HTMLElement, models: readonly BillModelTotals[], currency: string): void {
  container.hidden = models.length === 0;
  if (models.length === 0) return container.replaceChildren();
  const title = make("h3", { id: "bill-models-title", class: "subheading" }, "By model");
  const table = make("table", { class: "bill-models", "aria-labelledby": "bill-models-title" });
  const head = make("thead");
  const headRow = make("tr");
  headRow.append(make("th", { scope: "col" }, "Model"));
  for (const column of MODEL_COLUMNS) headRow.append(make("th", { scope: "col" }, column.heading));
  head.append(headRow);
  const body = make("tbody");
  for (const model of models) {
    const row = make("tr");
    row.append(make("th", { scope: "row" }, model.model === "" ? "no model" : model.model));
    for (const column of MODEL_COLUMNS) row.append(make("td", {}, column.value(model, currency)));
    body.append(row);
  }
  table.append(head, body);
  const wrap = make("div", { class: "table-wrap", tabindex: "0", "aria-label": "By model: scroll sideways for more" });
  wrap.append(table);
  container.replaceChildren(title, wrap);
}
