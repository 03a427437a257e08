/* How Excel shows each kind of model Problem in a cell: the one mapping from the model's words to Excel's. */
import type { ProblemKind } from "../model/problems";

/** The Excel error code of each kind of problem. */
export const EXCEL_ERROR_TEXT: Record<ProblemKind, string> = {
  invalidValue: "#VALUE!",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  notAvailable: "#N/A",
};
