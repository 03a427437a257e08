/*
 * The commitment sheet's figures, one formula a row over the named inputs and the demand table, each the model's
 * (commitments/model, "Commitments"; the builders of commitmentFormulas.ts). First the candidates: the cost is
 * convex in c and changes slope only at a level, so the smallest whole commitment that costs least is 0 or the
 * whole number just below or just above some level (the model's d-quantile): a candidate a row, 0 and each level
 * rounded down and up (ROUNDDOWN, ROUNDUP: levels are 0 or more, and HyperFormula's INT truncates a negative toward
 * 0), with its total cost and, where that is within a tie of the least, itself. The
 * smallest of those is the cheapest commitment, a tie taken to the smaller as the model takes it. Then what it
 * costs, all on demand, the saving, coverage and utilisation, and the same against the bill's own commitment.
 * Every formula caches the model's value.
 */
import { CommitmentAnswer, commitmentFiguresAt, TIE_SHARE } from "../model";
import { textLiteral } from "../../core/sheet/checks";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import type { LayoutCell } from "../../core/sheet/cell";
import { figureCell } from "../../core/sheet/rows";
import { acceleratorHoursAbove, commitmentCost, CostOperands, totalCostAt, withinTie } from "./commitmentFormulas";
import type { CommitmentSheetPlan, DemandTable } from "./commitmentInputs";
import { CommitmentNameKey, COMMITMENT_NAMES, CommitmentRows } from "./commitmentRows";

/** What the utilisation reads where nothing is committed (the model's null). */
export const NOTHING_COMMITTED = "nothing committed";
/** What the bill's commitment's figures read where the bill shows none. */
export const NONE_SHOWN = "none shown";

/** The candidates block's columns, as absolute ranges. */
export interface Candidates {
  commitments: string;
  costs: string;
  withinTie: string;
}

/** The operands every total cost reads: the named inputs and figures and the demand table's columns. */
export function costOperands(sheet: CommitmentRows, table: DemandTable): CostOperands {
  return {
    hours: sheet.figure("hours"),
    discount: sheet.figure("discount"),
    price: sheet.figure("price"),
    levels: table.levels,
    levelHours: table.levelHours,
    levelAcceleratorHours: table.levelAcceleratorHours,
  };
}

/** The candidates (0, and each level's whole numbers below and above), their costs, and those within a tie. */
export function addCandidates(
  sheet: CommitmentRows,
  plan: CommitmentSheetPlan,
  table: DemandTable,
  money: string,
): Candidates {
  const { demand, pricePerAcceleratorHour: price, discount } = plan;
  sheet.heading("Candidates: 0, and the whole numbers just below and above each level");
  sheet.wrappedNote(
    "The cost changes slope only at a level of demand, so the cheapest whole commitment is one of these; equal " +
      "costs (within a tie) take the smaller.",
  );
  sheet.push(
    ["Commitment", "Total cost", "Within a tie of the least"].map((value): LayoutCell => ({
      value,
      role: "header",
      align: "right",
    })),
    "candidatesHeader",
  );
  const hours = demand.reduce((sum, l) => sum + l.hours, 0);
  const rows: { cell: LayoutCell; committed: number }[] = [{ cell: { value: 0, role: "derived" }, committed: 0 }];
  demand.forEach((level, i) => {
    const at = `A${table.first + i}`;
    rows.push({
      cell: figureCell(`ROUNDDOWN(${at},0)`, Math.floor(level.accelerators), NUMBER_FORMAT.clips),
      committed: Math.floor(level.accelerators),
    });
    rows.push({
      cell: figureCell(`ROUNDUP(${at},0)`, Math.ceil(level.accelerators), NUMBER_FORMAT.clips),
      committed: Math.ceil(level.accelerators),
    });
  });
  const costs = rows.map((r) => commitmentFiguresAt(demand, r.committed, price, discount).totalCost);
  const least = Math.min(...costs);
  const tie = TIE_SHARE * hours * price;
  const operands = costOperands(sheet, table);
  const first = sheet.nextRow;
  rows.forEach(({ cell, committed }, i) => {
    const r = sheet.nextRow;
    sheet.push([
      { ...cell, numberFormat: NUMBER_FORMAT.clips },
      figureCell(totalCostAt(`A${r}`, operands), costs[i], money),
      figureCell(
        withinTie(`A${r}`, `B${r}`, sheet.figure("leastCost"), sheet.figure("tie")),
        costs[i] <= least + tie ? committed : "",
        NUMBER_FORMAT.clips,
      ),
    ]);
  });
  const column = (letter: string) => `$${letter}$${first}:$${letter}$${sheet.lastRow}`;
  return { commitments: column("A"), costs: column("B"), withinTie: column("C") };
}

/** One figure row: its label, formula, the model's value, format and unit, under its name. */
type FigureRow = [CommitmentNameKey, string, string, number | string, string, string];

/** The figures' rows, in order. */
function figureRows(
  sheet: CommitmentRows,
  plan: CommitmentSheetPlan,
  a: CommitmentAnswer,
  table: DemandTable,
  candidates: Candidates,
  money: string,
): FigureRow[] {
  const f = (key: CommitmentNameKey) => sheet.figure(key);
  const { demand, pricePerAcceleratorHour: price, discount } = plan;
  const operands = costOperands(sheet, table);
  const c = a.cheapest;
  const aboveHours = c.onDemandCost / price;
  const fewer = Math.max(0, c.committedAccelerators - 1);
  const at = (level: number) => commitmentFiguresAt(demand, level, price, discount).totalCost;
  const used = `(${f("demandAcceleratorHours")}-${f("aboveAcceleratorHours")})`;
  const billedCost = a.billed ? a.billed.totalCost : NONE_SHOWN;
  return [
    ["hours", "Hours", `SUM(${table.levelHours})`, a.hours, NUMBER_FORMAT.hours, "H: the demand table's hours"],
    [
      "demandAcceleratorHours",
      "Demand",
      `SUM(${table.levelAcceleratorHours})`,
      a.demandAcceleratorHours,
      NUMBER_FORMAT.hours,
      "accelerator-hours",
    ],
    [
      "allOnDemand",
      "All on demand",
      `${f("demandAcceleratorHours")}*${f("price")}`,
      a.allOnDemandCost,
      money,
      "every accelerator-hour at the price on demand",
    ],
    [
      "tie",
      "A tie, in money",
      `${f("tieShare")}*${f("hours")}*${f("price")}`,
      TIE_SHARE * a.hours * price,
      "0.0E+00",
      "tie share x hours x price",
    ],
    ["leastCost", "Least total cost", `MIN(${candidates.costs})`, c.totalCost, money, "of the candidates"],
    [
      "committed",
      "Commit",
      `MIN(${candidates.withinTie})`,
      c.committedAccelerators,
      NUMBER_FORMAT.clips,
      "accelerators: the smallest candidate within a tie of the least",
    ],
    [
      "aboveAcceleratorHours",
      "Demand above it",
      acceleratorHoursAbove(f("committed"), table.levels, table.levelHours, table.levelAcceleratorHours),
      aboveHours,
      NUMBER_FORMAT.hours,
      "accelerator-hours bought on demand",
    ],
    [
      "commitmentCost",
      "The commitment's cost",
      commitmentCost(f("hours"), f("committed"), f("discount"), f("price")),
      c.commitmentCost,
      money,
      "H x commit x (1 - discount) x price, used or not",
    ],
    [
      "onDemandCost",
      "On demand above it",
      `${f("aboveAcceleratorHours")}*${f("price")}`,
      c.onDemandCost,
      money,
      "accelerator-hours above x price",
    ],
    [
      "totalCost",
      "Cost with it",
      `${f("commitmentCost")}+${f("onDemandCost")}`,
      c.totalCost,
      money,
      "the commitment and on demand",
    ],
    ["saving", "Saving against all on demand", `${f("allOnDemand")}-${f("totalCost")}`, a.saving, money, ""],
    [
      "savingShare",
      "Saving, share",
      `${f("saving")}/${f("allOnDemand")}`,
      a.savingShare,
      NUMBER_FORMAT.shareSaved,
      "of all on demand",
    ],
    [
      "coverage",
      "Coverage",
      `${used}/${f("demandAcceleratorHours")}`,
      c.coverage,
      NUMBER_FORMAT.share,
      "used commitment / demand",
    ],
    [
      "utilisation",
      "Utilisation",
      `IF(${f("committed")}>0,${used}/(${f("committed")}*${f("hours")}),${textLiteral(NOTHING_COMMITTED)})`,
      c.utilisation ?? NOTHING_COMMITTED,
      NUMBER_FORMAT.share,
      "used commitment / committed accelerator-hours",
    ],
    ["oneFewer", "One fewer", `MAX(0,${f("committed")}-1)`, fewer, NUMBER_FORMAT.clips, "accelerators (0 stays 0)"],
    ["costOneFewer", "Cost with one fewer", totalCostAt(f("oneFewer"), operands), at(fewer), money, ""],
    [
      "costOneMore",
      "Cost with one more",
      totalCostAt(`(${f("committed")}+1)`, operands),
      at(c.committedAccelerators + 1),
      money,
      "",
    ],
    [
      "billedCost",
      "Cost with the bill's commitment",
      `IF(ISBLANK(${f("billed")}),${textLiteral(NONE_SHOWN)},${totalCostAt(f("billed"), operands)})`,
      billedCost,
      money,
      "blank commitment: none shown",
    ],
    [
      "savingAgainstBilled",
      "Saving against the bill's commitment",
      `IF(ISNUMBER(${f("billedCost")}),${f("billedCost")}-${f("totalCost")},${textLiteral(NONE_SHOWN)})`,
      a.billed ? a.billed.savingAgainstBilled : NONE_SHOWN,
      money,
      "",
    ],
  ];
}

/** The figures, one formula a row, each named. */
export function addCommitmentFigures(
  sheet: CommitmentRows,
  plan: CommitmentSheetPlan,
  a: CommitmentAnswer,
  table: DemandTable,
  candidates: Candidates,
  money: string,
): void {
  sheet.heading("Figures");
  for (const [key, label, formula, cached, format, unit] of figureRows(sheet, plan, a, table, candidates, money)) {
    sheet.labelled(label, figureCell(formula, cached, format), unit, { name: COMMITMENT_NAMES[key], key });
  }
}
