/*
 * Registers the MLCOST custom functions in HyperFormula, a real spreadsheet engine, so a test
 * can evaluate a sheet that uses them: the engine parses the formulas, resolves references and
 * ranges, and spills array results. Arguments reach the functions as Excel hands them over
 * (ranges as rows of raw cell values, blanks as null, error values as CustomFunctions.Error).
 */
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  SimpleRangeValue,
} from "hyperformula";
import { readFileSync } from "fs";
import { resolve } from "path";
import { customFunctions } from "../../src/functions/functions";
import { STAGETABLE_COLUMNS } from "../../src/functions/stageTableSpill";
import { STAGE_NAMES } from "../../src/stages/model/stages";
import { ExcelError } from "../support/customFunctionsGlobal";

interface Metadata {
  functions: { id: string; parameters: { name: string; optional?: boolean }[] }[];
}
const metadata: Metadata = JSON.parse(readFileSync(resolve(__dirname, "../functions/functions.golden.json"), "utf8"));

const TO_EXCEL: Record<string, string> = {
  [ErrorType.VALUE]: "#VALUE!",
  [ErrorType.DIV_BY_ZERO]: "#DIV/0!",
  [ErrorType.NUM]: "#NUM!",
  [ErrorType.NA]: "#N/A",
  [ErrorType.REF]: "#REF!",
  [ErrorType.NAME]: "#NAME?",
};
const FROM_EXCEL: Record<string, ErrorType> = Object.fromEntries(
  Object.entries(TO_EXCEL).map(([k, v]) => [v, k as ErrorType]),
);

function toExcelCell(value: unknown): unknown {
  if (value === EmptyValue) return null;
  if (value instanceof CellError) return new ExcelError(TO_EXCEL[value.type] ?? "#VALUE!", value.message);
  if (typeof value === "object" && value !== null && typeof (value as { val: unknown }).val === "number")
    return (value as { val: number }).val;
  return value;
}

function toExcelArgument(value: unknown): unknown {
  if (value instanceof SimpleRangeValue) return value.rawData().map((row) => row.map(toExcelCell));
  return [[toExcelCell(value)]];
}

function fromExcelCell(value: unknown): unknown {
  if (value instanceof ExcelError) return new CellError(FROM_EXCEL[value.code] ?? ErrorType.VALUE, value.message);
  return value;
}

/** The HyperFormula name of a function: the manifest's namespace, a dot, the id. */
export const engineName = (id: string) => `MLCOST.${id}`;

class MlcostPlugin extends FunctionPlugin {
  static implementedFunctions = Object.fromEntries(
    metadata.functions.map((f) => [
      engineName(f.id),
      {
        method: "call",
        sizeOfResultArrayMethod: "size",
        vectorizationForbidden: true,
        parameters: f.parameters.map((p) => ({
          argumentType: FunctionArgumentType.ANY,
          optionalArg: p.optional === true,
        })),
      },
    ]),
  );

  call(ast: any, state: any) {
    const name: string = ast.procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (...args: unknown[]) => {
      const excelArgs = args.map((a) => (a === undefined ? null : toExcelArgument(a)));
      const cells = customFunctions[name.slice("MLCOST.".length)](...excelArgs).map((row) => row.map(fromExcelCell));
      return cells.length === 1 && cells[0].length === 1
        ? (cells[0][0] as any)
        : SimpleRangeValue.onlyValues(cells as any);
    });
  }

  size(ast: any, state: any) {
    // STAGETABLE spills its frozen columns over a header and a row per stage.
    if (ast.procedureName === engineName("STAGETABLE")) {
      return new ArraySize(STAGETABLE_COLUMNS.length, 1 + STAGE_NAMES.length);
    }
    const sizes: ArraySize[] = ast.args.map((arg: any) => this.arraySizeForAst(arg, state));
    return new ArraySize(Math.max(1, ...sizes.map((s) => s.width)), Math.max(1, ...sizes.map((s) => s.height)));
  }
}

const translations = { enGB: Object.fromEntries(metadata.functions.map((f) => [engineName(f.id), engineName(f.id)])) };
HyperFormula.registerFunctionPlugin(MlcostPlugin, translations);

/** A HyperFormula instance with the MLCOST functions, built from rows of cells. */
export function buildEngine(sheets: Record<string, unknown[][]>): HyperFormula {
  // smartRounding off: compare the engine's full doubles with the model, not 10 rounded digits.
  return HyperFormula.buildFromSheets(sheets as any, { licenseKey: "gpl-v3", smartRounding: false });
}
