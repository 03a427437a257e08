/*
 * The planner's say over the bill: what tells training from serving (a tag, the resource name or id, the
 * sub-account), each of the key's values with what it paid and its role (guessed from its words until the
 * planner picks one), where unused commitment goes, and the accelerator count of each instance type the add-in
 * does not know. Every change goes to `changed` with the whole mapping and counts; the figures follow.
 */
import type { KeyValueRow, UnknownAcceleratorRow } from "../engine/billImport";
import { AcceleratorCounts, isAcceleratorCount, unknownInstanceType } from "../model/accelerators";
import { BILL_ROLES, BillMapping, BillMappingKey, BillRole, guessedRole } from "../model/roles";
import { formatCost, formatHours } from "../../core/pane/format";
import { make } from "../../core/pane/dom";

const ROLE_WORDS: Record<BillRole, string> = {
  training: "Training",
  serving: "Serving",
  rescan: "Re-scans",
  other: "Other",
};

const KEY_WORDS: Record<BillMappingKey["kind"], string> = {
  tag: "A tag",
  resourceName: "The resource name",
  resourceId: "The resource id",
  subAccount: "The sub-account",
};

/** The mapping section, built. */
export interface BillMappingSection {
  element: HTMLElement;
  /** shows the key's values and the unknown accelerators of the last measuring */
  show(values: readonly KeyValueRow[], unknown: readonly UnknownAcceleratorRow[]): void;
  /** puts a saved mapping and counts in the controls (next month's bill, a mapping file) */
  apply(mapping: BillMapping, counts: AcceleratorCounts): void;
  mapping(): BillMapping;
  counts(): AcceleratorCounts;
}

/** A <select> of the four roles, `role` chosen. */
function roleSelect(role: BillRole, label: string): HTMLSelectElement {
  const select = make("select", { "aria-label": label });
  for (const option of BILL_ROLES) select.append(make("option", { value: option }, ROLE_WORDS[option]));
  select.value = role;
  return select;
}

/** Builds the mapping and counts controls; `changed` hears every change. */
export function billMappingSection(changed: () => void): BillMappingSection {
  const element = make("section", {
    id: "bill-mapping",
    "aria-labelledby": "bill-mapping-title",
    class: "bill-section",
  });
  const title = make("h2", { id: "bill-mapping-title" }, "What is training, what is serving");
  const keyLabel = make("label", { for: "bill-key" }, "Rows are told apart by");
  const key = make("select", { id: "bill-key" });
  for (const [kind, words] of Object.entries(KEY_WORDS)) key.append(make("option", { value: kind }, words));
  const tagLabel = make("label", { for: "bill-tag" }, "Tag name");
  const tag = make("input", {
    id: "bill-tag",
    type: "text",
    list: "bill-tag-names",
    autocomplete: "off",
    spellcheck: "false",
  });
  tag.value = "workload";
  const tagRow = make("div", { class: "field bill-tag-field" });
  tagRow.append(tagLabel, tag);
  const guessLabel = make("label", { class: "checkbox" });
  const guess = make("input", { type: "checkbox", id: "bill-guess" });
  guess.checked = true;
  guessLabel.append(guess, document.createTextNode(" Guess unmapped values from their words (train, inference, …)"));
  const unusedLabel = make("label", { for: "bill-unused" }, "Unused commitment counts as");
  const unused = roleSelect("serving", "Unused commitment counts as");
  unused.id = "bill-unused";
  const unusedNote = make(
    "p",
    { class: "section-note" },
    "Reserved capacity nobody used is paid and not consumed: serving's headroom, unless your reservations are " +
      "for training.",
  );
  const valuesWrap = make("div", { class: "table-wrap" });
  const valuesNote = make("p", { class: "section-note" });
  const values = make("table", { id: "bill-values", "aria-label": "The key's values and their roles" });
  valuesWrap.append(values);
  const countsTitle = make("h3", { id: "bill-counts-title", class: "subheading" }, "Accelerators of unknown count");
  const countsNote = make(
    "p",
    { class: "section-note" },
    "These rows name an instance type whose number of GPUs or chips the add-in does not know. Give the count per " +
      "instance (1 to 64) to count their hours; until then they are left out, with their cost shown below.",
  );
  const countsWrap = make("div", { class: "table-wrap" });
  const countsTable = make("table", { id: "bill-counts", "aria-labelledby": "bill-counts-title" });
  countsWrap.append(countsTable);
  const countsPart = make("div", { id: "bill-counts-part" });
  countsPart.append(countsTitle, countsNote, countsWrap);
  countsPart.hidden = true;
  const keyRow = make("div", { class: "field" });
  keyRow.append(keyLabel, key);
  const unusedRow = make("div", { class: "field" });
  unusedRow.append(unusedLabel, unused, unusedNote);
  element.append(title, keyRow, tagRow, guessLabel, unusedRow, valuesWrap, valuesNote, countsPart);

  /** the planner's picks, by lower-cased value; kept across measurings so a re-read keeps them */
  const picked = new Map<string, BillRole>();
  const counts = new Map<string, number>();
  const mapping = (): BillMapping => ({
    key: key.value === "tag" ? { kind: "tag", name: tag.value.trim() } : ({ kind: key.value } as BillMappingKey),
    roles: Object.fromEntries(picked),
    guess: guess.checked,
    unusedCommitmentRole: unused.value as BillRole,
  });
  const keyChanged = () => {
    tagRow.hidden = key.value !== "tag";
    picked.clear(); // another key's values are other words
    changed();
  };
  key.addEventListener("change", keyChanged);
  tag.addEventListener("change", keyChanged);
  guess.addEventListener("change", changed);
  unused.addEventListener("change", changed);

  const show = (rows: readonly KeyValueRow[], unknown: readonly UnknownAcceleratorRow[]) => {
    const head = make("thead");
    const headRow = make("tr");
    for (const text of ["Value", "Paid", "Role"]) headRow.append(make("th", { scope: "col" }, text));
    head.append(headRow);
    const body = make("tbody");
    for (const row of rows) {
      const value = row.value ?? "";
      const id = value.toLowerCase();
      const role = picked.get(id) ?? (guess.checked && value ? guessedRole(value) : "other");
      // rows without the key: unused commitment goes where its own choice above says, the rest to Other
      const label = value === "" ? "(no value: unused commitment as above, the rest Other)" : value;
      const select = roleSelect(role, `Role of ${label}`);
      select.disabled = value === "";
      select.addEventListener("change", () => {
        picked.set(id, select.value as BillRole);
        changed();
      });
      const tr = make("tr");
      const paid = make("td", {}, formatCost(row.effectiveCost, row.currency));
      paid.append(make("span", { class: "bill-sub" }, `${formatHours(row.paidHours)} h`));
      const roleCell = make("td");
      roleCell.append(select);
      if (!picked.has(id) && value) roleCell.append(make("span", { class: "bill-sub" }, "guessed"));
      tr.append(make("th", { scope: "row" }, label), paid, roleCell);
      body.append(tr);
    }
    values.replaceChildren(head, body);
    // keyValuesSql lists the 200 costliest values: say so when there may be more
    valuesNote.textContent =
      rows.length >= 200 ? "The 200 costliest values are listed; the others are guessed from their words." : "";

    countsPart.hidden = unknown.length === 0 && counts.size === 0;
    const countsHead = make("thead");
    const countsHeadRow = make("tr");
    for (const text of ["Instance", "Left out", "Count"]) countsHeadRow.append(make("th", { scope: "col" }, text));
    countsHead.append(countsHeadRow);
    const countsBody = make("tbody");
    /** a row of the counts table: the instance type, what it costs (or that it is counted), the count */
    const countRow = (instanceType: string | undefined, detail: string, left: string, leftNote: string) => {
      const input = make("input", {
        type: "number",
        min: "1",
        max: "64",
        step: "1",
        inputmode: "numeric",
        "aria-label": `Accelerators per instance of ${instanceType ?? detail}`,
      });
      input.disabled = instanceType === undefined;
      if (instanceType && counts.has(instanceType)) input.value = String(counts.get(instanceType));
      const error = make("span", { class: "error", role: "alert" });
      input.addEventListener("change", () => {
        if (!instanceType) return;
        const count = Number(input.value);
        if (input.value.trim() === "") counts.delete(instanceType);
        else if (!isAcceleratorCount(count)) {
          error.textContent = "A whole number from 1 to 64.";
          input.setAttribute("aria-invalid", "true");
          return;
        } else counts.set(instanceType, count);
        error.textContent = "";
        input.setAttribute("aria-invalid", "false");
        changed();
      });
      const cost = make("td", {}, left);
      cost.append(make("span", { class: "bill-sub" }, leftNote));
      const countCell = make("td");
      countCell.append(input, error);
      const sku = make("th", { scope: "row", class: "bill-sku" }, instanceType ?? "no instance type");
      sku.append(make("span", { class: "bill-sub" }, detail));
      const tr = make("tr");
      tr.append(sku, cost, countCell);
      countsBody.append(tr);
    };
    const listed = new Set<string>();
    for (const row of unknown) {
      // a count is the instance type's; a text with no type in it (a bare "gpu" SKU) has none to give
      const instanceType = unknownInstanceType(row.skuText);
      if (instanceType) listed.add(instanceType);
      countRow(
        instanceType,
        row.skuText,
        formatCost(row.effectiveCost, row.currency),
        `${formatHours(row.instanceHours)} instance-h`,
      );
    }
    // the planner's counts stay listed once their rows are counted, to be corrected or cleared
    for (const [instanceType, count] of counts) {
      if (!listed.has(instanceType)) countRow(instanceType, `your count: ${count}`, "counted", "in the figures");
    }
    countsTable.replaceChildren(countsHead, countsBody);
  };

  return {
    element,
    show,
    apply: (saved, savedCounts) => {
      key.value = saved.key.kind;
      if (saved.key.kind === "tag") tag.value = saved.key.name;
      tagRow.hidden = key.value !== "tag";
      guess.checked = saved.guess !== false;
      unused.value = saved.unusedCommitmentRole ?? "serving";
      picked.clear();
      for (const [value, role] of Object.entries(saved.roles)) picked.set(value.trim().toLowerCase(), role);
      counts.clear();
      for (const [sku, count] of Object.entries(savedCounts)) counts.set(sku, count);
    },
    mapping,
    counts: () => Object.fromEntries(counts),
  };
}
