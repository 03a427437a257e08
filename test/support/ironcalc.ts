/*
 * IronCalc (@ironcalc/wasm, MIT/Apache-2.0), a spreadsheet engine in WebAssembly that rounds
 * as Excel does and evaluates LAMBDA and LET: a test writes cells, recalculates and reads them.
 */
import { readFileSync } from "fs";
import { resolve } from "path";
import { initSync, Model } from "@ironcalc/wasm";

let ready = false;

/**
 * A fresh IronCalc workbook with one sheet (index 0), its evaluation paused: call `evaluate()` after writing and
 * before reading. Unpaused, IronCalc recalculates the whole workbook after every input, so a sheet written cell by
 * cell cost time quadratic in its cells (a 14-month budget layout 20 s; paused, under a second).
 */
export function ironcalcModel(): Model {
  if (!ready) {
    initSync({ module: readFileSync(resolve(__dirname, "../../node_modules/@ironcalc/wasm/wasm_bg.wasm")) });
    ready = true;
  }
  const model = new Model("mlcost-test", "en", "UTC", "en");
  model.pauseEvaluation();
  return model;
}

/** Evaluates each formula (without "=") in a column of one sheet; the computed values in order. */
export function evaluateFormulas(formulas: readonly string[]): unknown[] {
  const model = ironcalcModel();
  formulas.forEach((formula, i) => model.setUserInput(0, i + 1, 1, `=${formula}`));
  // 17 significant digits, so the text round-trips to the engine's double exactly.
  const area = { sheet: 0, row: 1, column: 1, width: 1, height: formulas.length };
  model.updateRangeStyle(area, "num_fmt", "0.0000000000000000E+00");
  model.evaluate();
  return formulas.map((_, i) => {
    const text = model.getFormattedCellValue(0, i + 1, 1);
    const number = Number(text);
    return text !== "" && Number.isFinite(number) ? number : text;
  });
}
