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
import { modelSourceControls } from "./billModelsDom";
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

/** How long typing pauses before a field applies: the other views' forms apply as typed, as this does. */
const TYPING_PAUSE_MS = 400;

/**
 * Runs `apply` as the planner types (once typing pauses for TYPING_PAUSE_MS) and at once when the field loses
 * focus, once a value: a measuring of a large bill takes seconds, so not one a keystroke.
 */
function appliedAsTyped(field: HTMLInputElement, apply: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let applied = field.value;
  const run = () => {
    clearTimeout(timer);
    if (field.value === applied) return;
    applied = field.value;
    apply();
  };
  field.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, TYPING_PAUSE_MS);
  });
  field.addEventListener("change", run);
}

/** A labelled field row: `parts` in a div.field. */
function fieldRow(className: string, ...parts: HTMLElement[]): HTMLDivElement {
  const row = make("div", { class: className });
  row.append(...parts);
  return row;
}

/** The controls of the key (what tells the roles apart), its tag name, the guess and unused commitment's role. */
function keyControls() {
  const key = make("select", { id: "bill-key" });
  for (const [kind, words] of Object.entries(KEY_WORDS)) key.append(make("option", { value: kind }, words));
  const tag = make("input", {
    id: "bill-tag",
    type: "text",
    list: "bill-tag-names",
    autocomplete: "off",
    spellcheck: "false",
  });
  tag.value = "workload";
  const tagRow = fieldRow("field bill-tag-field", make("label", { for: "bill-tag" }, "Tag name"), tag);
  const guessLabel = make("label", { class: "checkbox" });
  const guess = make("input", { type: "checkbox", id: "bill-guess" });
  guess.checked = true;
  guessLabel.append(guess, document.createTextNode(" Guess unmapped values from their words (train, inference, …)"));
  const unused = roleSelect("serving", "Unused commitment counts as");
  unused.id = "bill-unused";
  const unusedNote = make(
    "p",
    { class: "section-note" },
    "Reserved capacity nobody used is paid and not consumed: serving's headroom, unless your reservations are " +
      "for training.",
  );
  const rows = [
    fieldRow("field", make("label", { for: "bill-key" }, "Rows are told apart by"), key),
    tagRow,
    guessLabel,
    fieldRow("field", make("label", { for: "bill-unused" }, "Unused commitment counts as"), unused, unusedNote),
  ];
  return { key, tag, tagRow, guess, unused, rows };
}

/** The part that asks the accelerator count of instance types the add-in does not know; hidden until needed. */
function countsPart() {
  const title = make("h3", { id: "bill-counts-title", class: "subheading" }, "Accelerators of unknown count");
  const note = make(
    "p",
    { class: "section-note" },
    "These rows name an instance type whose number of GPUs or chips the add-in does not know. Give the count per " +
      "instance (1 to 64) to count their hours; until then they are left out, with their cost shown below.",
  );
  const wrap = make("div", { class: "table-wrap" });
  const table = make("table", { id: "bill-counts", "aria-labelledby": "bill-counts-title" });
  wrap.append(table);
  const part = make("div", { id: "bill-counts-part" });
  part.append(title, note, wrap);
  part.hidden = true;
  return { part, table };
}

/** A table head of `columns`. */
function tableHead(columns: readonly string[]): HTMLTableSectionElement {
  const head = make("thead");
  const row = make("tr");
  for (const text of columns) row.append(make("th", { scope: "col" }, text));
  head.append(row);
  return head;
}

/** What the values table reads and changes: the planner's picks, whether to guess, and who hears a pick. */
interface Picks {
  picked: Map<string, BillRole>;
  guess: boolean;
  changed: () => void;
}

/** A row of the values table: the value, what it paid, its role (picked, or guessed and said so). */
function valueRow(row: KeyValueRow, { picked, guess, changed }: Picks): HTMLTableRowElement {
  const value = row.value ?? "";
  const id = value.toLowerCase();
  const role = picked.get(id) ?? (guess && value ? guessedRole(value) : "other");
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
  return tr;
}

/** One row of the counts table, as its figures say it. */
interface CountLine {
  /** the instance type a count is for; none for a text with no type in it */
  instanceType: string | undefined;
  detail: string;
  left: string;
  leftNote: string;
}

/** A row of the counts table: the instance type, what it costs (or that it is counted), the count's input. */
function countRow(line: CountLine, counts: Map<string, number>, changed: () => void): HTMLTableRowElement {
  const { instanceType, detail } = line;
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
  appliedAsTyped(input, () => {
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
  const cost = make("td", {}, line.left);
  cost.append(make("span", { class: "bill-sub" }, line.leftNote));
  const countCell = make("td");
  countCell.append(input, error);
  const sku = make("th", { scope: "row", class: "bill-sku" }, instanceType ?? "no instance type");
  sku.append(make("span", { class: "bill-sub" }, detail));
  const tr = make("tr");
  tr.append(sku, cost, countCell);
  return tr;
}

/** The counts table's lines: each unknown accelerator of the measuring, then the planner's counts not among them. */
function countLines(unknown: readonly UnknownAcceleratorRow[], counts: ReadonlyMap<string, number>): CountLine[] {
  const listed = new Set<string>();
  const lines: CountLine[] = unknown.map((row) => {
    // a count is the instance type's; a text with no type in it (a bare "gpu" SKU) has none to give
    const instanceType = unknownInstanceType(row.skuText);
    if (instanceType) listed.add(instanceType);
    const left = formatCost(row.effectiveCost, row.currency);
    return { instanceType, detail: row.skuText, left, leftNote: `${formatHours(row.instanceHours)} instance-h` };
  });
  // the planner's counts stay listed once their rows are counted, to be corrected or cleared
  for (const [instanceType, count] of counts)
    if (!listed.has(instanceType))
      lines.push({ instanceType, detail: `your count: ${count}`, left: "counted", leftNote: "in the figures" });
  return lines;
}

/** Builds the mapping and counts controls; `changed` hears every change. */
export function billMappingSection(changed: () => void): BillMappingSection {
  const element = make("section", {
    id: "bill-mapping",
    "aria-labelledby": "bill-mapping-title",
    class: "bill-section",
  });
  const title = make("h2", { id: "bill-mapping-title" }, "What is training, what is serving");
  const { key, tag, tagRow, guess, unused, rows } = keyControls();
  const valuesWrap = make("div", { class: "table-wrap" });
  const valuesNote = make("p", { class: "section-note" });
  const values = make("table", { id: "bill-values", "aria-label": "The key's values and their roles" });
  valuesWrap.append(values);
  const countsControls = countsPart();
  const models = modelSourceControls(changed, appliedAsTyped);
  element.append(title, ...rows, valuesWrap, valuesNote, ...models.rows, countsControls.part);

  /** the planner's picks, by lower-cased value; kept across measurings so a re-read keeps them */
  const picked = new Map<string, BillRole>();
  const counts = new Map<string, number>();
  const keyChanged = () => {
    tagRow.hidden = key.value !== "tag";
    picked.clear(); // another key's values are other words
    changed();
  };
  key.addEventListener("change", keyChanged);
  appliedAsTyped(tag, keyChanged);
  guess.addEventListener("change", changed);
  unused.addEventListener("change", changed);

  const show = (found: readonly KeyValueRow[], unknown: readonly UnknownAcceleratorRow[]) => {
    const picks = { picked, guess: guess.checked, changed };
    const body = make("tbody");
    body.append(...found.map((row) => valueRow(row, picks)));
    values.replaceChildren(tableHead(["Value", "Paid", "Role"]), body);
    // keyValuesSql lists the 200 costliest values: say so when there may be more
    valuesNote.textContent =
      found.length >= 200 ? "The 200 costliest values are listed; the others are guessed from their words." : "";
    countsControls.part.hidden = unknown.length === 0 && counts.size === 0;
    const countsBody = make("tbody");
    countsBody.append(...countLines(unknown, counts).map((line) => countRow(line, counts, changed)));
    countsControls.table.replaceChildren(tableHead(["Instance", "Left out", "Count"]), countsBody);
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
      models.apply(saved.model);
    },
    mapping: (): BillMapping => ({
      ...(models.source() ? { model: models.source() } : {}),
      key: key.value === "tag" ? { kind: "tag", name: tag.value.trim() } : ({ kind: key.value } as BillMappingKey),
      roles: Object.fromEntries(picked),
      guess: guess.checked,
      unusedCommitmentRole: unused.value as BillRole,
    }),
    counts: () => Object.fromEntries(counts),
  };
}
