/*
 * The commitment sheet's checks (core/sheet/checks.ts's vocabulary: a check a row, 0 where it holds, one master
 * check at the top): every input within the model's own bounds (checkCommitmentInput: a discount from 0 up to, not
 * including, 1; a price above 0; every level and its hours 0 or more, some hours and some demand; the bill's
 * commitment blank or 0 or more); the cheapest commitment costing no more than one fewer and one more (the cost is
 * convex, so no other whole number costs less) and strictly less than one fewer (a tie goes to the smaller); and the
 * total cost by two routes, the commitment and on demand against the candidates block's row.
 */
import { CommitmentAnswer, commitmentFiguresAt, TIE_SHARE } from "../model";
import { addCheckRows, boundCheck, PlacedChecks, SheetCheck, twoRoutesCheck } from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import type { Candidates } from "./commitmentFigures";
import { COMMITMENT_INPUTS, CommitmentSheetPlan, DemandTable } from "./commitmentInputs";
import { CommitmentRows } from "./commitmentRows";

const isNumber = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** The discount: a number from 0 up to, not including, 1, as checkCommitmentInput asks. */
function discountCheck(sheet: CommitmentRows, discount: number): SheetCheck {
  const d = sheet.figure("discount");
  return {
    name: "Commitment discount: from 0 up to, not 1",
    holds: () => `ISNUMBER(${d})*(${d}>=0)*(${d}<1)`,
    failure: "The commitment discount must be a share from 0 up to, not including, 1 (0.4 for 40% off on demand).",
    held: isNumber(discount) && discount >= 0 && discount < 1,
  };
}

/** Every cell of a demand table's column a number, 0 or more. */
function columnCheck(name: string, range: string, failure: string, values: readonly number[]): SheetCheck {
  return {
    name,
    holds: () => `(COUNT(${range})=ROWS(${range}))*(COUNTIF(${range},"<0")=0)`,
    failure,
    held: values.every((x) => isNumber(x) && x >= 0),
  };
}

/** The inputs' bounds, as the model checks them. */
function inputChecks(sheet: CommitmentRows, plan: CommitmentSheetPlan, a: CommitmentAnswer, table: DemandTable) {
  const { price, billed } = COMMITMENT_INPUTS;
  const f = (key: Parameters<CommitmentRows["figure"]>[0]) => sheet.figure(key);
  return [
    discountCheck(sheet, plan.discount),
    boundCheck(
      price,
      { minimum: 0, exclusiveMinimum: true, text: "more than 0" },
      f("price"),
      plan.pricePerAcceleratorHour,
    ),
    boundCheck(
      { ...billed, unit: "accelerators" },
      { minimum: 0, text: "0 or more" },
      f("billed"),
      plan.billedCommittedAccelerators,
    ),
    columnCheck(
      "Accelerators in use: 0 or more",
      table.levels,
      "Every level of demand must be a number of accelerators in use, 0 or more: type one in each row.",
      plan.demand.map((l) => l.accelerators),
    ),
    columnCheck(
      "Hours at each level: 0 or more",
      table.levelHours,
      "Every level of demand must last a number of hours, 0 or more: type one in each row.",
      plan.demand.map((l) => l.hours),
    ),
    {
      name: "Hours of demand: more than 0",
      holds: () => `${f("hours")}>0`,
      failure: "The demand table has no hours: give each level the hours it lasted.",
      held: a.hours > 0,
    },
    {
      name: "Demand: some accelerator-hours",
      holds: () => `${f("demandAcceleratorHours")}>0`,
      failure: "No accelerator is in use in any hour: there is nothing to commit to.",
      held: a.demandAcceleratorHours > 0,
    },
  ];
}

/** The cheapest against its neighbours, and the total by two routes. */
function answerChecks(
  sheet: CommitmentRows,
  plan: CommitmentSheetPlan,
  a: CommitmentAnswer,
  candidates: Candidates,
  money: string,
): SheetCheck[] {
  const f = (key: Parameters<CommitmentRows["figure"]>[0]) => sheet.figure(key);
  const { demand, pricePerAcceleratorHour: price, discount } = plan;
  const c = a.cheapest.committedAccelerators;
  const at = (level: number) => commitmentFiguresAt(demand, level, price, discount).totalCost;
  const tie = TIE_SHARE * a.hours * price;
  const total = a.cheapest.totalCost;
  const fromCandidates = `INDEX(${candidates.costs},MATCH(${f("committed")},${candidates.commitments},0))`;
  return [
    {
      name: "No whole commitment costs less",
      holds: () =>
        `(${f("totalCost")}<=${f("costOneFewer")}+${f("tie")})*(${f("totalCost")}<=${f("costOneMore")}+${f("tie")})`,
      failure:
        "One accelerator fewer or one more costs less than the commitment shown: a figure or candidate row was " +
        "typed over, or a level was added without its candidates (insert the sheet afresh from the pane).",
      held: total <= at(Math.max(0, c - 1)) + tie && total <= at(c + 1) + tie,
    },
    {
      name: "A tie goes to the smaller commitment",
      holds: () => `(${f("committed")}=0)+(${f("costOneFewer")}>${f("totalCost")}+${f("tie")})`,
      failure: "One accelerator fewer costs the same: the smaller commitment should be taken. A row was typed over.",
      held: c === 0 || at(c - 1) > total + tie,
    },
    twoRoutesCheck(
      "The total cost is the candidate's",
      [
        figureCell(`${f("commitmentCost")}+${f("onDemandCost")}`, total, money),
        figureCell(fromCandidates, total, money),
      ],
      f("tolerance"),
      "The commitment's cost and on demand differ from the candidates' row for it (or it is no candidate): a " +
        "figure row was typed over.",
    ),
  ];
}

/** Adds every check of the sheet, one a row; where they landed, for the master check. */
export function addCommitmentChecks(
  sheet: CommitmentRows,
  plan: CommitmentSheetPlan,
  a: CommitmentAnswer,
  table: DemandTable,
  candidates: Candidates,
  money: string,
): PlacedChecks {
  sheet.heading("Checks (0: holds; 1: fails)");
  return addCheckRows(sheet, [
    ...inputChecks(sheet, plan, a, table),
    ...answerChecks(sheet, plan, a, candidates, money),
  ]);
}
