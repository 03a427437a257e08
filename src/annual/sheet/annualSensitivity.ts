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
} from "../../sensitivity/model";
import {
  MOVE_FORMAT,
  MOVE_RULE,
  movedEndFormula,
  OWN_HEADINGS,
  ownEnds,
  ownOrMoved,
  type TornadoChart,
} from "../../sensitivity/sheet";
import { isProblem, Problem } from "../../core/model/problems";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import {
  AnnualInputValidation,
  annualInputValidation,
  AnnualRows,
  AnnualSection,
  SheetNames,
  tableColumns,
  yearPartFormulas,
  yearTotalFormula,
} from "./annualSection";
import { figureCell } from "../../core/sheet/rows";

/** The two moves' defined names (unsuffixed): every annual sheet name is checked for a free suffix. */
export const ANNUAL_SENSITIVITY_NAMES = ["YearLowMove", "YearHighMove"] as const;

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

/** The part of the year each input of the sensitivity feeds: peak-to-mean only the paid serving. */
const PART_FED: Partial<Record<keyof AnnualPlan, "training" | "serving" | "paid" | "rescans">> = {
  trainingHoursPerRun: "training",
  runsPerYear: "training",
  trainingOverhead: "training",
  secondsPerClip: "serving",
  clipsPerSecond: "serving",
  daysPerYear: "serving",
  peakToMean: "paid",
  rescanEvents: "rescans",
  rescanHoursEach: "rescans",
};

/**
 * The parts with input `key` replaced by the cell `cell` (annualSection.ts's yearPartFormulas); the parts it does
 * not touch by their named cells.
 */
function partsWith(key: keyof AnnualPlan, cell: string, names: SheetNames): Parts {
  const year = yearPartFormulas((k) => (k === key ? cell : names.field(k)));
  const fed = PART_FED[key];
  const servingConsumed = fed === "serving" ? year.servingConsumed(year.clips) : names.named("YearServingConsumed");
  return {
    training: fed === "training" ? year.training(year.winningRuns) : names.named("YearTrainingHours"),
    servingConsumed,
    servingPaid:
      fed === "serving" || fed === "paid" ? year.servingPaid(servingConsumed) : names.named("YearServingPaid"),
    rescans: fed === "rescans" ? year.rescans : names.named("YearRescanHours"),
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

  const rows = new AnnualRows(top, names);
  rows.add(movesSection(rows.nextRow, swings, lowFraction, highFraction, names));
  const used = rows.add(usedSection(rows.nextRow, swings, names, inputFormat));
  if (swings.skipped.length > 0) {
    rows.wrappedNote(`Not varied, having no number of their own: ${swings.skipped.map((s) => s.label).join("; ")}.`);
  }
  rows.add(paidSection(rows.nextRow, swings, used.endOf, names));

  const baseValue = tornadoOf(swings).base;
  return {
    ...rows.section(),
    tornado: {
      title: "Training's share of the year: each input at its low and its high",
      output: "trainingShareConsumed",
      ...used.tornado,
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
  const rows = new AnnualRows(top, names);
  rows.heading("What moves the ceiling: each input moved alone, every other held", { spaced: false });
  const move = (base: string, side: "low" | "high", label: string, value: number) => {
    const cell: LayoutCell = { value, numberFormat: MOVE_FORMAT, role: "input" };
    const address = rows.labelled(label, cell, "of its value now (the default low or high)", { name: base });
    rows.validate(moveValidation(address, side));
  };
  move("YearLowMove", "low", "Low: every input moved by", lowFraction);
  move("YearHighMove", "high", "High: every input moved by", highFraction);
  rows.wrappedNote(
    "Rows in order of the swing of training's share of the year when the sheet was written; the sheet does not " +
      "re-sort after an edit. A factor's low or high never goes below 1 (none). Type a value of your own under " +
      `${OWN_HEADINGS.low} or ${OWN_HEADINGS.high}; blank follows the move.`,
  );
  const own = ownEnds(swings.varied);
  if (own.length > 0) {
    rows.wrappedNote(`Typed as values of their own (they do not follow the moves): ${own.join("; ")}.`);
  }
  return rows.section();
}

/** An end of an input's range. */
type Side = "low" | "high";

/** The table of training's share of the year and the hours used, each input at its low and high. */
interface UsedSection extends AnnualSection {
  /** the tornado's cells: the inputs' labels, and the share at each end with its heading */
  tornado: Pick<TornadoChart, "categories" | "low" | "high">;
  /** the cell of an input's low or high, which the bill's table below reads */
  endOf: (key: keyof AnnualPlan, side: Side) => string;
}

/** The columns of the share and hours used: an input (its label over the empty B), now, low, high, then each figure. */
const USED_COLUMNS = tableColumns([
  "input",
  "gap",
  "now",
  "ownLow",
  "ownHigh",
  "low",
  "high",
  "shareAtLow",
  "shareAtHigh",
  "shareSwing",
  "usedAtLow",
  "usedAtHigh",
  "usedSwing",
] as const);

/** Each input's row: its value now, its low and high (blue), the share and the hours used at each. */
function usedSection(top: number, swings: AnnualSwings, names: SheetNames, inputFormat: InputFormat): UsedSection {
  const rows = new AnnualRows(top, names);
  const header = rows.push(
    USED_COLUMNS.row({
      input: { value: "Input", role: "header" },
      gap: { role: "header" },
      now: right("Now"),
      ownLow: right(OWN_HEADINGS.low),
      ownHigh: right(OWN_HEADINGS.high),
      low: right("Low"),
      high: right("High"),
      shareAtLow: right("Share at low"),
      shareAtHigh: right("Share at high"),
      shareSwing: right("Swing"),
      usedAtLow: right("Used at low (h)"),
      usedAtHigh: right("Used at high (h)"),
      usedSwing: right("Swing (h)"),
    }),
  );
  const usedTotal = (parts: Parts) => yearTotalFormula(parts.training, parts.servingConsumed, parts.rescans);
  for (const swing of tornadoOf(swings).rows) {
    const r = rows.nextRow;
    const at = (key: (typeof USED_COLUMNS.keys)[number]) => USED_COLUMNS.cell(key, r);
    const field = annualField(swing.key);
    const input = swings.varied.find((v) => v.key === swing.key)!;
    const format = inputFormat(field);
    const moved = (moveName: string) => movedEndFormula(at("now"), names.named(moveName), field.quantity === "factor");
    // The planner's own end is a blue input (blank unless typed); the end used reads it, or the move when blank.
    const own = (side: Side, value: number): LayoutCell =>
      input.editedEnds[side] ? { value, numberFormat: format, role: "input" } : { numberFormat: format, role: "input" };
    const ownOf = { low: at("ownLow"), high: at("ownHigh") };
    const end = (side: Side, moveName: string, value: number): LayoutCell =>
      figureCell(ownOrMoved(ownOf[side], moved(moveName)), value, format, "stage");
    const low = partsWith(swing.key, at("low"), names);
    const high = partsWith(swing.key, at("high"), names);
    const used = swingOf(swings, "totalConsumedHours", swing.key);
    rows.push(
      USED_COLUMNS.row({
        input: { value: input.label, role: "stageName" },
        now: figureCell(names.field(swing.key), input.base, format, "stage"),
        ownLow: own("low", input.low),
        ownHigh: own("high", input.high),
        low: end("low", "YearLowMove", input.low),
        high: end("high", "YearHighMove", input.high),
        ...shareCells(low.training, high.training, at("usedAtLow"), at("usedAtHigh"), at, swing, "crossover"),
        ...hoursCells(usedTotal(low), usedTotal(high), at("usedAtLow"), at("usedAtHigh"), used, {
          low: "usedAtLow",
          high: "usedAtHigh",
          swing: "usedSwing",
        }),
      }),
    );
    for (const address of [at("ownLow"), at("ownHigh")]) {
      rows.validate(annualInputValidation(field, address));
    }
  }
  const first = header + 1;
  const last = rows.lastRow;
  const order = tornadoOf(swings).rows.map((row) => row.key);
  return {
    ...rows.section(),
    tornado: {
      categories: USED_COLUMNS.range("input", first, last),
      low: { name: USED_COLUMNS.cell("shareAtLow", header), values: USED_COLUMNS.range("shareAtLow", first, last) },
      high: { name: USED_COLUMNS.cell("shareAtHigh", header), values: USED_COLUMNS.range("shareAtHigh", first, last) },
    },
    endOf: (key, side) => USED_COLUMNS.cell(side, first + order.indexOf(key)),
  };
}

/** The columns against the bill: an input's label (over the empty B), then the paid share and hours at each end. */
const PAID_COLUMNS = tableColumns([
  "input",
  "gap",
  "shareAtLow",
  "shareAtHigh",
  "shareSwing",
  "paidAtLow",
  "paidAtHigh",
  "paidSwing",
] as const);

/** The bill's figures in the same rows' order: paid serving holds capacity at peak. */
function paidSection(top: number, swings: AnnualSwings, endOf: UsedSection["endOf"], names: SheetNames): AnnualSection {
  const rows = new AnnualRows(top, names);
  rows.blank();
  rows.push(
    PAID_COLUMNS.row({
      input: { value: "Against the bill, in the order above", role: "header" },
      gap: { role: "header" },
      shareAtLow: right("Share at low"),
      shareAtHigh: right("Share at high"),
      shareSwing: right("Swing"),
      paidAtLow: right("Paid at low (h)"),
      paidAtHigh: right("Paid at high (h)"),
      paidSwing: right("Swing (h)"),
    }),
  );
  const paidTotal = (parts: Parts) => yearTotalFormula(parts.training, parts.servingPaid, parts.rescans);
  for (const { key } of tornadoOf(swings).rows) {
    const r = rows.nextRow;
    const at = (column: (typeof PAID_COLUMNS.keys)[number]) => PAID_COLUMNS.cell(column, r);
    const low = partsWith(key, endOf(key, "low"), names);
    const high = partsWith(key, endOf(key, "high"), names);
    const share = swingOf(swings, "trainingSharePaid", key);
    const paid = swingOf(swings, "totalPaidHours", key);
    rows.push(
      PAID_COLUMNS.row({
        input: { value: annualField(key).label, role: "label" },
        ...shareCells(low.training, high.training, at("paidAtLow"), at("paidAtHigh"), at, share, "stage"),
        ...hoursCells(paidTotal(low), paidTotal(high), at("paidAtLow"), at("paidAtHigh"), paid, {
          low: "paidAtLow",
          high: "paidAtHigh",
          swing: "paidSwing",
        }),
      }),
    );
  }
  return rows.section();
}

/** A move of every input, as the what-if sheet's (MOVE_RULE), on the annual sheet's validation list. */
function moveValidation(address: string, side: "low" | "high"): AnnualInputValidation {
  const { operator, bound, text, prompt, error } = MOVE_RULE;
  return { address, field: "move", rule: { operator, bound, text }, prompt: prompt(side), error };
}

/**
 * The year's hours at an input's low and high (the totals' formulas) and their swing, under the columns `keys` names:
 * the three cells the used and the paid tables each hold beside their shares.
 */
function hoursCells<L extends string, H extends string, S extends string>(
  totalAtLow: string,
  totalAtHigh: string,
  cellAtLow: string,
  cellAtHigh: string,
  hours: { lowOutput: number | Problem; highOutput: number | Problem; swing: number | Problem },
  keys: { low: L; high: H; swing: S },
) {
  return {
    [keys.low]: figureCell(totalAtLow, hours.lowOutput, NUMBER_FORMAT.hours, "stage"),
    [keys.high]: figureCell(totalAtHigh, hours.highOutput, NUMBER_FORMAT.hours, "stage"),
    [keys.swing]: figureCell(inExcel.swing(cellAtLow, cellAtHigh), hours.swing, NUMBER_FORMAT.hours, "stage"),
  } as Record<L | H | S, ReturnType<typeof figureCell>>;
}

/**
 * Training's share of the year at an input's low and high (training over the year's total at each end) and its
 * swing: the three cells both sensitivity tables (hours used, hours paid) end a row with.
 */
function shareCells(
  trainingAtLow: string,
  trainingAtHigh: string,
  totalAtLow: string,
  totalAtHigh: string,
  at: (column: "shareAtLow" | "shareAtHigh") => string,
  share: { lowOutput: number | Problem; highOutput: number | Problem; swing: number | Problem },
  swingRole: "crossover" | "stage",
) {
  return {
    shareAtLow: figureCell(
      inExcel.shareOfTotal(trainingAtLow, totalAtLow),
      share.lowOutput,
      NUMBER_FORMAT.share,
      "stage",
    ),
    shareAtHigh: figureCell(
      inExcel.shareOfTotal(trainingAtHigh, totalAtHigh),
      share.highOutput,
      NUMBER_FORMAT.share,
      "stage",
    ),
    shareSwing: figureCell(
      inExcel.swing(at("shareAtLow"), at("shareAtHigh")),
      share.swing,
      NUMBER_FORMAT.shareSwing,
      swingRole,
    ),
  };
}
