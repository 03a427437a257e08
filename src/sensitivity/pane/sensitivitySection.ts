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

/** Builds a sensitivity section into its parts; it draws on the first follow(). */
export function sensitivitySection<I extends object, O extends string>(
  config: SensitivitySectionConfig<I, O>,
): SensitivitySection<I, O> {
  const { view, parts, settings } = config;
  type Key = keyof I & string;
  let base: I | undefined;
  let ranges: RangeInputs<Key> = new Map();
  /** the varied inputs the range rows were built for, to rebuild them only when that set changes */
  let rangeKeys = "";
  /** the last valid moves, for the default ranges while a move is being retyped */
  let fractions = { low: DEFAULT_LOW_FRACTION, high: DEFAULT_HIGH_FRACTION };
  /** the tornado's figures as last drawn, and the width it is drawn at (its box's, once a ResizeObserver says) */
  let shown: SensitivityFigures<I, O> | undefined;
  let tornadoWidth = 340;

  const markStale = (text: string | undefined) => {
    parts.section.toggleAttribute("data-stale", text !== undefined);
    parts.stale.hidden = text === undefined;
    parts.stale.textContent = text ?? "";
  };

  /** The tornado at the width it is shown at, so that its 10-px text is 10 px at every pane width. */
  const drawAtWidth = () => {
    if (!shown) return;
    const figures = shown;
    const full = (value: number) => formatOutput(figures.output.quantity, value, "full");
    drawTornado(parts.tornado, tornadoModel(figures, Math.max(260, tornadoWidth)), tornadoDescription(figures, full));
  };

  /** The range rows for `fields`, rebuilt when the set of varied inputs changes, each with its message. */
  const showRanges = (fields: readonly WhatIfField<I>[], at: I, reading: SettingsReading<I>) => {
    const keys = fields.map((field) => field.key).join();
    if (keys !== rangeKeys) {
      ranges = buildRangeRows(parts.rangeTable, fields, config.idPrefix);
      rangeKeys = keys;
      for (const [key, pair] of ranges) {
        const own = settings.ranges[key] ?? {};
        for (const side of ["low", "high"] as const) {
          const typed = own[side];
          if (typed !== undefined) pair[side].value = typed;
          pair[side].classList.toggle("edited", typed !== undefined);
        }
      }
    }
    for (const field of fields) {
      const pair = ranges.get(field.key)!;
      const low = reading.errors[`${field.key}.low`];
      const high = reading.errors[`${field.key}.high`];
      pair.error.textContent = low ?? high ?? "";
      pair.error.closest("tr")!.hidden = !(low ?? high);
      pair.low.setAttribute("aria-invalid", low ? "true" : "false");
      pair.high.setAttribute("aria-invalid", high ? "true" : "false");
      // An end not typed shows the default the moves give it, and follows the input and the moves.
      const own = settings.ranges[field.key] ?? {};
      const range = defaultSwingRange(field, at[field.key] as unknown as number, fractions.low, fractions.high);
      if (own.low === undefined) pair.low.value = editableText(range.low);
      if (own.high === undefined) pair.high.value = editableText(range.high);
    }
  };

  /** The reset's words say where it takes the ranges back to: the moves as last valid, "20% either way". */
  const showReset = () => (parts.reset.textContent = `Reset to ${formatMoves(fractions.low, fractions.high)}`);

  const draw = (): SettingsReading<I> => {
    const fields = base ? variedFields(view, base) : view.fields;
    const reading = readSensitivitySettings(fields, settings);
    if (reading.options) fractions = { low: reading.options.lowFraction!, high: reading.options.highFraction! };
    showReset();
    if (!base) {
      markStale(config.staleTexts.base);
      return reading;
    }
    showRanges(fields, base, reading);
    if (!reading.options) {
      markStale(config.staleTexts.moves);
      return reading;
    }
    const figures = sensitivityFigures(view, base, reading.options, settings.output, config.stillNotes);
    markStale(figures.problem);
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

  const edited = () => config.changed(draw());

  showReset();

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
    const pair = ranges.get(input.dataset.key as Key);
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
    ranges.forEach((pair) => [pair.low, pair.high].forEach((input) => input.classList.remove("edited")));
    edited();
  });
  // Redraws whenever the tornado's box changes width; an engine without ResizeObserver keeps 340 px, scaled.
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width > 0 && width !== tornadoWidth) {
        tornadoWidth = width;
        drawAtWidth();
      }
    }).observe(parts.tornado);
  }

  return {
    settings,
    follow(next) {
      base = next;
      return draw();
    },
    draw,
  };
}
