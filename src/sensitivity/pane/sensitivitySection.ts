/*
 * One sensitivity section over any view (the what-if tab's stages, the annual tab's year): the output chooser, the
 * sentences, the tornado, the swing table and the editor of each input's low and high, live from the view's own
 * model. The section keeps its settings as typed. Its owner (sensitivityDom.ts, which builds its elements) says when
 * the base changes, and redraws it after changing the moves; the section tells its owner of every edit of its own
 * controls, after redrawing, so that what else follows from the settings (the what-if sheet's options) can follow.
 */
import { DEFAULT_HIGH_FRACTION, DEFAULT_LOW_FRACTION, defaultSwingRange } from "../model/sensitivity";
import { WhatIfField, WhatIfView } from "../model/whatIfView";
import { editableText, formatMoves, formatOutput } from "./outputFigures";
import { buildRangeRows, drawTornado, fillSwingTable, RangeInputs } from "./sensitivityTable";
import {
  readSensitivitySettings,
  SensitivityFigures,
  sensitivityFigures,
  SensitivitySettings,
  SettingsReading,
} from "./sensitivityFigures";
import { tornadoDescription, tornadoModel } from "./tornado";

/** The section's elements, as sensitivityDom.ts builds them. */
export interface SensitivityParts {
  /** marked data-stale while its figures are out of date */
  section: HTMLElement;
  /** the banner that says why they are out of date */
  stale: HTMLElement;
  /** the chooser of the output; without one the section shows its settings' output only */
  output?: HTMLSelectElement;
  sentences: HTMLElement;
  tornado: SVGSVGElement;
  swings: HTMLTableElement;
  rangeTable: HTMLTableElement;
  reset: HTMLButtonElement;
}

/** What a section needs to know of its view and its owner. */
export interface SensitivitySectionConfig<I, O extends string> {
  view: WhatIfView<I, O>;
  parts: SensitivityParts;
  /** keeps the range editor's ids apart from another tab's: "annual-" gives annual-range-<key>-low */
  idPrefix: string;
  settings: SensitivitySettings<I, O>;
  /** a sentence for an output that some inputs leave where it is and a planner expects otherwise */
  stillNotes?: { readonly [K in O]?: string };
  /** the banner while the base is invalid, and while a move is */
  staleTexts: { base: string; moves: string };
  /** hears every edit of the section's own controls (output, a range, reset), after the section has redrawn */
  changed: (reading: SettingsReading<I>) => void;
}

/** A built section. */
export interface SensitivitySection<I, O extends string> {
  /** the settings as typed; the owner may change the moves, then call draw() */
  readonly settings: SensitivitySettings<I, O>;
  /** Follows a new base (undefined: the view's inputs are invalid, so the figures are out of date); redraws. */
  follow(base: I | undefined): SettingsReading<I>;
  /** Redraws at the current base: the settings read, each range's message beside it, the figures. */
  draw(): SettingsReading<I>;
}

/** The inputs varied at `base`: numbers, not blank (a blank stands for a figure computed from others). */
const variedFields = <I>(view: WhatIfView<I, string>, base: I) =>
  view.fields.filter((field) => field.quantity !== "text" && base[field.key] !== undefined);

/** What a section keeps between draws. */
interface SectionState<I> {
  base: I | undefined;
  ranges: RangeInputs<keyof I & string>;
  /** the varied inputs the range rows were built for, to rebuild them only when that set changes */
  rangeKeys: string;
  /** the last valid moves, for the default ranges while a move is being retyped */
  fractions: { low: number; high: number };
}

/** Marks the section out of date with `text` in its banner, or up to date for undefined. */
function markStale(parts: SensitivityParts, text: string | undefined): void {
  parts.section.toggleAttribute("data-stale", text !== undefined);
  parts.stale.hidden = text === undefined;
  parts.stale.textContent = text ?? "";
}

/** Rebuilds the range rows when the set of varied inputs changes, each end as typed where the planner typed it. */
function rebuildRanges<I, O extends string>(
  config: SensitivitySectionConfig<I, O>,
  state: SectionState<I>,
  fields: readonly WhatIfField<I>[],
): void {
  const keys = fields.map((field) => field.key).join();
  if (keys === state.rangeKeys) return;
  state.ranges = buildRangeRows(config.parts.rangeTable, fields, config.idPrefix);
  state.rangeKeys = keys;
  for (const [key, pair] of state.ranges) {
    const own = config.settings.ranges[key] ?? {};
    for (const side of ["low", "high"] as const) {
      const typed = own[side];
      if (typed !== undefined) pair[side].value = typed;
      pair[side].classList.toggle("edited", typed !== undefined);
    }
  }
}

/** The range rows for `fields` at `at`, each with its message; an end not typed shows the moves' default. */
function showRanges<I, O extends string>(
  config: SensitivitySectionConfig<I, O>,
  state: SectionState<I>,
  fields: readonly WhatIfField<I>[],
  at: I,
  reading: SettingsReading<I>,
): void {
  rebuildRanges(config, state, fields);
  for (const field of fields) {
    const pair = state.ranges.get(field.key)!;
    const low = reading.errors[`${field.key}.low`];
    const high = reading.errors[`${field.key}.high`];
    pair.error.textContent = low ?? high ?? "";
    pair.error.closest("tr")!.hidden = !(low ?? high);
    pair.low.setAttribute("aria-invalid", low ? "true" : "false");
    pair.high.setAttribute("aria-invalid", high ? "true" : "false");
    // An end not typed shows the default the moves give it, and follows the input and the moves.
    const own = config.settings.ranges[field.key] ?? {};
    const { low: lowMove, high: highMove } = state.fractions;
    const range = defaultSwingRange(field, at[field.key] as unknown as number, lowMove, highMove);
    if (own.low === undefined) pair.low.value = editableText(range.low);
    if (own.high === undefined) pair.high.value = editableText(range.high);
  }
}

/** Wires the section's own controls (the output chooser, each range's ends, reset); `edited` hears each edit. */
function wireControls<I, O extends string>(
  config: SensitivitySectionConfig<I, O>,
  state: SectionState<I>,
  edited: () => void,
): void {
  const { view, parts, settings } = config;
  type Key = keyof I & string;
  if (parts.output) {
    const chooser = parts.output;
    for (const o of view.outputs) chooser.append(new Option(o.label, o.key, false, o.key === settings.output));
    chooser.addEventListener("change", () => {
      settings.output = chooser.value as O;
      edited();
    });
  }
  parts.rangeTable.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    const pair = state.ranges.get(input.dataset.key as Key);
    if (!pair) return;
    // Only the end typed becomes the planner's own: the other keeps following the moves.
    const side = input.dataset.side as "low" | "high";
    const key = input.dataset.key as Key;
    settings.ranges[key] = Object.assign({}, settings.ranges[key], { [side]: input.value });
    input.classList.add("edited");
    edited();
  });
  parts.reset.addEventListener("click", () => {
    settings.ranges = {};
    state.ranges.forEach((pair) => [pair.low, pair.high].forEach((input) => input.classList.remove("edited")));
    edited();
  });
}

/** Calls `redraw` with the tornado's box width whenever it changes; an engine without ResizeObserver keeps 340 px. */
function followWidth(tornado: SVGSVGElement, redraw: (width: number) => void): void {
  if (typeof ResizeObserver !== "function") return;
  let width = 340;
  new ResizeObserver(([entry]) => {
    const next = Math.round(entry.contentRect.width);
    if (next > 0 && next !== width) {
      width = next;
      redraw(width);
    }
  }).observe(tornado);
}

/** Builds a sensitivity section into its parts; it draws on the first follow(). */
export function sensitivitySection<I extends object, O extends string>(
  config: SensitivitySectionConfig<I, O>,
): SensitivitySection<I, O> {
  const { view, parts, settings } = config;
  const state: SectionState<I> = {
    base: undefined,
    ranges: new Map(),
    rangeKeys: "",
    fractions: { low: DEFAULT_LOW_FRACTION, high: DEFAULT_HIGH_FRACTION },
  };
  /** the tornado's figures as last drawn, and the width it is drawn at (its box's, once a ResizeObserver says) */
  let shown: SensitivityFigures<I, O> | undefined;
  let tornadoWidth = 340;

  /** The tornado at the width it is shown at, so that its 10-px text is 10 px at every pane width. */
  const drawAtWidth = () => {
    if (!shown) return;
    const figures = shown;
    const full = (value: number) => formatOutput(figures.output.quantity, value, "full");
    drawTornado(parts.tornado, tornadoModel(figures, Math.max(260, tornadoWidth)), tornadoDescription(figures, full));
  };

  /** The reset's words say where it takes the ranges back to: the moves as last valid, "20% either way". */
  const showReset = () =>
    (parts.reset.textContent = `Reset to ${formatMoves(state.fractions.low, state.fractions.high)}`);

  const draw = (): SettingsReading<I> => {
    const { base } = state;
    const fields = base ? variedFields(view, base) : view.fields;
    const reading = readSensitivitySettings(fields, settings);
    if (reading.options) state.fractions = { low: reading.options.lowFraction!, high: reading.options.highFraction! };
    showReset();
    if (!base) {
      markStale(parts, config.staleTexts.base);
      return reading;
    }
    showRanges(config, state, fields, base, reading);
    if (!reading.options) {
      markStale(parts, config.staleTexts.moves);
      return reading;
    }
    const figures = sensitivityFigures(view, base, reading.options, settings.output, config.stillNotes);
    markStale(parts, figures.problem);
    parts.sentences.replaceChildren(
      ...figures.sentences.map((text) => {
        const line = document.createElement("p");
        line.textContent = text;
        return line;
      }),
    );
    shown = figures;
    drawAtWidth();
    fillSwingTable(parts.swings, figures);
    return reading;
  };

  showReset();
  wireControls(config, state, () => config.changed(draw()));
  // Redraws whenever the tornado's box changes width.
  followWidth(parts.tornado, (width) => {
    tornadoWidth = width;
    drawAtWidth();
  });

  return {
    settings,
    follow(next) {
      state.base = next;
      return draw();
    },
    draw,
  };
}
