/*
 * The annual sheet's recommendation as live cells (issue 28: no sentence that states a figure goes stale). It was
 * text written at Insert, so after a price and a proposal change the recalculated sheet still said 30 ms and
 * 4,500.00 USD. Now two lines under the levers (the largest saving's sentence, split where a printed page can hold
 * it) are formulas over the levers' own rows: the lever ranked 1 is found with MATCH over each lever's Rank in the
 * levers' list order, so that of equal savings the lever listed first is named, as the model and the pane name it
 * (leversTable's stable sort), though the rows keep the order they were written in; its figures read with INDEX,
 * and its words (RECOMMENDATION_WORDS, LEVER_WORDS: the model's, which the pane's sentence is written with too) put
 * around them; each step is a labelled row of the workings at the foot, so no
 * formula nests more than three functions.
 *
 * The digits are built from ROUND in a way HyperFormula, IronCalc, LibreOffice and Excel agree on: HyperFormula has
 * no FIXED and no thousands separator or "%" in TEXT, and IronCalc's TEXT(x,"0.00") rounds half to even where
 * Excel rounds half away (0.125 gives 0.12), so a figure is ROUNDed first and only then written with TEXT "0.00" or
 * "00"; thousands are grouped by hand (groupedWhole), a figure as typed is ROUND(x, 6) joined as text (its General
 * form in every engine). The smallest saving's sentence is left out: the levers table shows every saving, and
 * choosing the least among the changed levers needs an array formula the engines do not share.
 */
import type { AnnualPlan } from "../model/annualFields";
import {
  LEVER_PARTS,
  LEVER_WORDS,
  LeverRow,
  LEVERS,
  LeversTable,
  lowerFirst,
  RECOMMENDATION_WORDS,
} from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { decimalDigits, moneyText } from "../../core/model/money";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { textLiteral } from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import type { LayoutCell } from "../../core/sheet/cell";
import { AnnualRows, AnnualSection, SheetNames } from "./annualSection";
import type { LeversSection } from "./annualLevers";

/** The cases the recommendation's first line tells apart, in the order of its CHOOSE: its case row's value. */
const CASES = ["noneProposed", "saves", "noneSaves"] as const;

/** Fifteen spaces: the widest whole number the grouping writes, a figure below 1e15. */
const PAD = " ".repeat(15);

/**
 * A whole number of 0 or more (below 1e15) in cell `whole` as text with a comma between thousands, "21,600":
 * its digits padded to 15 on the left, cut in five groups of three joined by commas, and the right end kept
 * (its digits and a comma for every three past the first). Three functions deep.
 * @example groupedWhole("C90") // 'RIGHT(MID(RIGHT("               "&C90,15),1,3)&","&...,LEN(C90)+(LEN(C90)>3)+...)'
 */
export function groupedWhole(whole: string): string {
  const padded = `RIGHT(${textLiteral(PAD)}&${whole},15)`;
  const groups = [1, 4, 7, 10, 13].map((start) => `MID(${padded},${start},3)`).join(`&","&`);
  const commas = [3, 6, 9, 12].map((digits) => `(LEN(${whole})>${digits})`).join("+");
  return `RIGHT(${groups},LEN(${whole})+${commas})`;
}

/** A whole number grouped as groupedWhole writes it (JavaScript's side, for the cached values). */
const groupedText = (whole: number): string => moneyText(whole).slice(0, -3);

/** A figure as the recommendation's formula writes it: ROUND(x, 6) as General text ("40", "4.5", "0.035"). */
export const typedFigure = (value: number): string => `${value < 0 ? "-" : ""}${Number(decimalDigits(value, 6))}`;

/** A share as the recommendation writes it: a percentage to two decimals, "24.32%". */
export const shareFigure = (value: number): string => `${value < 0 ? "-" : ""}${decimalDigits(value * 100, 2)}%`;

/** A sum of money as the recommendation writes it: moneyText's digits, then the currency cell's text as typed. */
export const moneyFigure =
  (currency: string | undefined) =>
  (value: number): string =>
    `${moneyText(value)}${currency ? ` ${currency}` : ""}`;

/** The change of the lever on sheet row `row`, as a formula over its Now and Proposed cells (LEVER_WORDS). */
function changeFormula(lever: LeverRow, row: number, columns: LeversSection["columns"]): string {
  const { scale, before, now, proposed } = LEVER_WORDS[lever.lever];
  const cell = (range: string) => range.split(":")[0].replace(/\d+$/, String(row));
  const figure = (address: string) => `ROUND(${scale === 1 ? address : `${address}*${scale}`},6)`;
  const from = now === undefined ? [] : [figure(cell(columns.now)), textLiteral(`${now} to `)];
  const parts = [before === "" ? [] : [textLiteral(before)], from, [figure(cell(columns.proposed))]].flat();
  return [...parts, textLiteral(proposed)].join("&");
}

/** The same change in JavaScript, for its cached value. */
function changeText(lever: LeverRow): string {
  const { scale, before, now, proposed } = LEVER_WORDS[lever.lever];
  const from = now === undefined ? "" : `${typedFigure(lever.current * scale)}${now} to `;
  return `${before}${from}${typedFigure(lever.proposed * scale)}${proposed}`;
}

/** What the workings read: the levers as written (the model's order) and where their columns are. */
export interface RecommendationContext {
  plan: AnnualPlan;
  levers: LeversTable;
  columns: LeversSection["columns"];
  sheet: SheetNames;
  costFormat: string;
}

/** The recommendation's two lines, for the rows its sentences section kept. */
export interface RecommendationSection extends AnnualSection {
  lines: [LayoutCell, LayoutCell];
}

/** The case of the sheet's recommendation for the model's levers: what the case row caches. */
function caseOf(levers: LeversTable): number | Problem {
  const top = levers.rows[0].hoursSavedPerYear;
  if (!levers.rows.some((row) => row.changed)) return CASES.indexOf("noneProposed");
  if (isProblem(top)) return top;
  return CASES.indexOf(top > 0 ? "saves" : "noneSaves");
}

/** The cells of the workings the two lines read: each a labelled row's value cell. */
interface Workings {
  caseCell: string;
  lever: string;
  change: string;
  part: string;
  hours: string;
  /** "&" and the money's words cell, or "" unpriced */
  money: string;
  ofBill: string;
  ceiling: string;
}

/** A text formula's cell, caching `cached`. */
const textCell = (formula: string, cached: string | Problem) => figureCell(formula, cached, NUMBER_FORMAT.text);

/**
 * The row among the levers of the lever the recommendation names: ranked 1, and of levers ranked 1 together (equal
 * savings) the one first in the levers' list (LEVERS), as the model orders equal savings (leversTable), whatever
 * order the rows were written in. Each lever's rank in the list's order is a labelled row; the first Rank 1 among
 * them is found with MATCH, and its row with ROWS from the table's first to that lever's own. Its cell.
 */
function leadingPosition(rows: AnnualRows, { levers, columns }: RecommendationContext): string {
  const [firstRank] = columns.rank.split(":");
  const rankCell = (index: number) => firstRank.replace(/\d+$/, String(Number(firstRank.match(/\d+$/)![0]) + index));
  const written = LEVERS.map((spec) => levers.rows.findIndex((row) => row.lever === spec.id));
  const ranks = LEVERS.map((spec, i) =>
    rows.labelled(
      `Rank of ${lowerFirst(spec.label)}`,
      figureCell(rankCell(written[i]), levers.rows[written[i]].rank, "0"),
      "its row's Rank",
    ),
  );
  const listed = LEVERS.findIndex((_, i) => levers.rows[written[i]].rank === 1);
  const place = rows.labelled(
    "The lever ranked first: its place in the levers' list",
    figureCell(`MATCH(1,${ranks[0]}:${ranks[ranks.length - 1]},0)`, listed + 1, "0"),
    "equal savings: the lever listed first",
  );
  const rowsTo = written.map((index) => `ROWS(${firstRank}:${rankCell(index)})`);
  return rows.labelled(
    "The lever ranked first: its row among the levers",
    figureCell(`CHOOSE(${place},${rowsTo.join(",")})`, written[listed] + 1, "0"),
    "the rows as written",
  );
}

/** The lever ranked 1, the case, and the lever's words, each a labelled row; their cells. */
function leverRows(rows: AnnualRows, context: RecommendationContext) {
  const { levers, columns } = context;
  const first = levers.rows[0];
  const firstRow = Number(columns.rank.split(":")[0].replace(/^[A-Z]+/, ""));
  const position = leadingPosition(rows, context);
  const at = (range: string) => `INDEX(${range},${position})`;
  const caseCell = rows.labelled(
    "What the recommendation says",
    figureCell(
      `IF(SUMXMY2(${columns.proposed},${columns.now})=0,0,IF(${at(columns.saved)}>0,1,2))`,
      caseOf(levers),
      "0",
    ),
    "0 none proposed, 1 it saves hours, 2 none saves",
  );
  const choose = (each: (lever: LeverRow, i: number) => string) =>
    `CHOOSE(${position},${levers.rows.map(each).join(",")})`;
  const lever = rows.labelled(
    "Its lever",
    textCell(
      choose((row) => textLiteral(lowerFirst(row.label))),
      lowerFirst(first.label),
    ),
    "in the sentence's words",
  );
  const change = rows.labelled(
    "Its change",
    textCell(
      choose((row, i) => changeFormula(row, firstRow + i, columns)),
      changeText(first),
    ),
    "its Now to its Proposed",
  );
  const part = rows.labelled(
    "The part it touches",
    textCell(
      choose((row) => textLiteral(LEVER_PARTS[row.part].label)),
      first.partLabel,
    ),
    "its share of the bill: the ceiling",
  );
  return { at, caseCell, lever, change, part };
}

/** The lever's figures in words, each a labelled row (its hours through a whole number first); their cells. */
function figureRows(rows: AnnualRows, context: RecommendationContext, at: (range: string) => string) {
  const { levers, columns } = context;
  const first = levers.rows[0];
  const saved = first.hoursSavedPerYear;
  const wholeHours = isProblem(saved) ? saved : Math.round(Math.abs(saved));
  const whole = rows.labelled(
    "Its saving, whole",
    figureCell(`ROUND(ABS(${at(columns.saved)}),0)`, wholeHours, NUMBER_FORMAT.hoursSaved),
    "accelerator-hours a year",
  );
  const hours = rows.labelled(
    "Its saving, in words",
    textCell(
      `${groupedWhole(whole)}&${textLiteral(RECOMMENDATION_WORDS.aYear)}`,
      isProblem(wholeHours) ? wholeHours : `${groupedText(wholeHours)}${RECOMMENDATION_WORDS.aYear}`,
    ),
    "thousands grouped by hand",
  );
  const money = moneyRows(rows, context, at);
  const share = (label: string, range: string, value: number | Problem) =>
    rows.labelled(
      label,
      textCell(`TEXT(ROUND(${at(range)}*100,2),"0.00")&"%"`, isProblem(value) ? value : shareFigure(value)),
      "a percentage to two decimals",
    );
  const ofBill = share("Its share of the bill, in words", columns.share, first.shareOfBill);
  const ceiling = share("The part's ceiling, in words", columns.ceiling, first.ceiling);
  return { hours, money, ofBill, ceiling };
}

/** The two lines over the workings: the case, the lever, its change and saving; then its share and ceiling. */
function lineCells(cells: Workings, cached: [string | Problem, string | Problem]): [LayoutCell, LayoutCell] {
  const words = RECOMMENDATION_WORDS;
  const said = (text: string) => textLiteral(text);
  const { caseCell, lever, change, part, hours, money, ofBill, ceiling } = cells;
  const saves = [said(words.pointAt), lever, '": "', change, said(words.saves), `${hours}${money}`, '","'].join("&");
  const rest = [ofBill, said(words.ofTheBill), part, said(words.partIs), ceiling, '"."'].join("&");
  const line = (formula: string, value: string | Problem) => figureCell(formula, value, NUMBER_FORMAT.text, "label");
  return [
    line(`CHOOSE(${caseCell}+1,${said(words.noneProposed)},${saves},${said(words.noneSaves)})`, cached[0]),
    line(`IF(${caseCell}=1,${rest},"")`, cached[1]),
  ];
}

/**
 * The workings of the recommendation from sheet row `top`: the lever ranked 1, the case, its words and figures,
 * each a labelled row; and the two lines that read them, for the rows the sentences section kept.
 */
export function recommendationSection(top: number, context: RecommendationContext): RecommendationSection {
  const rows = new AnnualRows(top, context.sheet);
  rows.heading("Workings of the recommendation");
  const { at, ...words } = leverRows(rows, context);
  const figures = figureRows(rows, context, at);
  const cached = recommendationLines(caseOf(context.levers), {
    plan: context.plan,
    first: context.levers.rows[0],
    money: figures.money.cached,
  });
  return {
    ...rows.section(),
    lines: lineCells({ ...words, ...figures, money: figures.money.formula }, cached),
  };
}

/** The money rows when the sheet is priced: to the cent, whole, in words; what the first line adds of them. */
function moneyRows(
  rows: AnnualRows,
  { plan, levers, columns, sheet, costFormat }: RecommendationContext,
  at: (range: string) => string,
): { formula: string; cached: string | Problem } {
  if (columns.cost === undefined || plan.pricePerHour === undefined) return { formula: "", cached: "" };
  const cost = levers.rows[0].costSavedPerYear ?? 0;
  const cents = isProblem(cost) ? cost : Number(decimalDigits(cost, 2));
  const exact = rows.labelled(
    "Its money a year, to the cent",
    figureCell(`ROUND(ABS(${at(columns.cost)}),2)`, cents, costFormat),
    "its Saved a year in money",
  );
  const whole = rows.labelled(
    "Its money, whole",
    figureCell(`INT(${exact})`, isProblem(cents) ? cents : Math.floor(cents), costFormat),
    "its cents apart",
  );
  const currency = plan.currency ? `&" "&${sheet.field("currency")}` : "";
  const formula = `", "&${groupedWhole(whole)}&"."&TEXT(ROUND((${exact}-${whole})*100,0),"00")${currency}`;
  const cached = isProblem(cents) ? cents : `, ${moneyFigure(plan.currency)(cents)}`;
  const inWords = rows.labelled(
    "Its money, in words",
    figureCell(formula, cached, NUMBER_FORMAT.text),
    "as the money cells show it",
  );
  return { formula: `&${inWords}`, cached };
}

/** The two lines' cached texts for the model's levers: the model's sentence, split after its headline. */
function recommendationLines(
  caseValue: number | Problem,
  { plan, first, money }: { plan: AnnualPlan; first: LeverRow; money: string | Problem },
): [string | Problem, string | Problem] {
  if (isProblem(caseValue)) return [caseValue, caseValue];
  const words = RECOMMENDATION_WORDS;
  if (CASES[caseValue] === "noneProposed") return [words.noneProposed, ""];
  if (CASES[caseValue] === "noneSaves") return [words.noneSaves, ""];
  const { hoursSavedPerYear: saved, shareOfBill, ceiling } = first;
  const problem = [saved, shareOfBill, ceiling, money].find(isProblem);
  if (problem) return [problem, problem];
  const hours = `${groupedText(Math.round(Math.abs(saved as number)))}${words.aYear}`;
  const priced = plan.pricePerHour === undefined ? "" : (money as string);
  const line1 = `${words.pointAt}${lowerFirst(first.label)}: ${changeText(first)}${words.saves}${hours}${priced},`;
  const rest = `${words.ofTheBill}${first.partLabel}${words.partIs}${shareFigure(ceiling as number)}.`;
  return [line1, `${shareFigure(shareOfBill as number)}${rest}`];
}
