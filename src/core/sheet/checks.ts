/*
 * The checks every generated sheet carries, as data, and the rows they are written in: a check is its name (what
 * the master check says when it fails), its condition as a formula, and the sentence a reviewer reads when it
 * fails. Each check is one row: the name, then its flag in the sheet's value column (0 where it holds, 1 where it
 * fails, and 1 where its condition is itself an error value: IFERROR inside the flag, so a #DIV/0! in the model
 * fails a check by name instead of spreading), then the figures it compares, then its sentence. The rows stand
 * together, so the master check at the top of the sheet is one INDEX/MATCH over their flags, naming the first
 * that fails. No formula here is more than three functions deep: a condition is at most one (its figures, two
 * routes to one total, sit in cells of their own).
 *
 * The bounds of a field list's inputs come from the fields' own checks (matchingRule asks each check at its
 * boundaries, as the sheets' data validation does), so a planner's typed -0.04 s fails the sheet's check as it
 * fails the pane's form.
 */
import { columnLetter } from "../excel/a1";
import type { LayoutCell } from "./cell";
import { NUMBER_FORMAT } from "./formats";
import { figureCell, Row, RowsBuilder, valueColumnOf } from "./rows";
import { matchingRule, ValidatedField, ValidationRule } from "./validation";

/** What the master check reads while every check holds. */
export const CHECKS_OK = "Check: OK";
/** What the master check's words start with when a check fails; the failing check's name follows. */
export const CHECK_FAILED = "Check failed: ";
/** What a check's sentence cell reads while it holds. */
export const CHECK_HOLDS = "holds";

/**
 * The relative tolerance of a two-route check where the sheet has none of its own: sums in another order differ in
 * the last digits.
 */
export const CHECK_TOLERANCE = 1e-9;

/** A flag's format: 0 or 1. */
export const FLAG_FORMAT = "0";

/** Excel refuses a text constant in a formula over 255 characters. */
const MAX_LITERAL = 255;

/** One check of a sheet, as data. */
export interface SheetCheck {
  /** what the master check names when it fails, as a reviewer reads it: "Serving time per clip is more than 0" */
  name: string;
  /**
   * the cells the check compares, shown beside its flag (the two routes to one total); their formulas at most
   * two functions deep
   */
  figures?: readonly LayoutCell[];
  /**
   * the condition, a formula TRUE (or not 0) where the check holds, given its figures' addresses; at most one
   * function deep, so that its flag is at most three
   */
  holds: (figures: readonly string[]) => string;
  /** set when the condition can never be an error value itself (ISNUMBER over a sum): its flag needs no IFERROR */
  errorProof?: boolean;
  /** the sentence a reviewer reads beside the flag when it fails: what is wrong and what to do */
  failure: string;
  /** whether the model's figures hold it: what the flag caches (1 - held) */
  held: boolean;
}

/** A formula's text constant: quoted, each quote doubled. */
export const textLiteral = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** A check's flag over its condition: 0 where it holds, 1 where it fails or is an error value. */
export const checkFlag = (holds: string, errorProof = false): string =>
  errorProof ? `IF(${holds},0,1)` : `IFERROR(IF(${holds},0,1),1)`;

/** A check's sentence: "holds" while the flag in `flag` is 0, else what fails. */
export const checkSentence = (flag: string, failure: string): string =>
  `IF(${flag}=0,${textLiteral(CHECK_HOLDS)},${textLiteral(failure)})`;

/**
 * The master check over the flags and names of the check rows: "Check: OK", or "Check failed: " and the first
 * failing check's name.
 * @example masterCheckFormula("D40:D52", "A40:A52")
 * // 'IF(SUM(D40:D52)=0,"Check: OK","Check failed: "&INDEX(A40:A52,MATCH(1,D40:D52,0)))'
 */
export function masterCheckFormula(flags: string, names: string): string {
  const failing = `${textLiteral(CHECK_FAILED)}&INDEX(${names},MATCH(1,${flags},0))`;
  return `IF(SUM(${flags})=0,${textLiteral(CHECKS_OK)},${failing})`;
}

/** What the master check shows for `checks`, from the same flags the sheet computes: the first failing one's name. */
export function masterCheckWords(checks: readonly Pick<SheetCheck, "name" | "held">[]): string {
  const failing = checks.find((check) => !check.held);
  return failing ? CHECK_FAILED + failing.name : CHECKS_OK;
}

/** Where a sheet's check rows landed: the ranges the master check reads, and each check's flag by name. */
export interface PlacedChecks {
  flags: string;
  names: string;
  /** the master check's words as the model's figures give them */
  words: string;
  /** each check's flag cell, by its name */
  flagOf: Readonly<Record<string, string>>;
}

/**
 * Adds `checks` to `rows`, one a row from its next row: the name in column A, the flag in the sheet's value column,
 * the figures after it, the sentence last (it runs on into the empty cells to its right). A check whose formulas
 * Excel would refuse (a sentence over 255 characters) or two checks of one name are faults of the sheet's code:
 * they throw, as a section added at the wrong row does.
 */
export function addCheckRows<V>(rows: RowsBuilder<V>, checks: readonly SheetCheck[]): PlacedChecks {
  const column = valueColumnOf(rows.labelledColumns);
  const flagLetter = columnLetter(column);
  const first = rows.nextRow;
  const flagOf: Record<string, string> = {};
  for (const check of checks) {
    if (check.failure.length > MAX_LITERAL) throw new Error(`The sentence of check "${check.name}" is too long.`);
    if (flagOf[check.name] !== undefined) throw new Error(`Two checks are named "${check.name}".`);
    const r = rows.nextRow;
    const figures = check.figures ?? [];
    const at = figures.map((_, i) => `${columnLetter(column + 1 + i)}${r}`);
    const flag = `${flagLetter}${r}`;
    const row: Row = Array.from({ length: column }, () => null);
    row[0] = { value: check.name, role: "label" };
    row.push(
      figureCell(checkFlag(check.holds(at), check.errorProof), check.held ? 0 : 1, FLAG_FORMAT),
      ...figures,
      figureCell(checkSentence(flag, check.failure), check.held ? CHECK_HOLDS : check.failure, NUMBER_FORMAT.text),
    );
    rows.push(row);
    flagOf[check.name] = flag;
  }
  const last = rows.lastRow;
  return {
    flags: `${flagLetter}${first}:${flagLetter}${last}`,
    names: `A${first}:A${last}`,
    words: masterCheckWords(checks),
    flagOf,
  };
}

/** The master check's cell over `placed`: its formula, caching the words the model's figures give. */
export const masterCheckCell = (placed: PlacedChecks): LayoutCell =>
  figureCell(masterCheckFormula(placed.flags, placed.names), placed.words, NUMBER_FORMAT.text, "crossover");

/** The bounds of a number, as a field's range or its check's matching rule states them. */
export interface CheckBound {
  minimum: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  whole?: boolean;
  /** how a planner reads them: "0 or more", "a whole number from 1 to 60" */
  text: string;
}

/** A data-validation rule as a bound. */
export function ruleBound(rule: ValidationRule): CheckBound {
  return {
    minimum: rule.bound,
    exclusiveMinimum: rule.operator === "greaterThan",
    ...(rule.upper !== undefined ? { maximum: rule.upper } : {}),
    text: rule.text,
  };
}

/** The bound of a field from its own check (matchingRule asks it at its boundaries); undefined for text or none. */
export function fieldBound(field: ValidatedField): CheckBound | undefined {
  const rule = matchingRule(field);
  return rule ? ruleBound(rule) : undefined;
}

/** Whether `value` is within `bound`, as the sheet's condition decides it. */
export function withinBound(value: number, bound: CheckBound): boolean {
  if (!Number.isFinite(value)) return false;
  if (bound.exclusiveMinimum ? value <= bound.minimum : value < bound.minimum) return false;
  if (bound.maximum !== undefined && value > bound.maximum) return false;
  return !bound.whole || Number.isInteger(value);
}

/** A bound's comparison over a cell, one function deep: "ISNUMBER(D12)*(D12>=0)". */
export function boundCondition(bound: CheckBound, cell: string): string {
  const parts = [`ISNUMBER(${cell})`, `(${cell}${bound.exclusiveMinimum ? ">" : ">="}${bound.minimum})`];
  if (bound.maximum !== undefined) parts.push(`(${cell}<=${bound.maximum})`);
  if (bound.whole) parts.push(`(${cell}=INT(${cell}))`);
  return parts.join("*");
}

/** An input as a bound check reads it: its label, unit and what a blank means (set for an optional field). */
export interface BoundedInput {
  label: string;
  /** a few words, lower case, for a name where the label is long ("overhead") */
  shortLabel?: string;
  unit: string;
  blankMeans?: string;
}

/** The longest a check's name runs before it would widen the column it runs into (the labels' room on every sheet). */
export const NAME_ROOM = 40;

/** A bound check's name: "Serving time per clip: more than 0", or with the short label where that is too long. */
function boundName(input: BoundedInput, bound: CheckBound): string {
  const name = `${input.label}: ${bound.text}`;
  if (name.length <= NAME_ROOM || input.shortLabel === undefined) return name;
  return `${input.shortLabel.charAt(0).toUpperCase()}${input.shortLabel.slice(1)}: ${bound.text}`;
}

/**
 * The bound check of one input whose cell is `cell` (an address or a name), holding `value` (undefined when blank):
 * a number within `bound`, or blank where the field may be left blank.
 */
export function boundCheck(
  input: BoundedInput,
  bound: CheckBound,
  cell: string,
  value: number | string | undefined,
): SheetCheck {
  const optional = input.blankMeans !== undefined;
  const condition = boundCondition(bound, cell);
  const held = value === undefined ? optional : typeof value === "number" && withinBound(value, bound);
  const blank = optional ? `, or blank for ${input.blankMeans}` : "; it may not be blank";
  // The unit without its gloss: "× (1 = none)" says no more than the bound does.
  const unit = input.unit.replace(/\s*\(.*$/, "");
  return {
    name: boundName(input, bound),
    holds: () => (optional ? `ISBLANK(${cell})+${condition}` : condition),
    failure: `${input.label} must be ${bound.text}${unit.length > 1 ? ` (${unit})` : ""}${blank}.`,
    held,
  };
}

/**
 * The bound checks of every field of `fields` that has a bound (fieldBound, or `boundOf` where the sheet states
 * them itself), each over its cell (`cellOf`, undefined for a field not on the sheet) and its value.
 */
export function fieldBoundChecks<F extends BoundedInput & ValidatedField>(
  fields: readonly F[],
  cellOf: (field: F) => string | undefined,
  valueOf: (field: F) => number | string | undefined,
  boundOf: (field: F) => CheckBound | undefined = fieldBound,
): SheetCheck[] {
  return fields.flatMap((field) => {
    const cell = cellOf(field);
    const bound = boundOf(field);
    return cell === undefined || bound === undefined ? [] : [boundCheck(field, bound, cell, valueOf(field))];
  });
}

/**
 * A check that two routes to one figure agree within `tolerance` of the second's size (a name or a cell): a typed
 * number over a formula row, or over its total, makes them differ. The routes are shown beside the flag.
 */
export function twoRoutesCheck(
  name: string,
  routes: readonly [LayoutCell, LayoutCell],
  tolerance: string,
  failure: string,
  held = true,
): SheetCheck {
  return {
    name,
    figures: routes,
    holds: ([a, b]) => `ABS(${a}-${b})<=${tolerance}*ABS(${b})`,
    failure,
    held,
  };
}

/**
 * A check that two routes to one figure, each arithmetic over cells and names (no function, so the flag stays three
 * deep), agree within `tolerance` of the second's size: for a sheet whose routes are cells it already shows.
 */
export function sameFigureCheck(
  name: string,
  routes: readonly [string, string],
  tolerance: string,
  failure: string,
  held: boolean,
): SheetCheck {
  const [a, b] = routes;
  return { name, holds: () => `ABS(${a}-(${b}))<=${tolerance}*ABS(${b})`, failure, held };
}

/**
 * The check that no figure in `range` is an error value: SUM over a range is an error when any cell in it is, and a
 * number otherwise (text is skipped). `held` is whether none of the model's cached values there is an error.
 */
export function noErrorCheck(name: string, range: string, failure: string, held: boolean): SheetCheck {
  return { name, holds: () => `ISNUMBER(SUM(${range}))`, errorProof: true, failure, held };
}

/** Whether any formula cell of `rows` caches an error value: what noErrorCheck's SUM finds in the model's figures. */
export function anyCachedError(rows: readonly (readonly (LayoutCell | null)[])[]): boolean {
  return rows.some((row) =>
    row.some((cell) => cell?.cached !== undefined && typeof cell.cached === "object" && "error" in cell.cached),
  );
}
