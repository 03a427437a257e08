/*
 * The preview chart as geometry, with no DOM: serving hours against clips per interval on log
 * axes (a straight line), the flat training line, the crossover where they meet, and the three
 * stages as points on the serving line. Every value comes from the model.
 *
 * Everything is placed from log10 values, never from powers of ten: the form accepts any finite
 * number, and 10 ** 309 is Infinity while 10 ** -330 is 0, but their logarithms are ordinary.
 */
import { CHARACTER_WIDTH } from "../../core/pane/dom";
import { crossoverClipsLog10, servingHoursPerClipLog10 } from "../../core/model/formulas";
import { StageTable } from "../model/stages";
import { formatFromLog, formatPowerOfTen } from "../../core/pane/format";

/** A point in the drawing's coordinates (pixels, y down). */
export interface Point {
  x: number;
  y: number;
}

/** Where a label's text goes: its anchor point and which end of the text sits there. */
export interface Label extends Point {
  anchor: "start" | "end";
}

/** Everything the chart draws. */
export interface ChartModel {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  xTicks: { at: number; label: string }[];
  yTicks: { at: number; label: string }[];
  serving: [Point, Point];
  training: [Point, Point];
  crossover?: Point;
  /** the word "crossover" beside its line, kept inside the drawing */
  crossoverLabel?: Label;
  stages: (Point & { name: string; label: Label })[];
  /** stages that cannot sit on a log axis (0 clips) */
  offScale: string[];
  /**
   * Set when the values cannot be drawn sensibly: the sentence to show instead of the chart.
   * Ticks, stages and crossover are then empty, and the lines are placeholders on the x axis.
   */
  outOfRange?: string;
}

type Plot = ChartModel["plot"];

/** An axis as powers of ten: from 10^low to 10^high, a tick every `step` powers. */
interface Axis {
  low: number;
  high: number;
  step: number;
}

/* The right margin holds half the last x label ("1E-324", 36 px) centred on the axis's end. */
const MARGIN = { left: 52, right: 20, top: 12, bottom: 40 };

/*
 * The most powers of ten one axis may span. A real plan spans about 20 (hours from 0.001 to 1e7,
 * clips from 1 to 1e13). At 30, a decade is still 5.6 px of the default 168-px plot height, about
 * a stage marker's radius, so stages tenfold apart stay apart; beyond it they merge into one blot
 * and the axis says nothing, so the chart says the values are out of range instead.
 */
const MAX_DECADES = 30;

/*
 * At most 5 gaps (6 ticks) per axis: at the default 268-px plot width a gap is at least 53 px, and at the
 * narrowest the pane draws (280 px wide, a 208-px plot) 41 px, wider than the longest label ("0.0001",
 * "1E-300": 6 characters of about 6 px).
 */
const MAX_TICK_GAPS = 5;

/** The axis over logs `from`..`to`: whole powers of ten, at least one, ending on a tick. */
function axisOver(from: number, to: number): Axis & { span: number } {
  const low = Math.floor(from);
  const span = Math.max(1, Math.ceil(to) - low);
  const step = Math.ceil(span / MAX_TICK_GAPS);
  return { low, high: low + step * Math.ceil(span / step), step, span };
}

/** Pixel position of `log` along an axis drawn from `start` (at low) to `end` (at high). */
function place(axis: Axis, start: number, end: number, log: number): number {
  return start + ((log - axis.low) / (axis.high - axis.low)) * (end - start);
}

/** A tick every `step` powers of ten from `low`; the axis ends on one (see axisOver). */
function ticks(axis: Axis, start: number, end: number): ChartModel["xTicks"] {
  const out: ChartModel["xTicks"] = [];
  for (let e = axis.low; e <= axis.high; e += axis.step) {
    out.push({ at: place(axis, start, end, e), label: formatPowerOfTen(e) });
  }
  return out;
}

/** True when every number anywhere inside `value` is finite: an SVG attribute takes no NaN. */
function allFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "object" && value !== null) return Object.values(value).every(allFinite);
  return true;
}

/** The model that shows `message` in place of the chart. */
function outOfRangeModel(width: number, height: number, message: string): ChartModel {
  const plot = plotOf(width, height);
  const baseline: [Point, Point] = [
    { x: plot.left, y: plot.bottom },
    { x: plot.right, y: plot.bottom },
  ];
  const empty = { xTicks: [], yTicks: [], stages: [], offScale: [] };
  return { width, height, plot, ...empty, serving: baseline, training: baseline, outOfRange: message };
}

function plotOf(width: number, height: number): Plot {
  return { left: MARGIN.left, top: MARGIN.top, right: width - MARGIN.right, bottom: height - MARGIN.bottom };
}

/** The sentence for values that span too many powers of ten, naming both ranges. */
function rangeMessage(clips: number[], hours: number[]): string {
  const from = (logs: number[]) => `${formatFromLog(Math.min(...logs))} to ${formatFromLog(Math.max(...logs))}`;
  return (
    `Outside the chart's range: clips per interval run from ${from(clips)} ` +
    `and accelerator-hours from ${from(hours)}, more than ${MAX_DECADES} powers of ten to draw on one chart.`
  );
}

/** The logs the chart is drawn from: every one finite, since each is log10 of a positive double. */
interface Logs {
  /** log10(serving hours) = log10(clips) + servingOffset, with no product that can overflow */
  servingOffset: number;
  /** log10 of effective training hours; undefined for 0 hours */
  training?: number;
  /** log10 of the crossover; computed from logs, so one too large for a cell is still placed */
  crossover?: number;
  /** log10 of every positive stage's clips, and of the crossover */
  clips: number[];
}

function logsOf(table: StageTable, secondsPerClip: number): Logs {
  const servingOffset = servingHoursPerClipLog10(secondsPerClip);
  const hours = table.trainingHoursEffective;
  const training = hours > 0 ? Math.log10(hours) : undefined;
  const crossover = hours > 0 ? crossoverClipsLog10(hours, secondsPerClip) : undefined;
  const stageClips = table.rows.filter((r) => r.clipsPerInterval > 0).map((r) => Math.log10(r.clipsPerInterval));
  const clips = crossover === undefined ? stageClips : [...stageClips, crossover];
  return { servingOffset, training, crossover, clips };
}

/** log10 of every hours value that must fit: serving at clips `low` and `high`, and training. */
const hourLogs = (logs: Logs, low: number, high: number): number[] => [
  low + logs.servingOffset,
  high + logs.servingOffset,
  ...(logs.training === undefined ? [] : [logs.training]),
];

const NOT_DRAWABLE = "Outside the chart's range: a value is too large or too small to draw.";

/**
 * Lays out the chart for `table`, where serving costs `secondsPerClip` accelerator-seconds
 * per clip (after the peak-to-mean factor). Undefined when nothing is positive to plot; a model
 * with `outOfRange` set when the values span too many powers of ten to draw sensibly.
 */
export function chartModel(
  table: StageTable,
  secondsPerClip: number,
  width = 340,
  height = 220,
): ChartModel | undefined {
  if (!(secondsPerClip > 0)) return undefined;
  const logs = logsOf(table, secondsPerClip);
  if (logs.clips.length === 0) return undefined;
  // Only an infinite seconds per clip gets here, as no caller's table allows one; still, no NaN.
  if (!allFinite(logs)) return outOfRangeModel(width, height, NOT_DRAWABLE);
  const [clipsLow, clipsHigh] = [Math.min(...logs.clips), Math.max(...logs.clips)];
  const x = axisOver(clipsLow, clipsHigh);
  // The y axis holds the serving line over the whole x axis, so that its ends need no clipping.
  const hoursOnPlot = hourLogs(logs, x.low, x.high);
  const y = axisOver(Math.min(...hoursOnPlot), Math.max(...hoursOnPlot));
  if (x.span > MAX_DECADES || y.span > MAX_DECADES) {
    return outOfRangeModel(width, height, rangeMessage(logs.clips, hourLogs(logs, clipsLow, clipsHigh)));
  }
  const model: ChartModel = { width, height, ...layout(table, logs, x, y, plotOf(width, height), width) };
  return allFinite(model) ? model : outOfRangeModel(width, height, NOT_DRAWABLE);
}

/**
 * Where a label `gap` px beside `point` starts: right of it; left of it, ending there, when its text (about
 * CHARACTER_WIDTH a character) would cross the drawing's right edge, so that "Scale" near the edge stays whole.
 */
function labelBeside(point: Point, text: string, width: number, gap: number): Omit<Label, "y"> {
  const fits = point.x + gap + text.length * CHARACTER_WIDTH <= width - 2;
  return { x: fits ? point.x + gap : point.x - gap, anchor: fits ? "start" : "end" };
}

/*
 * A stage's label: below-right of its point, clear of the rising serving line. Above it when it sits left of the
 * point (the line runs down to the left there) or would reach the x axis's labels; below when there is no room
 * above a 10-px line of text.
 */
function stageLabel(point: Point, name: string, width: number, plot: Plot): Label {
  const beside = labelBeside(point, name, width, 6);
  const roomAbove = point.y - 8 >= 10;
  const roomBelow = point.y + 14 <= plot.bottom - 2;
  const below = roomBelow && (beside.anchor === "start" || !roomAbove);
  return { ...beside, y: point.y + (below ? 14 : -8) };
}

/** The chart's geometry, once the axes are known to be drawable. */
function layout(
  table: StageTable,
  logs: Logs,
  x: Axis,
  y: Axis,
  plot: Plot,
  width: number,
): Omit<ChartModel, "width" | "height"> {
  const sx = (log: number) => place(x, plot.left, plot.right, log);
  const sy = (log: number) => place(y, plot.bottom, plot.top, log);
  // Serving is a straight line of slope 1 in log-log; stages and crossover sit on it by construction.
  const servingAt = (clipsLog: number): Point => ({ x: sx(clipsLog), y: sy(clipsLog + logs.servingOffset) });
  const offScale: string[] = [];
  const stages: ChartModel["stages"] = [];
  for (const row of table.rows) {
    if (!(row.clipsPerInterval > 0)) {
      offScale.push(row.stage);
      continue;
    }
    const point = servingAt(Math.log10(row.clipsPerInterval));
    stages.push({ name: row.stage, ...point, label: stageLabel(point, row.stage, width, plot) });
  }
  const crossover = logs.crossover === undefined ? undefined : servingAt(logs.crossover);
  // Zero training hours have no place on a log axis; the line lies on the x axis.
  const trainingY = logs.training === undefined ? plot.bottom : sy(logs.training);
  return {
    plot,
    xTicks: ticks(x, plot.left, plot.right),
    yTicks: ticks(y, plot.bottom, plot.top),
    serving: [servingAt(x.low), servingAt(x.high)],
    training: [
      { x: plot.left, y: trainingY },
      { x: plot.right, y: trainingY },
    ],
    crossover,
    crossoverLabel: crossover && { ...labelBeside(crossover, "crossover", width, 4), y: plot.top + 10 },
    stages,
    offScale,
  };
}
