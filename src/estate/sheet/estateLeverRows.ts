/*
 * The estate sheet's levers ranked across the estate: one row a change proposed for a model (estateLevers' rows, in
 * their order: by money when every model is priced, by hours otherwise), each alone, with its saving and ceiling
 * against the whole estate in hours and money, and its ranks by both, as formulas over the model's column: a
 * lever's saving is the annual view's (annual/sheet's annualLeverSaving, 0 while nothing changes; work not done's
 * own; the estate's share of clips scored the same over paid serving; retiring a model its whole year), its money
 * that saving at the price of the part it touches. The rows' order is fixed when the sheet is written (a note says
 * so); the ranks follow an edit.
 */
import type { EstateLeverId, EstateLeverRow, EstateLevers, EstateModel, EstateYear } from "../model";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";
import type { Problem } from "../../core/model/problems";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row } from "../../core/sheet/rows";
import * as estateExcel from "./estateFormulas";
import { EstateRows, NO_PRICE } from "./estateRows";
import { FIGURE_NAMES } from "./estateYearRows";

/** How a lever reads its model's column: its input now, its proposal, the hours it scales, the part, the price. */
interface LeverCells {
  current: (i: number) => string | number;
  proposed: (i: number) => string;
  /** the saving over its now (F) and proposed (G) cells */
  saving: (i: number, now: string, proposed: string) => string;
  /** the hours of the part it touches: its ceiling */
  part: string;
  price: keyof EstateModel | "model";
}

/** Each lever's cells, by id. */
function leverCells(sheet: EstateRows): Record<EstateLeverId, LeverCells> {
  const at = (key: string) => (i: number) => sheet.at(key, i);
  const typed = (proposed: keyof EstateModel, now: keyof EstateModel) => (i: number) =>
    inExcel.typedOrDefault(sheet.at(proposed, i), sheet.at(now, i));
  const scaled = (hours: string) => (i: number, now: string, proposed: string) =>
    estateExcel.whenChanged(now, proposed, annualExcel.annualLeverSaving(sheet.at(hours, i), now, proposed));
  const train = "trainingPricePerHour" as const;
  const serve = "servingPricePerHour" as const;
  return {
    cadence: {
      current: at("runs"),
      proposed: at("runsProposed"),
      saving: scaled("training"),
      part: "training",
      price: train,
    },
    runLength: {
      current: at("trainingHoursPerRun"),
      proposed: typed("trainingHoursPerRunProposed", "trainingHoursPerRun"),
      saving: scaled("training"),
      part: "training",
      price: train,
    },
    trainingOverhead: {
      current: at("trainingOverhead"),
      proposed: typed("trainingOverheadProposed", "trainingOverhead"),
      saving: scaled("training"),
      part: "failed",
      price: train,
    },
    serviceTime: {
      current: at("secondsPerClip"),
      proposed: typed("secondsPerClipProposed", "secondsPerClip"),
      saving: scaled("paid"),
      part: "paid",
      price: serve,
    },
    provisioning: {
      current: at("peakToMean"),
      proposed: typed("peakToMeanProposed", "peakToMean"),
      saving: scaled("paid"),
      part: "idle",
      price: serve,
    },
    workNotDone: {
      current: () => 0,
      proposed: (i) => inExcel.typedOrDefault(sheet.at("shareNotRescored", i), "0"),
      saving: (i, _now, proposed) => annualExcel.workNotDoneSaving(sheet.at("paid", i), proposed),
      part: "paid",
      price: serve,
    },
    shareScored: {
      current: at("shareScored"),
      proposed: typed("shareScoredProposed", "shareScored"),
      saving: scaled("paid"),
      part: "paid",
      price: serve,
    },
    retire: {
      current: () => 1,
      proposed: (i) => estateExcel.retiredOrKept(sheet.at("retireProposed", i)),
      saving: (i) => estateExcel.retireSaving(sheet.at("retireProposed", i), sheet.at("total", i)),
      part: "total",
      price: "model",
    },
  };
}

/** The levers table's headings, in its columns from A. */
export const LEVER_HEADINGS = [
  "Lever",
  "Model",
  "Rank",
  "Rank in money",
  "Rank in hours",
  "Now",
  "Proposed",
  "Hours saved a year",
  "Share of the estate's hours",
  "Ceiling, hours",
  "Money saved a year",
  "Share of the estate's money",
  "Ceiling, money",
] as const;

/** Where the levers landed: their rows and the columns the checks and the answer read. */
export interface PlacedLevers {
  first: number;
  last: number;
}

/** A cached money figure: the model's, or "no price". */
const money = (value: number | Problem | undefined) => value ?? NO_PRICE;

/** A lever's row: its words, its ranks, now and proposed, its saving, shares and ceilings. */
function leverRow(
  sheet: EstateRows,
  lever: EstateLeverRow,
  cells: LeverCells,
  range: { first: number; last: number },
  rankedByMoney: boolean,
  costFormat: string,
): Row {
  const r = sheet.nextRow;
  const i = lever.model;
  const priced = sheet.named(FIGURE_NAMES.priced);
  const estateHours = sheet.named(FIGURE_NAMES.hours);
  const estateCost = sheet.named(FIGURE_NAMES.cost);
  const column = (letter: string) => `${letter}$${range.first}:${letter}$${range.last}`;
  const now = cells.current(i);
  const partCost =
    cells.price === "model"
      ? sheet.at("totalCost", i)
      : inExcel.costOf(sheet.at(cells.part, i), sheet.at(cells.price, i));
  const saved = cells.price === "model" ? sheet.at("totalCost", i) : inExcel.costOf(`H${r}`, sheet.at(cells.price, i));
  const quantity = lever.quantity === "share" ? NUMBER_FORMAT.share : NUMBER_FORMAT.typed;
  const cell = (formula: string, cached: number | string | Problem, format: string): LayoutCell =>
    figureCell(formula, cached, format);
  return [
    { value: `${lever.label}`, role: "label" },
    cell(`${sheet.at("name", i).replace(/(\d+)$/, "$$$1")}`, lever.modelName, NUMBER_FORMAT.text),
    cell(`IF(${priced}=1,D${r},E${r})`, rankedByMoney ? lever.costRank! : lever.hoursRank, "0"),
    cell(
      estateExcel.pricedFigure(priced, annualExcel.leverRank(`K${r}`, column("K"))),
      lever.costRank ?? NO_PRICE,
      "0",
    ),
    cell(annualExcel.leverRank(`H${r}`, column("H")), lever.hoursRank, "0"),
    typeof now === "number"
      ? { value: now, numberFormat: quantity, role: "derived" }
      : cell(now, lever.current, quantity),
    cell(cells.proposed(i), lever.proposed, quantity),
    cell(cells.saving(i, `F${r}`, `G${r}`), lever.hoursSaved, NUMBER_FORMAT.hoursSaved),
    cell(inExcel.hoursRatio(`H${r}`, estateHours), lever.hoursShare, NUMBER_FORMAT.shareSaved),
    cell(inExcel.amdahlCeiling(sheet.at(cells.part, i), estateHours, "1"), lever.hoursCeiling, NUMBER_FORMAT.share),
    cell(estateExcel.pricedFigure(priced, saved), money(lever.costSaved), costFormat),
    cell(
      estateExcel.pricedFigure(priced, inExcel.hoursRatio(`K${r}`, estateCost)),
      money(lever.costShare),
      NUMBER_FORMAT.shareSaved,
    ),
    cell(
      estateExcel.pricedFigure(priced, inExcel.amdahlCeiling(partCost, estateCost, "1")),
      money(lever.costCeiling),
      NUMBER_FORMAT.share,
    ),
  ];
}

/**
 * Adds the levers table (nothing but a sentence when no change is proposed); where its rows landed, or undefined
 * when there are none.
 */
export function addLeverRows(
  sheet: EstateRows,
  levers: EstateLevers,
  year: EstateYear,
  costFormat: string,
): PlacedLevers | undefined {
  sheet.heading("Levers ranked across the estate");
  if (levers.rows.length === 0) {
    sheet.note("No change is proposed for any model: type a proposal in a model's levers rows, and insert anew.");
    return undefined;
  }
  const byWhat = levers.rankedBy === "money" ? "by money saved (every model is priced)" : "by hours saved";
  sheet.note(
    `Each change alone, against the whole estate; listed ${byWhat} ` +
      "when the sheet was written. The ranks follow an edit of an input; the rows' order does not.",
  );
  sheet.push(
    LEVER_HEADINGS.map((heading, c) => ({
      value: heading,
      role: "header" as const,
      ...(c > 1 ? { align: "right" as const } : {}),
    })),
    "leverHeader",
  );
  const cells = leverCells(sheet);
  const range = { first: sheet.nextRow, last: sheet.nextRow + levers.rows.length - 1 };
  const byMoney = levers.rankedBy === "money";
  for (const lever of levers.rows) sheet.push(leverRow(sheet, lever, cells[lever.lever], range, byMoney, costFormat));
  void year;
  return range;
}
