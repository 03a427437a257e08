/*
 * The one form framework of the pane's views: a fieldset per group, a row per field (label with its unit,
 * input, its error and its hint), built from a view's field list as the model declares it (PLAN_FIELDS,
 * ANNUAL_FIELDS). Every input has a visible label; errors and hints are named by aria-describedby. A group the
 * model marks folded (advanced inputs: honesty factors, money) is a <details> closed until opened, its summary
 * showing the heading and the values as typed, kept current; a value turning invalid opens its group.
 */
import { FoldedValue, foldedValues } from "./formReading";

/** A field as the form draws it. */
export interface FormField<K extends string> {
  key: K;
  label: string;
  unit: string;
  quantity: string;
  group: string;
  blankMeans?: string;
  /** the name a folded group's summary gives the field ("overhead") */
  shortLabel?: string;
}

/** A group of the form: its fieldset's heading and whether it starts folded. */
export interface FormGroup {
  group: string;
  heading: string;
  folded?: boolean;
  note?: string;
}

/** The form's elements by field key, for the view that reads and marks them. */
export interface BuiltForm<K extends string> {
  inputs: Map<K, HTMLInputElement>;
  errors: Map<K, HTMLElement>;
  hints: Map<K, HTMLElement>;
  /** rewrites the folded groups' summaries from the inputs' text, for a view that sets values itself */
  refreshFolds: () => void;
}

/** A field's name in a folded group's summary: its short label, or its label with a lower-case first letter. */
const foldName = (field: FormField<string>) =>
  field.shortLabel ?? field.label.charAt(0).toLowerCase() + field.label.slice(1);

/**
 * Wraps `fieldset` in a closed <details> whose summary names the group and its values; returns the function
 * that rewrites the values and opens the group while any of its inputs is invalid (aria-invalid, as every view
 * marks one). The legend stays, hidden, so the fieldset keeps its accessible name.
 */
function fold(
  fieldset: HTMLFieldSetElement,
  heading: string,
  fields: readonly { field: FormField<string>; input: HTMLInputElement }[],
): { details: HTMLDetailsElement; refresh: () => void } {
  const details = document.createElement("details");
  details.className = "fold";
  const summary = document.createElement("summary");
  const title = document.createElement("span");
  title.className = "fold-heading";
  title.textContent = heading;
  const colon = document.createElement("span");
  colon.className = "visually-hidden";
  colon.textContent = ": ";
  const values = document.createElement("span");
  values.className = "fold-values";
  summary.append(title, colon, values);
  fieldset.querySelector("legend")?.classList.add("visually-hidden");
  details.append(summary, fieldset);
  const refresh = () => {
    const typed: FoldedValue[] = fields.map(({ field, input }) => ({ name: foldName(field), text: input.value }));
    values.textContent = foldedValues(typed);
    if (fields.some(({ input }) => input.getAttribute("aria-invalid") === "true")) details.open = true;
  };
  fieldset.addEventListener("input", refresh);
  // The view marks a field invalid after reading the form; hear the mark itself, so no view has to call back.
  if (typeof MutationObserver !== "undefined") {
    new MutationObserver(refresh).observe(fieldset, {
      attributes: true,
      subtree: true,
      attributeFilter: ["aria-invalid"],
    });
  }
  refresh();
  return { details, refresh };
}

/** `text` as nodes that wrap only between words: a hyphenated word ("accelerator-hours") stays whole. */
function wordsWithoutHyphenBreaks(text: string): Node[] {
  // split with a capturing group alternates: text between, a hyphenated word, text between, ...
  return text.split(/(\S*-\S*)/).map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const word = document.createElement("span");
    word.className = "nowrap";
    word.textContent = part;
    return word;
  });
}

/** A field's label: its name, then its unit on a line of its own (read as "name, unit"). */
function fieldLabel(id: string, name: string, unit: string): HTMLLabelElement {
  const label = document.createElement("label");
  label.htmlFor = id;
  const comma = document.createElement("span");
  comma.className = "visually-hidden";
  comma.textContent = ", ";
  const unitText = document.createElement("span");
  unitText.className = "unit";
  unitText.append(...wordsWithoutHyphenBreaks(unit));
  label.append(...wordsWithoutHyphenBreaks(name), comma, unitText);
  return label;
}

/** A paragraph under a field, for its error or its hint; the input names it in aria-describedby. */
function note(className: string, id: string): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = className;
  p.id = id;
  return p;
}

/**
 * Builds `fields` into `form`, a fieldset per group in `groups`' order. `idPrefix` keeps two views' ids apart
 * ("" for the stage view: field-<key>, error-<key>, hint-<key>; "annual-" for the annual view); `initialText`
 * gives each input its first text.
 */
export function buildFieldsForm<K extends string, F extends FormField<K>>(
  form: HTMLFormElement,
  fields: readonly F[],
  groups: readonly FormGroup[],
  initialText: (field: F) => string,
  idPrefix: string,
): BuiltForm<K> {
  const refreshes: (() => void)[] = [];
  const built: BuiltForm<K> = {
    inputs: new Map(),
    errors: new Map(),
    hints: new Map(),
    refreshFolds: () => refreshes.forEach((refresh) => refresh()),
  };
  for (const { group, heading, folded, note: groupNote } of groups) {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = heading;
    fieldset.append(legend);
    if (groupNote) {
      const text = document.createElement("p");
      text.className = "section-note group-note";
      text.textContent = groupNote;
      fieldset.append(text);
    }
    const members: { field: FormField<string>; input: HTMLInputElement }[] = [];
    for (const field of fields.filter((f) => f.group === group)) {
      const row = document.createElement("div");
      row.className = "field";
      const input = document.createElement("input");
      input.id = `${idPrefix}field-${field.key}`;
      input.name = field.key;
      input.type = "text";
      input.inputMode = field.quantity === "text" ? "text" : "decimal";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.value = initialText(field);
      const error = note("error", `${idPrefix}error-${field.key}`);
      const described = [error.id];
      row.append(fieldLabel(input.id, field.label, field.unit), input, error);
      built.errors.set(field.key, error);
      if (field.blankMeans !== undefined) {
        const hint = note("hint", `${idPrefix}hint-${field.key}`);
        described.push(hint.id);
        row.append(hint);
        built.hints.set(field.key, hint);
      }
      input.setAttribute("aria-describedby", described.join(" "));
      fieldset.append(row);
      built.inputs.set(field.key, input);
      members.push({ field, input });
    }
    if (!folded) {
      form.append(fieldset);
      continue;
    }
    const { details, refresh } = fold(fieldset, heading, members);
    refreshes.push(refresh);
    form.append(details);
  }
  return built;
}
