/*
 * The preview chart as geometry, with no DOM: serving hours against clips per interval on log
 * axes (a straight line), the flat training line, the crossover where they meet, and the three
 * stages as points on the serving line. Every value comes from the model.
 */
import { isProblem, servingHours, StageTable } from "../model";
import { formatPowerOfTen } from "./format";

/** A point in the drawing's coordinates (pixels, y down). */
export interface Point {
  x: number;
  y: number;
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
  stages: (Point & { name: string })[];
  /** stages that cannot sit on a log axis (0 clips or 0 hours) */
  offScale: string[];
}

const MARGIN = { left: 52, right: 14, top: 12, bottom: 40 };

/**
 * Lays out the chart for `table`, where serving costs `secondsPerClip` accelerator-seconds
 * per clip (after the peak-to-mean factor). Undefined when nothing is positive to plot.
 */
export function chartModel(table: StageTable, secondsPerClip: number, width = 340, height = 220): ChartModel | undefined {
  const training = table.trainingHoursEffective;
  const crossover = isProblem(table.crossoverClips) ? undefined : table.crossoverClips;
  const xs = [...table.rows.map((r) => r.clipsPerInterval), crossover ?? 0].filter((x) => x > 0);
  if (xs.length === 0 || !(secondsPerClip > 0)) return undefined;
  const xLow = Math.floor(Math.log10(Math.min(...xs)));
  const xHigh = Math.max(xLow + 1, Math.ceil(Math.log10(Math.max(...xs))));
  const hoursAt = (clips: number) => servingHours(clips, secondsPerClip) as number;
  const ys = [hoursAt(10 ** xLow), hoursAt(10 ** xHigh), training].filter((y) => y > 0);
  const yLow = Math.floor(Math.log10(Math.min(...ys)));
  const yHigh = Math.max(yLow + 1, Math.ceil(Math.log10(Math.max(...ys))));
  const plot = { left: MARGIN.left, top: MARGIN.top, right: width - MARGIN.right, bottom: height - MARGIN.bottom };
  const sx = (clips: number) => plot.left + ((Math.log10(clips) - xLow) / (xHigh - xLow)) * (plot.right - plot.left);
  const sy = (hours: number) => plot.bottom - ((Math.log10(hours) - yLow) / (yHigh - yLow)) * (plot.bottom - plot.top);
  const clampY = (y: number) => Math.min(plot.bottom, Math.max(plot.top, y));
  const ticks = (low: number, high: number, place: (v: number) => number) => {
    const step = Math.max(1, Math.ceil((high - low) / 6));
    const out: { at: number; label: string }[] = [];
    for (let e = low; e <= high; e += step) out.push({ at: place(10 ** e), label: formatPowerOfTen(e) });
    return out;
  };
  const offScale: string[] = [];
  const stages: ChartModel["stages"] = [];
  for (const row of table.rows) {
    if (row.clipsPerInterval > 0 && row.servingHours > 0) stages.push({ name: row.stage, x: sx(row.clipsPerInterval), y: sy(row.servingHours) });
    else offScale.push(row.stage);
  }
  const trainingY = training > 0 ? sy(training) : plot.bottom;
  return {
    width,
    height,
    plot,
    xTicks: ticks(xLow, xHigh, sx),
    yTicks: ticks(yLow, yHigh, sy),
    serving: [
      { x: plot.left, y: clampY(sy(hoursAt(10 ** xLow))) },
      { x: plot.right, y: clampY(sy(hoursAt(10 ** xHigh))) },
    ],
    training: [
      { x: plot.left, y: trainingY },
      { x: plot.right, y: trainingY },
    ],
    crossover: crossover && crossover > 0 && training > 0 ? { x: sx(crossover), y: sy(training) } : undefined,
    stages,
    offScale,
  };
}
