/*
 * Both ledgers in the Estate view's words: each model's card says its staleness at its cadence, its economic
 * cadence and its cadence lever's net (ledgers/pane's ledgerWords, the annual view's sentences), the preview the
 * estate's staleness a year beside its compute, and the levers' table each cadence lever's net, or that it counts
 * one ledger only. A model with a blank ledger says nothing new in its card. No DOM here: tested directly.
 */
import type { EstateFigures, EstateLeverRow, ModelLedger } from "../model";
import { ONE_LEDGER_ONLY } from "../../ledgers/model";
import { ledgerWords } from "../../ledgers/pane";
import { isProblem } from "../../core/model/problems";

/** Money in the view's currency. */
type Money = (value: number) => string;

/**
 * The lines a model's card shows under its fields: the staleness now, the economic cadence, the cadence lever's
 * net; the one-ledger sentence where the ledger is not counted; none where the model's ledger is blank.
 * @example modelLedgerLines(undefined, money) // []
 */
export function modelLedgerLines(ledger: ModelLedger | undefined, money: Money): string[] {
  if (ledger === undefined) return [];
  const words = ledgerWords(ledger, money);
  return [words.answer, words.economic, words.net].filter((line): line is string => line !== undefined);
}

/**
 * The estate's line: the staleness of the models whose ledger is counted, a year, beside the compute; undefined
 * where no model's ledger is typed.
 */
export function estateLedgerLine(figures: EstateFigures, money: Money): string | undefined {
  const ledgers = figures.ledgers;
  if (!ledgers) return undefined;
  const { stalenessPerYear, computePerYear } = ledgers;
  if (stalenessPerYear === undefined) return ONE_LEDGER_ONLY;
  if (isProblem(stalenessPerYear)) return stalenessPerYear.message;
  const compute =
    computePerYear === undefined || isProblem(computePerYear) ? "" : `, beside ${money(computePerYear)} of compute`;
  const staleness = money(stalenessPerYear);
  return `Both ledgers: a staler model costs the estate ${staleness} a year in review and harm${compute}.`;
}

/** A cadence lever's second line in the levers' table: its net of the staleness it adds; undefined otherwise. */
export function leverLedgerText(row: EstateLeverRow, money: Money): string | undefined {
  const ledger = row.ledger;
  if (row.lever !== "cadence" || ledger === undefined || isProblem(ledger) || "counted" in ledger) return undefined;
  return isProblem(ledger.netPerYear) ? undefined : `net of staleness: ${money(ledger.netPerYear)}`;
}

/**
 * The sentence under the levers: the cadence levers that count one ledger only (no ledger counted for their model),
 * by model; undefined when every cadence lever weighs both, or none is proposed.
 */
export function oneLedgerNote(figures: EstateFigures): string | undefined {
  const alone = figures.levers.rows.filter(
    (row) => row.lever === "cadence" && (row.ledger === undefined || isProblem(row.ledger) || "counted" in row.ledger),
  );
  if (alone.length === 0) return undefined;
  const names = alone.map((row) => row.modelName).join(", ");
  return (
    `The retrain cadence of ${names} counts one ledger only, accelerator-hours: give a model's drift and the cost ` +
    "of one error (its card's \u201cWhat a staler model costs\u201d) to weigh what a staler model costs in review " +
    "and harm."
  );
}
