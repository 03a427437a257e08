/*
 * The annual view's sensitivity, "What moves the ceiling": each of the year's inputs moved alone to its low and its
 * high (-20% and +20% unless a planner types a range of their own) and how far that moves training's share of the
 * year, the ceiling on any training-side change, or another of the year's figures. The what-if tab's section over
 * ANNUAL_VIEW: the same tornado, swing table, sentences and range editor, with ids of its own ("annual-").
 */
import { ANNUAL_VIEW, AnnualOutputKey } from "../model/annualWhatIf";
import { AnnualPlan } from "../model/annualFields";
import type { AnnualSensitivityOptions } from "../sheet/annualSensitivity";
import {
  defaultSensitivitySettings,
  SettingsReading,
  SensitivitySection,
  buildSensitivitySection,
} from "../../sensitivity/pane";

let section: SensitivitySection<AnnualPlan, AnnualOutputKey> | undefined;
/** the settings as last read: the sheet is written with their ranges, and not while one is refused */
let reading: SettingsReading<AnnualPlan> | undefined;

/**
 * Builds the section under `after` (made here, in the view's own chunk, so that the first load does not carry it);
 * `changed` hears every edit of its output or ranges, after the section has redrawn. The moves stay at 20% either
 * way here: the sheet has them as blue cells (YearLowMove, YearHighMove) for a planner who wants others.
 */
export function setUpAnnualSensitivity(after: HTMLElement, changed: () => void): void {
  section = buildSensitivitySection<AnnualPlan, AnnualOutputKey>({
    after,
    title: "What moves the ceiling",
    note:
      "Each input moved alone to its low and its high, every other input held: 20% either way, or a range you " +
      "type under Low and high of each input.",
    view: ANNUAL_VIEW,
    idPrefix: "annual-",
    settings: defaultSensitivitySettings<AnnualPlan, AnnualOutputKey>("trainingShareConsumed"),
    baseStale: "Out of date: fix the fields above to update.",
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
