/*
 * The commitment sheet's inputs, the source of truth every figure reads: blue cells for the price on demand, the
 * commitment's discount and the commitment the bill shows (blank: none), then the demand profile as a table of
 * levels (accelerators in use, the hours at that level), as the bill read them or as typed, each level's
 * accelerator-hours beside it. Labelled constants follow the inputs (the checks' tolerance and the model's tie
 * share), so that no formula holds a constant but 3,600, 86,400, 1,000, 0 and 1.
 */
import { CommitmentInput, TIE_SHARE } from "../model";
import type { LayoutCell } from "../../core/sheet/cell";
import { CHECK_TOLERANCE } from "../../core/sheet/checks";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell } from "../../core/sheet/rows";
import { safeText } from "../../core/sheet/sheetBasics";
import type { CellRule, CellValidation } from "../../core/writers/finish";
import { COMMITMENT_NAMES, CommitmentRows } from "./commitmentRows";

/** What the sheet is written from: the model's input, the bill's currency, and where the demand came from. */
export interface CommitmentSheetPlan extends CommitmentInput {
  /** the bill's currency code, for the money's format (absent: none shown) */
  currency?: string;
  /** where the demand came from, in words: "the bill: p5, us-east-1" or "a typed profile" */
  source?: string;
}

/** The demand table's three columns, as absolute ranges (the same from every row that reads them). */
export interface DemandTable {
  levels: string;
  levelHours: string;
  levelAcceleratorHours: string;
  /** the first and last sheet rows of its levels */
  first: number;
  last: number;
}

/** The blue inputs' words: label, unit and the validation rule's words. */
export const COMMITMENT_INPUTS = {
  price: { label: "Price on demand", unit: "an accelerator-hour" },
  discount: { label: "Commitment discount", unit: "share off the price on demand (0.4 = 40%)" },
  billed: { label: "The bill's commitment", unit: "accelerators; blank: none", blankMeans: "none" },
  level: { label: "Accelerators in use", unit: "accelerators" },
  hours: { label: "Hours", unit: "hours" },
} as const;

/** A blue input cell: the value, or an empty blue cell for a blank. */
const inputCell = (value: number | undefined, numberFormat: string): LayoutCell =>
  value === undefined ? { role: "input", numberFormat } : { value, numberFormat, role: "input" };

/** The validation of one blue cell: its rule, and the messages that say what to type. */
function validation(address: string, rule: CellRule, label: string, words: string): CellValidation {
  return {
    address,
    rule,
    prompt: { title: `A number, ${words}`.slice(0, 32), message: `${label}: a number ${words}.` },
    error: { title: `Enter a number ${words}`.slice(0, 32), message: `${label} must be a number ${words}.` },
  };
}

/** The price, the discount and the bill's commitment, blue; the constants the formulas read. */
export function addCommitmentInputs(sheet: CommitmentRows, plan: CommitmentSheetPlan): void {
  const { price, discount, billed } = COMMITMENT_INPUTS;
  sheet.heading("Inputs (blue: type over them)");
  if (plan.source !== undefined) {
    sheet.labelled("Demand from", { value: safeText(plan.source), role: "label" }, "");
  }
  const money = moneyFormat(plan.currency);
  const at = (key: "price" | "discount" | "billed", value: number | undefined, format: string, unit: string) =>
    sheet.labelled(COMMITMENT_INPUTS[key].label, inputCell(value, format), unit, { name: COMMITMENT_NAMES[key], key });
  const priceAt = at("price", plan.pricePerAcceleratorHour, money, price.unit);
  sheet.validate(
    validation(priceAt, { type: "decimal", operator: "greaterThan", bound: 0 }, price.label, "more than 0"),
  );
  const discountAt = at("discount", plan.discount, NUMBER_FORMAT.share, discount.unit);
  sheet.validate(
    validation(discountAt, { type: "decimal", operator: "between", bound: 0, upper: 1 }, discount.label, "from 0 to 1"),
  );
  const billedAt = at("billed", plan.billedCommittedAccelerators, NUMBER_FORMAT.typed, billed.unit);
  sheet.validate(
    validation(billedAt, { type: "decimal", operator: "greaterThanOrEqual", bound: 0 }, billed.label, "0 or more"),
  );
  sheet.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "a check of two routes holds within this share of its figure",
    { name: COMMITMENT_NAMES.tolerance, key: "tolerance" },
  );
  sheet.labelled(
    "Tie share",
    { value: TIE_SHARE, numberFormat: "0.0E+00", role: "derived" },
    "of hours x price: costs closer than this are a tie, and the smaller commitment is taken",
    { name: COMMITMENT_NAMES.tieShare, key: "tieShare" },
  );
}

/** The demand profile's table, a level a row, blue; each level's accelerator-hours beside it. */
export function addDemandTable(sheet: CommitmentRows, plan: CommitmentSheetPlan): DemandTable {
  const { level, hours } = COMMITMENT_INPUTS;
  sheet.heading("Hourly demand (blue: a level a row)");
  sheet.push(
    ["Accelerators in use", "Hours at that level", "Accelerator-hours"].map((value): LayoutCell => ({
      value,
      role: "header",
      align: "right",
    })),
    "demandHeader",
  );
  const first = sheet.nextRow;
  for (const { accelerators, hours: h } of plan.demand) {
    const r = sheet.nextRow;
    sheet.push([
      inputCell(accelerators, NUMBER_FORMAT.typed),
      inputCell(h, NUMBER_FORMAT.typed),
      figureCell(`A${r}*B${r}`, accelerators * h, NUMBER_FORMAT.hours),
    ]);
    sheet.validate(
      validation(`A${r}`, { type: "decimal", operator: "greaterThanOrEqual", bound: 0 }, level.label, "0 or more"),
    );
    sheet.validate(
      validation(`B${r}`, { type: "decimal", operator: "greaterThanOrEqual", bound: 0 }, hours.label, "0 or more"),
    );
  }
  const last = sheet.lastRow;
  const column = (letter: string) => `$${letter}$${first}:$${letter}$${last}`;
  return { levels: column("A"), levelHours: column("B"), levelAcceleratorHours: column("C"), first, last };
}
