/*
 * Both ledgers' figures in words and table rows, as the section shows them: no DOM here, so the words are tested
 * directly. Money is written by the view's formatter (its currency); a figure the model could not compute is its
 * problem's sentence, never a 0.
 */
import { isProblem, Problem } from "../../core/model/problems";
import type { CadenceRow, LedgerFigures, LedgerNotCounted } from "../model";
import { everyMonths } from "../model";

/** What the section shows: the lines above the tables and the tables' rows, as text. */
export interface LedgerWords {
  /** the staleness a month and a year, or the one-ledger sentence, or the problem */
  answer: string;
  /** the cadence change's rows, [label, figure]: compute saved, staleness added, net; none without a change */
  change: [string, string][];
  /** the net on its own line, with what it means */
  net?: string;
  /** the economic cadence and its best whole month's cost, or why there is none */
  economic?: string;
  /** retrain every 1..12 months: [months, runs a month, staleness a month, total a month]; none without them */
  sensitivity: string[][];
  /** the sensitivity row of the best whole month (0-based), when there is one */
  bestRow?: number;
  /** why the sensitivity is not shown, when it is not */
  sensitivityNote?: string;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const shown = (value: number | Problem, money: (x: number) => string) => (isProblem(value) ? "—" : money(value));

/** The net's line: what the change gains or loses a year, in both ledgers. */
function netLine(label: string, net: number | Problem, money: (x: number) => string): string {
  if (isProblem(net)) return sentence(net.message);
  if (net === 0) return `${label} neither gains nor loses, counting both ledgers.`;
  const verb = net < 0 ? "loses" : "saves";
  const change = `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return `Net ${money(net)} a year: ${change} ${verb} ${money(Math.abs(net))} a year, counting both ledgers.`;
}

/** The sensitivity's rows as text: months, then amounts without the currency (the headings carry it). */
function sensitivityRows(rows: readonly CadenceRow[], amount: (x: number) => string): string[][] {
  return rows.map((row) => [
    String(row.months),
    shown(row.runCostPerMonth, amount),
    shown(row.stalenessPerMonth, amount),
    shown(row.totalPerMonth, amount),
  ]);
}

/**
 * The words of both ledgers' figures; `money` writes an amount in the view's currency, `amount` without it (the
 * tables' cells, whose headings name the currency).
 * @example ledgerWords({ counted: false, sentence: ONE_LEDGER_ONLY }, money).answer // ONE_LEDGER_ONLY
 */
export function ledgerWords(
  figures: LedgerFigures | LedgerNotCounted | Problem,
  money: (x: number) => string,
  amount: (x: number) => string = money,
): LedgerWords {
  const words: LedgerWords = { answer: "", change: [], sensitivity: [] };
  if (isProblem(figures)) return { ...words, answer: sentence(figures.message) };
  if (!figures.counted) return { ...words, answer: figures.sentence };
  const { stalenessPerMonth, stalenessPerYear, change, economic, sensitivity } = figures;
  words.answer = isProblem(stalenessPerMonth)
    ? sentence(stalenessPerMonth.message)
    : `A staler model costs ${money(stalenessPerMonth)} a month in review and harm at the cadence now, ` +
      `${shown(stalenessPerYear, money)} a year.`;
  if (change) {
    words.change = [
      ["Compute saved a year", shown(change.savingPerYear, amount)],
      ["Staleness added a year", shown(change.stalenessAddedPerYear, amount)],
      ["Net a year", shown(change.netPerYear, amount)],
    ];
    words.net = netLine(change.label, change.netPerYear, money);
  }
  words.economic = isProblem(economic)
    ? sentence(economic.message)
    : `The economic cadence is ${economic.months.toFixed(2)} months: the best whole month is ` +
      `${everyMonths(economic.best.months)}, at ${money(economic.best.costPerMonth)} a month of runs and staleness.`;
  if (isProblem(sensitivity)) {
    // Said once: without a price the cadence and the sensitivity miss the same thing.
    const note = sentence(sensitivity.message);
    if (note !== words.economic) words.sensitivityNote = note;
  } else {
    words.sensitivity = sensitivityRows(sensitivity, amount);
    const best = isProblem(economic) ? -1 : sensitivity.findIndex((row) => row.months === economic.best.months);
    if (best >= 0) words.bestRow = best;
  }
  return words;
}
