/*
 * One run against Excel: context.sync() counted (the reports say how many round trips a run
 * took), unexpected Office errors turned into a sentence, and the requirement set checked before
 * anything is asked of Excel.
 */

/** Runs context.sync() and counts it. */
export type Sync = (context: Excel.RequestContext) => Promise<void>;

/** A counter of syncs and the sync that counts. */
export interface Session {
  sync: Sync;
  readonly syncs: number;
}

/** A fresh counter. */
export function newSession(): Session {
  let syncs = 0;
  return {
    sync: (context) => {
      syncs++;
      return context.sync();
    },
    get syncs() {
      return syncs;
    },
  };
}

/** An Office error (or anything thrown) as a sentence: its message, with its code when the message lacks it. */
export function failureText(failure: unknown): string {
  if (failure instanceof Error) {
    const code = (failure as { code?: unknown }).code;
    return typeof code === "string" && failure.message.indexOf(code) < 0
      ? `${code}: ${failure.message}`
      : failure.message;
  }
  return String(failure);
}

/**
 * ExcelApi 1.4: names.add with a formula and worksheet-scoped names (1.4), getUsedRange(valuesOnly)
 * and sheet protection (1.2) are what the conversion needs beyond 1.1.
 */
export const REQUIRED_EXCEL_API = "1.4";

/** Why this Excel cannot run the conversion, or undefined when it can. */
export function missingRequirement(): string | undefined {
  const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
  if (requirements && requirements.isSetSupported("ExcelApi", REQUIRED_EXCEL_API)) return undefined;
  return `this Excel lacks ExcelApi ${REQUIRED_EXCEL_API}, which workbook functions and the conversion need`;
}

/** Whether a run was asked to stop. */
export const isCancelled = (cancel: { cancelled: boolean } | undefined): boolean => !!cancel && cancel.cancelled;
