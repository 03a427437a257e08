/*
 * The tornado chart as geometry, with no DOM: one horizontal bar per input, around a vertical line at the base
 * scenario's output; the part from the base to the output with the input at its low in one colour, to the output
 * with the input at its high in another; the figures at the bars' ends; "no change" where an input does not move
 * the output (traffic on the crossover). Rows come largest swing first, as the model sorts them. Any view's figures
 * draw alike: the what-if tab's and the annual tab's tornadoes are this one drawing.
 */
import { CHARACTER_WIDTH } from "../../core/pane/dom";
import { SensitivityFigures } from "./sensitivityFigures";

/** A text placed at a point, anchored at one end or its middle. */
export interface TornadoText {
  x: number;
  y: number;
  text: string;
  anchor: "start" | "middle" | "end";
}

/** One end of a bar: from the base line to x, and its figure. */
export interface TornadoSegment {
  side: "low" | "high";
  from: number;
  to: number;
  label: TornadoText;
}

/** One input's row. */
export interface TornadoBar {
  label: TornadoText;
  /** the bar's top and height */
  y: number;
  height: number;
  segments: TornadoSegment[];
  /** set when the input leaves the output where it is: a mark on the base line and these words */
  unchanged?: TornadoText;
  /** set when neither end has a figure (a range the field refuses): these words, and no bar */
  missing?: TornadoText;
}

/** Everything the tornado draws. */
export interface TornadoModel {
  width: number;
  height: number;
  baseX: number;
  /** the base line's extent */
  top: number;
  bottom: number;
  /**
   * the base line as drawn: a dash through each row's bar band, broken at the rows' labels (which run across the
   * whole width above their bars), so the line never crosses a label's text
   */
  baseLines: { y1: number; y2: number }[];
  baseLabel: TornadoText;
  bars: TornadoBar[];
  legendY: number;
}

/* Room each side for a bar's figure (six characters), and the rows' measures. */
const SIDE = 44;
const TOP = 18;
const ROW = 34;
const LABEL_TO_BAR = 5;
const BAR = 12;
const LEGEND = 24;

/** `text` cut to `characters`, with an ellipsis where cut. */
const fit = (text: string, characters: number) =>
  text.length <= characters ? text : `${text.slice(0, Math.max(1, characters - 1))}…`;

/** The tornado of `figures` at `width` px, or undefined where there is no base value or no row to draw. */
export function tornadoModel<I, O extends string>(
  figures: SensitivityFigures<I, O>,
  width: number,
): TornadoModel | undefined {
  const { base } = figures;
  if (base === undefined || figures.rows.length === 0) return undefined;
  const values = [base];
  for (const row of figures.rows) {
    if (row.lowOutput !== undefined) values.push(row.lowOutput);
    if (row.highOutput !== undefined) values.push(row.highOutput);
  }
  let low = Math.min(...values);
  let high = Math.max(...values);
  // No input moves it: a span around the base so that the base line sits in the middle.
  const span = high - low || Math.abs(base) * 0.2 || 1;
  if (high === low) [low, high] = [base - span / 2, base + span / 2];
  const left = SIDE;
  const right = width - SIDE;
  const x = (value: number) => left + ((value - low) / (high - low)) * (right - left);
  const baseX = x(base);
  const bars = figures.rows.map((row, i): TornadoBar => {
    const top = TOP + i * ROW;
    const y = top + 10 + LABEL_TO_BAR;
    const middle = y + BAR / 2 + 3.5;
    const label: TornadoText = {
      x: 0,
      y: top + 10,
      text: fit(row.label, Math.floor(width / CHARACTER_WIDTH)),
      anchor: "start",
    };
    if (row.zero) {
      return {
        label,
        y,
        height: BAR,
        segments: [],
        unchanged: { x: baseX + 6, y: middle, text: "no change", anchor: "start" },
      };
    }
    if (row.lowOutput === undefined && row.highOutput === undefined) {
      return {
        label,
        y,
        height: BAR,
        segments: [],
        missing: { x: baseX + 6, y: middle, text: "no figure", anchor: "start" },
      };
    }
    const segments: TornadoSegment[] = [];
    const ends = [
      ["low", row.lowOutput, row.lowLabel],
      ["high", row.highOutput, row.highLabel],
    ] as const;
    for (const [side, value, text] of ends) {
      // An end at the base (a factor already at 1 cannot go lower) has no bar and needs no figure.
      if (value === undefined || value === base) continue;
      const to = x(value);
      const leftward = to < baseX;
      segments.push({
        side,
        from: baseX,
        to,
        label: { x: leftward ? to - 3 : to + 3, y: middle, text, anchor: leftward ? "end" : "start" },
      });
    }
    return { label, y, height: BAR, segments };
  });
  const bottom = TOP + bars.length * ROW;
  // From under the base label to the first row's label, then each row's bar band (a little above and below it).
  const baseLines = [
    { y1: TOP - 4, y2: TOP - 1 },
    ...bars.map((bar) => ({ y1: bar.y - 1, y2: bar.y + bar.height + 3 })),
  ];
  return {
    width,
    height: bottom + LEGEND,
    baseX,
    top: TOP - 4,
    bottom,
    baseLines,
    baseLabel: {
      x: Math.min(Math.max(baseX, SIDE), width - SIDE),
      y: 10,
      text: `base ${figures.rows.length ? figures.baseText : ""}`.trim(),
      anchor: "middle",
    },
    bars,
    legendY: bottom + 16,
  };
}

/** The chart in words, for its aria-label: the base, then each input's output at its low and at its high. */
export function tornadoDescription<I, O extends string>(
  figures: SensitivityFigures<I, O>,
  full: (value: number) => string,
): string {
  const rows = figures.rows.map((row) => {
    if (row.zero) return `${row.label}: no change`;
    const end = (value: number | undefined) => (value === undefined ? "no figure" : full(value));
    return `${row.label}: ${end(row.lowOutput)} at low, ${end(row.highOutput)} at high`;
  });
  return `Tornado chart of ${figures.output.label.toLowerCase()}, base ${figures.baseText}. ${rows.join("; ")}.`;
}
