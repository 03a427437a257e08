/*
 * The sensitivity section's elements, built the one way for every tab that shows it (the annual tab's "What moves
 * the ceiling", the what-if tab's "Sensitivity of the base scenario"): its heading and note, the output chooser,
 * the out-of-date banner, the sentences, the tornado, the swing table, and under "Low and high of each input" the
 * editor of each input's range, after the default moves where the tab lets a planner type them. A tab builds it
 * when first shown, in its own chunk, so the first load carries none of it.
 */
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { SensitivitySection, sensitivitySection, SensitivitySectionConfig } from "./sensitivitySection";
import { SettingsReading } from "./sensitivityFigures";

/** Where a tab puts its section and what it says there; the rest is the section's own configuration. */
export interface SensitivityDomConfig<I, O extends string> extends Omit<
  SensitivitySectionConfig<I, O>,
  "parts" | "staleTexts"
> {
  /** the element the section is placed after */
  after: HTMLElement;
  title: string;
  /** a line under the heading, when the tab needs one */
  note?: string;
  /** the banner while the tab's own inputs are invalid: "Out of date: fix the scenarios above to update." */
  baseStale: string;
  /** true where a planner types the default moves, above the ranges; otherwise they stay as the settings have them */
  editMoves?: boolean;
}

type MoveKey = "lowMove" | "highMove";

const MOVE_FIELDS = [
  { key: "lowMove", label: "Low: move every input by", unit: "% of its base value", quantity: "share", group: "moves" },
  {
    key: "highMove",
    label: "High: move every input by",
    unit: "% of its base value",
    quantity: "share",
    group: "moves",
  },
] as const;

/** The ranges' editor's name, on its disclosure and on the form that holds the moves. */
const RANGES = "Low and high of each input";

/** An element with its id and class (either may be ""), and its text when given. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  id: string,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (id) node.id = id;
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The tornado's drawing; its label is the chart's description once drawn (drawTornado). */
function tornadoSvg(id: string): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = id;
  svg.setAttribute("class", "tornado");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Tornado chart");
  svg.setAttribute("viewBox", "0 0 340 0");
  return svg;
}

/** A table in its sideways-scrolling frame. */
function tableIn(id: string, className: string, label: string): { wrap: HTMLElement; table: HTMLTableElement } {
  const wrap = element("div", "", "table-wrap");
  const table = element("table", id, className);
  table.setAttribute("aria-label", label);
  wrap.append(table);
  return { wrap, table };
}

/** The moves' form: its fields, each message beside its field, and the moves read back into the settings. */
function movesForm(form: HTMLFormElement, prefix: string, settings: Record<MoveKey, string>): BuiltForm<MoveKey> {
  const heading = [{ group: "moves", heading: "Default moves" }];
  const built = buildFieldsForm<MoveKey, (typeof MOVE_FIELDS)[number]>(
    form,
    MOVE_FIELDS,
    heading,
    (f) => settings[f.key],
    prefix,
  );
  form.addEventListener("submit", (event) => event.preventDefault());
  return built;
}

/**
 * Builds a tab's sensitivity section after `config.after` and wires it: the section of sensitivitySection.ts over
 * these elements, with the moves' editor where `editMoves` asks for one (its messages beside its fields on every
 * redraw). `changed` hears every edit of the section's controls, the moves too, after the section has redrawn.
 */
export function buildSensitivitySection<I extends object, O extends string>(
  config: SensitivityDomConfig<I, O>,
): SensitivitySection<I, O> {
  const prefix = config.idPrefix;
  const root = element("section", `${prefix}sensitivity`, "sensitivity");
  root.setAttribute("aria-labelledby", `${prefix}sensitivity-title`);
  const heading = element("h2", `${prefix}sensitivity-title`, "", config.title);
  const note = config.note === undefined ? [] : [element("p", "", "section-note", config.note)];
  const controls = element("div", "", "whatif-controls");
  const label = element("label", "", "", "Output");
  label.htmlFor = `${prefix}output`;
  const output = element("select", `${prefix}output`, "");
  controls.append(label, output);
  const stale = element("p", `${prefix}sensitivity-stale`, "stale-banner");
  stale.hidden = true;
  const sentences = element("div", `${prefix}sensitivity-sentences`, "sentences");
  const tornado = tornadoSvg(`${prefix}tornado`);
  const swings = tableIn(`${prefix}swings`, "swings", "Swing of the output, largest first");
  const ranges = element("details", "", "ranges");
  const rangeWrap = element("div", `${prefix}range-wrap`, "");
  const rangeTable = element("table", `${prefix}range-table`, "range-table");
  rangeTable.setAttribute("aria-label", "Each input's own low and high");
  const reset = element("button", `${prefix}reset-ranges`, "secondary reset-ranges");
  reset.type = "button";
  rangeWrap.append(rangeTable, reset);
  ranges.append(element("summary", "", "", RANGES));
  root.append(heading, ...note, controls, stale, sentences, tornado, swings.wrap, ranges);
  config.after.after(root);

  let moves: BuiltForm<MoveKey> | undefined;
  /** The moves' messages beside them (where the tab edits them), for every reading. */
  const shown = (reading: SettingsReading<I>) => {
    if (!moves) return reading;
    for (const key of ["lowMove", "highMove"] as const) {
      const message = reading.errors[key];
      moves.errors.get(key)!.textContent = message ?? "";
      moves.inputs.get(key)!.setAttribute("aria-invalid", message ? "true" : "false");
    }
    return reading;
  };
  const section = sensitivitySection<I, O>({
    ...config,
    parts: { section: root, stale, output, sentences, tornado, swings: swings.table, rangeTable, reset },
    staleTexts: { base: config.baseStale, moves: "Out of date: fix the moves below to update." },
    changed: (reading) => config.changed(shown(reading)),
  });

  if (config.editMoves) {
    // The form holds the ranges too, so that its name covers all of the editor.
    const form = element("form", `${prefix}moves`, "");
    form.noValidate = true;
    form.setAttribute("aria-label", RANGES);
    const built = movesForm(form, prefix, section.settings);
    moves = built;
    form.append(rangeWrap);
    ranges.append(form);
    form.addEventListener("input", (event) => {
      // A range's own input is the section's to hear.
      if ((event.target as HTMLElement).dataset.side) return;
      section.settings.lowMove = built.inputs.get("lowMove")!.value;
      section.settings.highMove = built.inputs.get("highMove")!.value;
      config.changed(shown(section.draw()));
    });
  } else {
    ranges.append(rangeWrap);
  }

  return {
    settings: section.settings,
    follow: (base) => shown(section.follow(base)),
    draw: () => shown(section.draw()),
  };
}
