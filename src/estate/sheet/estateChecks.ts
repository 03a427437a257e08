/*
 * The estate sheet's checks (core/sheet/checks.ts's vocabulary: a check a row, 0 where it holds, one master check
 * at the top): every input within its field's own check (the plan's traffic once, then each model's, bounds from
 * ESTATE_FIELDS' checks as the pane's form applies them), each model named and its cadence's unit one of the
 * drop-down's, the estate's shares summing to 100% in hours and money, the models adding up to the estate by two
 * routes, and no lever's saving over its ceiling.
 */
import { CADENCE_UNITS, EstateLevers, EstatePlan, EstateYear, TRAFFIC_FIELDS } from "../model";
import {
  addCheckRows,
  boundCheck,
  CHECK_TOLERANCE,
  fieldBound,
  PlacedChecks,
  SheetCheck,
  textLiteral,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { isProblem, Problem } from "../../core/model/problems";
import { CADENCE_UNIT_KEY, sheetFieldsOf, TRAFFIC_NAMES } from "./estateInputs";
import { EstateRows } from "./estateRows";
import { FIGURE_NAMES } from "./estateYearRows";
import type { PlacedLevers } from "./estateLeverRows";

/** The words of the cadence unit counted in runs a year, which needs no divisor. */
const RUNS_WORDS = textLiteral(CADENCE_UNITS[0].words);

/** The bound checks of the plan's traffic, over its named cells. */
function trafficChecks(sheet: EstateRows, plan: EstatePlan): SheetCheck[] {
  return TRAFFIC_FIELDS.flatMap((field) => {
    const bound = fieldBound(field);
    if (!bound || field.key === "currency") return [];
    const name = sheet.named(TRAFFIC_NAMES[field.key]);
    return [boundCheck(field, bound, name, plan[field.key])];
  });
}

/** One model's checks: its name, each field's bound, its retire flag, its cadence's unit and divisor. */
function modelChecks(sheet: EstateRows, plan: EstatePlan, i: number): SheetCheck[] {
  const model = plan.models[i];
  const who = `Model ${i + 1}`;
  const unit = sheet.at(CADENCE_UNIT_KEY, i);
  const checks: SheetCheck[] = [
    {
      name: `${who} has a name`,
      holds: () => `${sheet.at("name", i)}<>""`,
      failure: `${who} needs a name in its column's heading.`,
      held: true,
    },
  ];
  for (const field of sheetFieldsOf(plan)) {
    const cell = sheet.at(field.key, i);
    const value = model[field.key] as number | undefined;
    if (field.quantity === "flag") {
      checks.push({
        name: `${who}: retire is 1, 0 or blank`,
        holds: () => `OR(${cell}="",${cell}=0,${cell}=1)`,
        failure: `${who}: ${field.label} is 1 (retire) or 0 or blank (keep).`,
        held: value === undefined || value === 0 || value === 1,
      });
      continue;
    }
    const bound = fieldBound(field);
    if (!bound) continue;
    const input = {
      label: `${who}: ${field.label}`,
      shortLabel: `${who.toLowerCase()} ${field.shortLabel ?? field.label.toLowerCase()}`,
      unit: field.unit,
      ...(field.blankMeans === undefined ? {} : { blankMeans: field.blankMeans }),
    };
    checks.push(boundCheck(input, bound, cell, value));
  }
  const words = CADENCE_UNITS.map((c) => `${unit}=${textLiteral(c.words)}`).join(",");
  checks.push(
    {
      name: `${who}: the cadence's unit is listed`,
      holds: () => `OR(${words})`,
      failure: `${who}: choose the cadence's unit from the list (${CADENCE_UNITS.map((c) => c.words).join(", ")}).`,
      held: true,
    },
    {
      name: `${who}: days or months between are more than 0`,
      holds: () => `OR(${unit}=${RUNS_WORDS},${sheet.at("cadence", i)}>0)`,
      failure: `${who}: a cadence in days or months between retrains must be more than 0.`,
      held: true,
    },
    {
      name: `${who}: the proposed days or months are more than 0`,
      holds: () => `OR(${unit}=${RUNS_WORDS},${sheet.at("cadenceProposed", i)}="",${sheet.at("cadenceProposed", i)}>0)`,
      failure: `${who}: a proposed cadence in days or months between retrains must be more than 0, or blank.`,
      held: true,
    },
  );
  return checks;
}

/** A number's value, NaN for a problem or no figure (a check it feeds then fails, as in the sheet). */
const num = (x: number | Problem | undefined): number => (typeof x === "number" && !isProblem(x) ? x : NaN);

/** The checks of the estate's figures: shares sum to 100%, the models add up by two routes. */
function figureChecks(sheet: EstateRows, year: EstateYear): SheetCheck[] {
  const tol = sheet.named(TRAFFIC_NAMES.checkTolerance);
  const priced = sheet.named(FIGURE_NAMES.priced);
  const b = (key: string) => sheet.estateAt(key);
  const nearOne = (x: number) => Math.abs(x - 1) <= CHECK_TOLERANCE;
  const hoursShares =
    num(year.parts.training.hoursShare) + num(year.parts.serving.hoursShare) + num(year.parts.rescans.hoursShare);
  const modelShares = year.models.reduce((s, m) => s + num(m.total.hoursShare), 0);
  const moneyShares = year.priced
    ? num(year.parts.training.costShare) + num(year.parts.serving.costShare) + num(year.parts.rescans.costShare)
    : 1;
  const modelMoneyShares = year.priced ? year.models.reduce((s, m) => s + num(m.total.costShare), 0) : 1;
  const oneCheck = (name: string, formula: string, value: number, failure: string): SheetCheck => ({
    name,
    figures: [figureCell(formula, value, NUMBER_FORMAT.share)],
    holds: ([a]) => `ABS(${a}-1)<=${tol}`,
    failure,
    held: nearOne(value),
  });
  const partsHours = year.parts.training.hours + year.parts.serving.hours + year.parts.rescans.hours;
  const totalCost = year.priced ? num(year.total.cost) : 0;
  const partsCost = year.priced
    ? num(year.parts.training.cost) + num(year.parts.serving.cost) + num(year.parts.rescans.cost)
    : 0;
  const hoursFormat = NUMBER_FORMAT.hours;
  return [
    oneCheck(
      "The parts' shares of hours sum to 100%",
      `${b("trainingShare")}+${b("servingShare")}+${b("rescansShare")}`,
      hoursShares,
      "The parts' shares of the estate's hours do not sum to 100%: a figure row was typed over.",
    ),
    oneCheck(
      "The models' shares of hours sum to 100%",
      `SUM(${sheet.across("totalShare")})`,
      modelShares,
      "The models' shares of the estate's hours do not sum to 100%: a figure row was typed over.",
    ),
    oneCheck(
      "The parts' shares of money sum to 100%",
      `IF(${priced}=1,${b("trainingCostShare")}+${b("servingCostShare")}+${b("rescansCostShare")},1)`,
      moneyShares,
      "The parts' shares of the estate's money do not sum to 100%: a figure row was typed over.",
    ),
    oneCheck(
      "The models' shares of money sum to 100%",
      `IF(${priced}=1,SUM(${sheet.across("totalCostShare")}),1)`,
      modelMoneyShares,
      "The models' shares of the estate's money do not sum to 100%: a figure row was typed over.",
    ),
    twoRoutesCheck(
      "The models add up to the estate, in hours",
      [
        figureCell(b("total"), year.total.hours, hoursFormat),
        figureCell(`${b("training")}+${b("paid")}+${b("rescans")}`, partsHours, hoursFormat),
      ],
      tol,
      "The models' totals and the estate's parts differ: a figure row was typed over.",
      Math.abs(year.total.hours - partsHours) <= CHECK_TOLERANCE * Math.abs(partsHours),
    ),
    twoRoutesCheck(
      "The models add up to the estate, in money",
      [
        figureCell(`IF(${priced}=1,${b("totalCost")},0)`, totalCost, NUMBER_FORMAT.price),
        figureCell(
          `IF(${priced}=1,${b("trainingCost")}+${b("servingCost")}+${b("rescansCost")},0)`,
          partsCost,
          NUMBER_FORMAT.price,
        ),
      ],
      tol,
      "The models' money and the estate's parts' money differ: a figure row was typed over.",
      Math.abs(totalCost - partsCost) <= CHECK_TOLERANCE * Math.abs(partsCost),
    ),
  ];
}

/** Each lever's saving within its ceiling, in hours and in money (where both are figures). */
function leverChecks(sheet: EstateRows, levers: EstateLevers, placed: PlacedLevers | undefined): SheetCheck[] {
  if (!placed) return [];
  const tol = sheet.named(TRAFFIC_NAMES.checkTolerance);
  const within = (share: number | Problem | undefined, ceiling: number | Problem | undefined) =>
    typeof share !== "number" || typeof ceiling !== "number" || share <= ceiling + CHECK_TOLERANCE;
  return levers.rows.flatMap((lever, k) => {
    const r = placed.first + k;
    const what = `Lever ${k + 1} (${lever.label.toLowerCase()}, model ${lever.model + 1})`;
    return [
      {
        name: `Lever ${k + 1}: hours saved within the ceiling`,
        holds: () => `IFERROR(I${r}<=J${r}+${tol},1)`,
        failure: `${what} saves more of the estate's hours than the part it touches holds: a figure was typed over.`,
        held: within(lever.hoursShare, lever.hoursCeiling),
      },
      {
        name: `Lever ${k + 1}: money saved within the ceiling`,
        holds: () => `IFERROR(L${r}*1<=M${r}+${tol},1)`,
        failure: `${what} saves more of the estate's money than the part it touches costs: a figure was typed over.`,
        held: within(lever.costShare, lever.costCeiling),
      },
    ];
  });
}

/** Adds every check of the estate sheet, one a row; where they landed, for the master check. */
export function addEstateChecks(
  sheet: EstateRows,
  plan: EstatePlan,
  year: EstateYear,
  levers: EstateLevers,
  placed: PlacedLevers | undefined,
  ledgerChecks: readonly SheetCheck[] = [],
): PlacedChecks {
  sheet.heading("Checks (0: holds; 1: fails)");
  return addCheckRows(sheet, [
    ...trafficChecks(sheet, plan),
    ...plan.models.flatMap((_, i) => modelChecks(sheet, plan, i)),
    ...figureChecks(sheet, year),
    ...leverChecks(sheet, levers, placed),
    ...ledgerChecks,
  ]);
}
