/*
 * How every Office.js writer syncs and says what failed: the stage, annual and what-if inserts
 * (sheetWriter.ts and its parts) and the portable conversion (src/portable/excel).
 *  - A sync is written out at its call, `await session.counted(context.sync())`: Microsoft's Office
 *    lint (eslint-plugin-office-addins) knows a round trip only as `context.sync()`, so a sync
 *    hidden behind a function would hide every read before its sync and every sync in a loop.
 *  - `attempt` is the one catch: a batch that Excel fails becomes a value with its sentence, which
 *    the caller reports. Excel has applied such a batch up to the failing operation (the
 *    traceMessages example of https://learn.microsoft.com/javascript/api/office/officeextension.error),
 *    so taking back what went in is the caller's work, not this module's.
 *  - A requirement set is asked of Office.context.requirements.isSetSupported
 *    (https://learn.microsoft.com/office/dev/add-ins/develop/specify-api-requirements-runtime), which a
 *    plain browser lacks: there Office.js resolves onReady with no host and no requirements.
 */

/** One run's round trips to Excel, counted for its report and its tests. */
export interface Session {
  /** `sync` (a `context.sync()` just called), counted */
  counted(sync: Promise<void>): Promise<void>;
  /** how many syncs the run has made */
  readonly syncs: number;
}

/** A run with no sync yet. */
export function newSession(): Session {
  let syncs = 0;
  return {
    counted: (sync) => {
      syncs++;
      return sync;
    },
    get syncs() {
      return syncs;
    },
  };
}

/** What an attempt came to: its value, or what it threw and that as a sentence. */
export type Attempted<T> = { ok: true; value: T } | { ok: false; failure: unknown; reason: string };

/**
 * Runs `work` (queue, then sync) and catches what it throws, said by `say`. Anything queued inside
 * `work` that throws at once is caught too, as a failed sync would be.
 */
export async function attempt<T>(
  work: () => Promise<T>,
  say: (failure: unknown) => string = failureText,
): Promise<Attempted<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (failure) {
    return { ok: false, failure, reason: say(failure) };
  }
}

/** An Office error (or anything thrown) as its message: how the inserts' status lines say it. */
export function failureText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * An Office error as its message with its code when the message lacks it ("InvalidArgument: ..."):
 * how the portable conversion's reports say it. OfficeExtension.Error carries the code apart from
 * the message (the page above).
 */
export function failureTextWithCode(failure: unknown): string {
  const code = failure instanceof Error ? (failure as { code?: unknown }).code : undefined;
  return typeof code === "string" && !failureText(failure).includes(code)
    ? `${code}: ${failureText(failure)}`
    : failureText(failure);
}

/** Whether this Excel has ExcelApi `version`; false where Office.js reports no requirements (a browser). */
export function hasExcelApi(version: string): boolean {
  const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
  return !!requirements && requirements.isSetSupported("ExcelApi", version);
}

/** Why what `needs` ("its log axes") cannot be done here, or undefined where this Excel has ExcelApi `version`. */
export function lacksExcelApi(version: string, needs: string): string | undefined {
  return hasExcelApi(version) ? undefined : `this Excel lacks ExcelApi ${version}, which ${needs} need`;
}
