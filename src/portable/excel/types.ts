/*
 * What the pane gets back from the in-Excel conversion: plain data, every expected condition a
 * field of a report rather than an exception.
 */
import type { PortableMode } from "../formula/rewrite";
import type { NameKept } from "../file/twinNames";

/** How far a run is, per batch. */
export interface Progress {
  done: number;
  total: number;
  phase: "reading" | "writing" | "restoring";
}

/** What the pane passes to a long run. */
export interface RunOptions {
  onProgress?(p: Progress): void;
  /** set `cancelled` to stop; checked between batches */
  cancel?: { cancelled: boolean };
  /**
   * What one sync aims at, request or response, in bytes: BATCH_BUDGET_BYTES (payload.ts) unless set. The pane
   * never sets it; a test sets it smaller so that a small workbook crosses it as a large one crosses the default.
   */
  batchBytes?: number;
}

/** A call left as it was, and why. */
export interface CallLeftInCell {
  address: string;
  call: string;
  reason: string;
}

/** A formula as the scan read it, kept so that the conversion can tell a co-author's edit. */
export interface ScannedFormula {
  address: string;
  formula: string;
}

/** A rule outside cells whose formula calls MLCOST: not converted inside Excel, so listed. */
export interface RuleLeft {
  kind: "conditional formatting" | "data validation";
  /** where it applies, without the sheet ("A1:A5"), or "several ranges" */
  range: string;
  formula: string;
}

/** One worksheet's scan. */
export interface SheetScan {
  name: string;
  /** Worksheet.id: the conversion finds the sheet by it even if renamed meanwhile */
  id: string;
  /** MLCOST calls found, converted or not */
  calls: number;
  /** formulas that hold at least one call */
  cells: number;
  /** calls the conversion would convert */
  convertible: number;
  protected: boolean;
  /** a few rewrites, as they would be written */
  sample: { address: string; before: string; after: string }[];
  unconverted: CallLeftInCell[];
  /** rows that could not be read under Excel's payload limit, even one at a time */
  unreadRows: number[];
  /** every formula with a call, as read */
  formulas: ScannedFormula[];
  /** conditional formats (and data validation) whose formula calls MLCOST: left as they are */
  rulesLeft?: RuleLeft[];
  /** what of the sheet's rules was not checked, and why (sentences to follow the sheet's name) */
  rulesUnchecked?: string[];
}

/** The scan of a whole workbook for one mode. */
export interface WorkbookScan {
  mode: PortableMode;
  sheets: SheetScan[];
  totals: {
    sheets: number;
    cells: number;
    calls: number;
    convertible: number;
    unconverted: number;
    protectedSheets: number;
  };
  /** mode "lambda": the workbook functions a conversion would add, and the names of the user's kept */
  functions?: { toAdd: string[]; kept: NameKept[] };
  syncs: number;
  /** the scan stopped at the user's request: the sheets listed so far are complete, the rest missing */
  cancelled?: boolean;
  /** an unexpected Office error: the scan is incomplete */
  error?: string;
}

/** What became of one sheet in a conversion. */
export interface SheetConversion {
  name: string;
  status: "converted" | "nothing to convert" | "protected" | "missing" | "rolled back" | "not started" | "failed";
  /** formulas written */
  cells: number;
  /** calls converted in them */
  calls: number;
  /** cells whose formula changed between the scan and the write (a co-author): left as they were */
  changedSinceScan: string[];
  /**
   * cells a co-author changed in the instant between the batch's re-read and its write: the write
   * went over the edit, the cell was given the co-author's formula back and has no record
   */
  putBack?: string[];
  /** calls not converted, and why */
  unconverted: CallLeftInCell[];
  /** for "failed" and "rolled back": what happened; for a failed roll-back, what is left to Restore */
  reason?: string;
}

/** The report of a conversion. */
export interface ConvertReport {
  mode: PortableMode;
  sheets: SheetConversion[];
  totals: { cells: number; calls: number; changedSinceScan: number; unconverted: number; sheetsSkipped: number };
  /** mode "lambda": the workbook functions added, the names kept, and why some could not go in */
  functions?: { added: string[]; kept: NameKept[]; skipped?: string };
  /** where the originals are kept: the very hidden sheet's name and how many records it gained */
  originals?: { sheet: string; records: number };
  cancelled: boolean;
  syncs: number;
  /** an unexpected Office error that stopped the run; the sheets' statuses say how far it got */
  error?: string;
  /** the scan's rules that call MLCOST, by sheet: a conversion inside Excel leaves them */
  rulesLeft?: (RuleLeft & { sheet: string })[];
  /** the scan's rules not checked, as "<sheet>: <why>" */
  rulesUnchecked?: string[];
}

/** A restored cell that Excel had moved since the conversion (rows or columns inserted or deleted, a cut and paste). */
export interface CellMoved {
  /** where the conversion wrote it */
  from: string;
  /** where it was restored */
  to: string;
}

/** What became of one sheet's records in a restore. */
export interface SheetRestore {
  name: string;
  restored: number;
  /** cells whose formula is no longer the portable one: left, their records kept */
  changed: string[];
  /** restored cells that had moved, and restored cells whose references Excel had rewritten (`from` === `to`) */
  moved?: CellMoved[];
  /** cells deleted since the conversion (their row, column or sheet): records dropped, originals listed here */
  deleted?: { address: string; original: string }[];
  /** records whose cell already held its original formula (a conversion that never wrote it, or Undo): dropped */
  alreadyOriginal?: number;
  /** why none of this sheet's records could be used (protected, sheet gone): records kept */
  skipped?: string;
}

/** The report of a restore. */
export interface RestoreReport {
  sheets: SheetRestore[];
  restored: number;
  /** records left in the originals sheet (changed cells, skipped sheets, a cancel) */
  recordsLeft: number;
  /** whether the originals sheet was deleted, having no record left */
  originalsRemoved: boolean;
  /**
   * conversions whose ledger counts more records than the sheet holds: some record was lost (a
   * co-author's copy written over it), so a converted cell may lack its original; the sheet is kept
   */
  missing?: { run: string; started: string; expected: number; found: number }[];
  /** records were added while the restore ran (another conversion): the sheet is kept for them */
  addedMeanwhile?: boolean;
  cancelled: boolean;
  syncs: number;
  /** nothing to restore, or a stranger's sheet under the originals' name */
  nothing?: string;
  error?: string;
}
