/*
 * The annual view's sensitivity, "What moves the ceiling": each of the year's inputs moved alone to its low and its
 * high (-20% and +20% unless a planner types a range of their own) and how far that moves training's share of the
 * year, the ceiling on any training-side change, or another of the year's figures. The what-if tab's section over
 * ANNUAL_VIEW: the same tornado, swing table, sentences and range editor, with ids of its own ("annual-").
 */
import { ANNUAL_VIEW, AnnualOutputKey } from "../model/annualWhatIf";
import { AnnualPlan } from "../model/annualFields";
import type { AnnualSensitivityOptions } from "../sheet/annualSensitivity";
import { defaultSensitivitySettings, SettingsReading } from "../../sensitivity/pane/sensitivityFigures";
import { SensitivitySection, sensitivitySection } from "../../sensitivity/pane/sensitivitySection";

let section: SensitivitySection<AnnualPlan, AnnualOutputKey> | undefined;
/** the settings as last read: the sheet is written with their ranges, and not while one is refused */
let reading: SettingsReading<AnnualPlan> | undefined;

/** An element with its id and class, and its text when given. */
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

/**
 * Builds the section under `after` (made here, in the view's own chunk, so that the first load does not carry it);
 * `changed` hears every edit of its output or ranges, after the section has redrawn.
 */
export function setUpAnnualSensitivity(after: HTMLElement, changed: () => void): void {
  const root = element("section", "annual-sensitivity", "sensitivity");
  root.setAttribute("aria-labelledby", "annual-sensitivity-title");
  const heading = element("h2", "annual-sensitivity-title", "subheading", "What moves the ceiling");
  const note = element(
    "p",
    "",
    "section-note",
    "Each input moved alone to its low and its high, every other input held: 20% either way, or a range you type " +
      "under Low and high of each input.",
  );
  const controls = element("div", "", "whatif-controls");
  const label = element("label", "", "", "Output");
  label.htmlFor = "annual-output";
  const output = element("select", "annual-output", "");
  controls.append(label, output);
  const stale = element("p", "annual-sensitivity-stale", "stale-banner");
  stale.hidden = true;
  const sentences = element("div", "annual-sensitivity-sentences", "sentences");
  const tornado = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  tornado.id = "annual-tornado";
  tornado.setAttribute("class", "tornado");
  tornado.setAttribute("role", "img");
  tornado.setAttribute("viewBox", "0 0 340 0");
  const swingsWrap = element("div", "", "table-wrap");
  const swings = element("table", "annual-swings", "swings");
  swings.setAttribute("aria-label", "Swing of the output, largest first");
  swingsWrap.append(swings);
  const details = element("details", "", "ranges");
  const summary = element("summary", "", "", "Low and high of each input");
  const rangeTable = element("table", "annual-range-table", "range-table");
  rangeTable.setAttribute("aria-label", "Each input's own low and high");
  const reset = element("button", "annual-reset-ranges", "secondary reset-ranges", "Reset to 20% either way");
  reset.type = "button";
  details.append(summary, rangeTable, reset);
  root.append(heading, note, controls, stale, sentences, tornado, swingsWrap, details);
  after.after(root);
  section = sensitivitySection<AnnualPlan, AnnualOutputKey>({
    view: ANNUAL_VIEW,
    parts: { section: root, stale, output, sentences, tornado, swings, rangeTable, reset },
    idPrefix: "annual-",
    settings: defaultSensitivitySettings<AnnualPlan, AnnualOutputKey>("trainingShareConsumed"),
    staleTexts: {
      base: "Out of date: fix the fields above to update.",
      moves: "Out of date: fix the moves to update.",
    },
    changed: (read) => {
      reading = read;
      changed();
    },
  });
}

/** Shows what moves the year's figures at `plan`; undefined (the form is invalid) keeps them, out of date. */
export function showAnnualSensitivity(plan: AnnualPlan | undefined): void {
  reading = section!.follow(plan);
}

/** The sheet's sensitivity: the moves and every range typed; undefined while a range is refused. */
export function annualSheetSensitivity(): AnnualSensitivityOptions | undefined {
  const options = reading?.valid ? reading.options : undefined;
  if (!options) return undefined;
  return { lowFraction: options.lowFraction, highFraction: options.highFraction, ranges: { ...options.ranges } };
}
