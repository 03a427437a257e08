/*
 * The annual sheet's sensitivity block: each of the year's inputs (ANNUAL_VIEW's: no proposal, no
 * money) moved alone to a low and a high, every other held, and what that does to training's share
 * of the year (the ceiling on any training-side change) and to the year's hours, used and paid.
 *
 * Every part of the year is a product of its own inputs (training = hours per run x runs x
 * overhead; serving = clips per second x days x 86,400 x seconds per clip / 3,600, paid x
 * peak-to-mean; re-scans = events x hours each), so an input moved alone changes one part: each row's
 * formulas write that part out with the row's low or high cell in the input's place, and name the
 * other parts' cells. Nothing divides by the input's value now, so an input of 0 (no re-scans) has
 * rows that work when a planner types a low or high of their own over the default's formula.
 *
 * The low and high are blue: the value now moved by the two named moves (-20% / +20%; a factor's
 * low never below 1, as the model's defaultSwingRange), or a planner's own values. The rows are in
 * the model's order of the share's swing when the sheet was written (sensitivity(ANNUAL_VIEW)), whose
 * figures every formula cell caches.
 */
import { annualField, AnnualField, AnnualPlan } from "../model/annualFields";
import { ANNUAL_VIEW, AnnualOutputKey } from "../model/annualWhatIf";
import {
  DEFAULT_HIGH_FRACTION,
  DEFAULT_LOW_FRACTION,
  OutputSensitivity,
  Sensitivity,
  sensitivity,
  SwingRange,
  SwingRow,
} from "../../sensitivity/model/sensitivity";
import { isProblem, Problem } from "../../core/model/problems";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import { MOVE_FORMAT, MOVE_RULE, movedEndFormula, ownEnds } from "../../sensitivity/sheet/moves";
import type { TornadoChart } from "../../sensitivity/sheet/tornadoChart";
import { AnnualInputValidation, annualInputValidation } from "./annualValidation";
import { ANNUAL_VALUE_COLUMN, AnnualSection, figureCell, SectionRows, SheetNames } from "./annualSection";
import { yearPartFormulas, yearTotalFormula } from "./yearParts";

/** The two moves' defined names (unsuffixed): every annual sheet name is checked for a free suffix. */
export const ANNUAL_SENSITIVITY_NAMES = ["YearLowMove", "YearHighMove"] as const;

/** A share at either end: 2.17%, two decimals (the swings are a point or so); near 100% never a false 100%. */
export const SWING_SHARE_FORMAT = "[>=0.9995]0.0####%;[>=0.0005]0.00%;0.0####%";

/** How far each input moves, and a planner's own ends for some. */
export interface AnnualSensitivityOptions {
  /** the default low move: -0.2 is 20% lower (DEFAULT_LOW_FRACTION) */
  lowFraction?: number;
  /** the default high move (DEFAULT_HIGH_FRACTION) */
  highFraction?: number;
  /** a planner's own low or high, or both, for some inputs, in each input's unit, written as typed values */
  ranges?: Partial<Record<keyof AnnualPlan, Partial<SwingRange>>>;
}

/** The block's rows from sheet row `top`, its names, validations and tornado. */
export interface AnnualSensitivityBlock extends AnnualSection {
  /** the tornado of training's share of the year, placed by the caller */
  tornado: TornadoChart<AnnualOutputKey>;
}

/** The parts of the year, each a formula: a part's named cell, or its product with one input moved. */
interface Parts {
  training: string;
  servingConsumed: string;
  servingPaid: string;
  rescans: string;
}

/** The sheet's names the block reads (with the suffix), and where training's share of the year is. */
export interface BlockNames extends SheetNames {
  /** the cell of training's share of the year, where the tornado's axis crosses */
  shareAddress: string;
}

/** The sensitivity of the year's inputs, as the model computed it when the sheet was written. */
type AnnualSwings = Sensitivity<AnnualPlan, AnnualOutputKey>;

/** The input's format: the sheet's inputs' (a count as typed, a factor as 1.2x). */
type InputFormat = (field: AnnualField) => string;

/**
 * The parts with input `key` replaced by the cell `cell` (yearParts.ts's formulas); the parts it does
 * not touch by their named cells.
 */
function partsWith(key: keyof AnnualPlan, cell: string, names: SheetNames): Parts {
  const year = yearPartFormulas((k) => (k === key ? cell : names.field(k)));
  const { group } = annualField(key);
  const servingConsumed =
    group === "serving" && key !== "peakToMean" ? year.servingConsumed(year.clips) : names.named("YearServingConsumed");
  return {
    training: group === "training" ? year.training(year.winningRuns) : names.named("YearTrainingHours"),
    servingConsumed,
    servingPaid: group === "serving" ? year.servingPaid(servingConsumed) : names.named("YearServingPaid"),
    rescans: group === "rescans" ? year.rescans : names.named("YearRescanHours"),
  };
}

/** The swing of `output` when `key` moves. */
function swingOf(swings: AnnualSwings, output: AnnualOutputKey, key: keyof AnnualPlan): SwingRow<AnnualPlan> {
  return swings.outputs.find((o) => o.output.key === output)!.rows.find((row) => row.key === key)!;
}

/** Training's share of the year, whose rows are the inputs in the tornado's order (by swing, at write time). */
function tornadoOf(swings: AnnualSwings): OutputSensitivity<AnnualPlan, AnnualOutputKey> {
  return swings.outputs.find((o) => o.output.key === "trainingShareConsumed")!;
}

/** A heading over a column of numbers. */
const right = (value: string): LayoutCell => ({ value, role: "header", align: "right" });

/**
 * The sensitivity block of `plan`, its first row at sheet row `top`, or the Problem that stops it (a
 * bad move, a range the field refuses). `names` gives the suffixed names the formulas read.
 */
export function annualSensitivityBlock(
  plan: AnnualPlan,
  top: number,
  names: BlockNames,
  inputFormat: InputFormat,
  options: AnnualSensitivityOptions = {},
): AnnualSensitivityBlock | Problem {
  const lowFraction = options.lowFraction ?? DEFAULT_LOW_FRACTION;
  const highFraction = options.highFraction ?? DEFAULT_HIGH_FRACTION;
  const swings = sensitivity(ANNUAL_VIEW, plan, { lowFraction, highFraction, ranges: options.ranges });
  if (isProblem(swings)) return swings;
  const refused = swings.varied.find((input) => input.problem !== undefined);
  if (refused) return refused.problem!;

  const rows = new SectionRows(top, names);
  rows.add(movesSection(rows.nextRow, swings, lowFraction, highFraction, names));
  const used = rows.add(usedSection(rows.nextRow, swings, names, inputFormat));
  if (swings.skipped.length > 0) {
    rows.wrappedNote(`Not varied, having no number of their own: ${swings.skipped.map((s) => s.label).join("; ")}.`);
  }
  rows.add(paidSection(rows.nextRow, swings, used.rowOf, names));

  const { header, last } = used;
  const baseValue = tornadoOf(swings).base;
  return {
    ...rows.section(),
    tornado: {
      title: "Training's share of the year: each input at its low and its high",
      output: "trainingShareConsumed",
      categories: `A${header + 1}:A${last}`,
      low: { name: `F${header}`, values: `F${header + 1}:F${last}` },
      high: { name: `G${header}`, values: `G${header + 1}:G${last}` },
      base: { address: names.shareAddress, value: typeof baseValue === "number" ? baseValue : undefined },
    },
  };
}

/** The section's heading, the two moves every default low and high follow, and how to read the rows. */
function movesSection(
  top: number,
  swings: AnnualSwings,
  lowFraction: number,
  highFraction: number,
  names: SheetNames,
): AnnualSection {
  const rows = new SectionRows(top, names);
  rows.push([{ value: "What moves the ceiling: each input moved alone, every other held", role: "section" }]);
  const move = (base: string, side: "low" | "high", label: string, value: number) => {
    rows.push([
      { value: label, role: "label" },
      null,
      { value, numberFormat: MOVE_FORMAT, role: "input" },
      { value: "of its value now (the default low or high)", role: "unit" },
    ]);
    rows.validations.push(moveValidation(rows.name(base, ANNUAL_VALUE_COLUMN), side));
  };
  move("YearLowMove", "low", "Low: every input moved by", lowFraction);
  move("YearHighMove", "high", "High: every input moved by", highFraction);
  rows.wrappedNote(
    "Rows in order of the swing of training's share of the year when the sheet was written; the sheet does not " +
      "re-sort after an edit. A factor's low or high never goes below 1 (none). Type over a low or high to try " +
      "a value of your own.",
  );
  const own = ownEnds(swings.varied);
  if (own.length > 0) {
    rows.wrappedNote(`Typed as values of their own (they do not follow the moves): ${own.join("; ")}.`);
  }
  return rows.section();
}

/** The table of training's share of the year and the hours used, each input at its low and high. */
interface UsedSection extends AnnualSection {
  /** the header's row and the last input's */
  header: number;
  last: number;
  /** the row of an input's low and high cells, which the bill's table below reads */
  rowOf: (key: keyof AnnualPlan) => number;
}

/** Each input's row: its value now, its low and high (blue), the share and the hours used at each. */
function usedSection(top: number, swings: AnnualSwings, names: SheetNames, inputFormat: InputFormat): UsedSection {
  const rows = new SectionRows(top, names);
  const header = rows.push([
    { value: "Input", role: "header" },
    { role: "header" },
    right("Now"),
    right("Low"),
    right("High"),
    right("Share at low"),
    right("Share at high"),
    right("Swing"),
    right("Used at low (h)"),
    right("Used at high (h)"),
    right("Swing (h)"),
  ]);
  const usedTotal = (parts: Parts) => yearTotalFormula(parts.training, parts.servingConsumed, parts.rescans);
  for (const swing of tornadoOf(swings).rows) {
    const r = rows.nextRow;
    const field = annualField(swing.key);
    const input = swings.varied.find((v) => v.key === swing.key)!;
    const format = inputFormat(field);
    const moved = (moveName: string) => movedEndFormula(`C${r}`, names.named(moveName), field.quantity === "factor");
    const end = (side: "low" | "high", moveName: string, value: number): LayoutCell =>
      input.editedEnds[side]
        ? { value, numberFormat: format, role: "input" }
        : figureCell(moved(moveName), value, format, "input");
    const low = partsWith(swing.key, `D${r}`, names);
    const high = partsWith(swing.key, `E${r}`, names);
    const used = swingOf(swings, "totalConsumedHours", swing.key);
    rows.push([
      { value: input.label, role: "stageName" },
      null,
      figureCell(names.field(swing.key), input.base, format, "stage"),
      end("low", "YearLowMove", input.low),
      end("high", "YearHighMove", input.high),
      figureCell(inExcel.shareOfTotal(low.training, `I${r}`), swing.lowOutput, SWING_SHARE_FORMAT, "stage"),
      figureCell(inExcel.shareOfTotal(high.training, `J${r}`), swing.highOutput, SWING_SHARE_FORMAT, "stage"),
      figureCell(inExcel.swing(`F${r}`, `G${r}`), swing.swing, SWING_SHARE_FORMAT, "crossover"),
      figureCell(usedTotal(low), used.lowOutput, NUMBER_FORMAT.hours, "stage"),
      figureCell(usedTotal(high), used.highOutput, NUMBER_FORMAT.hours, "stage"),
      figureCell(inExcel.swing(`I${r}`, `J${r}`), used.swing, NUMBER_FORMAT.hours, "stage"),
    ]);
    for (const address of [`D${r}`, `E${r}`]) {
      const validation = annualInputValidation(field, address);
      if (validation) rows.validations.push(validation);
    }
  }
  const order = tornadoOf(swings).rows.map((row) => row.key);
  const rowOf = (key: keyof AnnualPlan) => header + 1 + order.indexOf(key);
  return { ...rows.section(), header, last: rows.lastRow, rowOf };
}

/** The bill's figures in the same rows' order: paid serving holds capacity at peak. */
function paidSection(
  top: number,
  swings: AnnualSwings,
  rowOf: (key: keyof AnnualPlan) => number,
  names: SheetNames,
): AnnualSection {
  const rows = new SectionRows(top, names);
  rows.push([]);
  rows.push([
    { value: "Against the bill, in the order above", role: "header" },
    { role: "header" },
    right("Share at low"),
    right("Share at high"),
    right("Swing"),
    right("Paid at low (h)"),
    right("Paid at high (h)"),
    right("Swing (h)"),
  ]);
  const paidTotal = (parts: Parts) => yearTotalFormula(parts.training, parts.servingPaid, parts.rescans);
  for (const { key } of tornadoOf(swings).rows) {
    const r = rows.nextRow;
    const low = partsWith(key, `D${rowOf(key)}`, names);
    const high = partsWith(key, `E${rowOf(key)}`, names);
    const share = swingOf(swings, "trainingSharePaid", key);
    const paid = swingOf(swings, "totalPaidHours", key);
    rows.push([
      { value: annualField(key).label, role: "label" },
      null,
      figureCell(inExcel.shareOfTotal(low.training, `F${r}`), share.lowOutput, SWING_SHARE_FORMAT, "stage"),
      figureCell(inExcel.shareOfTotal(high.training, `G${r}`), share.highOutput, SWING_SHARE_FORMAT, "stage"),
      figureCell(inExcel.swing(`C${r}`, `D${r}`), share.swing, SWING_SHARE_FORMAT, "stage"),
      figureCell(paidTotal(low), paid.lowOutput, NUMBER_FORMAT.hours, "stage"),
      figureCell(paidTotal(high), paid.highOutput, NUMBER_FORMAT.hours, "stage"),
      figureCell(inExcel.swing(`F${r}`, `G${r}`), paid.swing, NUMBER_FORMAT.hours, "stage"),
    ]);
  }
  return rows.section();
}

/** A move of every input, as the what-if sheet's (MOVE_RULE), on the annual sheet's validation list. */
function moveValidation(address: string, side: "low" | "high"): AnnualInputValidation {
  const { operator, bound, text, prompt, error } = MOVE_RULE;
  return { address, field: "move", rule: { operator, bound, text }, prompt: prompt(side), error };
}
