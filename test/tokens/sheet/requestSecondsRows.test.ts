/*
 * Seconds per clip from a request's tokens on the stage and annual sheets (issue 32): the seconds row is
 * TOKENSECONDS' formula over four blue, named, validated token inputs under it, every figure the same as with the
 * seconds typed (recalculated in HyperFormula), and an edit of a token cell followed.
 */
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { BASE_NAMES, sheetLayout, SheetLayout } from "../../../src/stages/sheet/stageLayout";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { ANNUAL_BASE_NAMES, ANNUAL_SHEET_NAME, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { EXAMPLE_REQUEST_TOKENS, REQUEST_TOKEN_KEYS } from "../../../src/tokens/model";
import { requestTokenNames, SECONDS_FROM_TOKENS_UNIT } from "../../../src/tokens/sheet";
import { cachedMismatches, hyperFormulaValue, layoutInHyperFormula } from "../../support/layoutEngines";
import { isProblem } from "../../../src/core/model/problems";
import { LaidOut, Named } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";

const STAGE_SHEET = "Cost stages";
const tokens = EXAMPLE_REQUEST_TOKENS;

/** The cell of the row whose first cell is `label`, in the value column `column` (0 = A). */
function rowCell(layout: { rows: LaidOut["rows"] }, label: string, column: number) {
  const r = layout.rows.findIndex((row) => row[0]?.value === label);
  expect(r).toBeGreaterThanOrEqual(0);
  return { row: r + 1, cell: layout.rows[r][column] };
}

/** Every named figure of `typed` and `fromTokens`, recalculated, agrees; the count compared. */
function expectSameNamedFigures(typed: LaidOut & Named, fromTokens: LaidOut & Named, sheet: string): number {
  const a = layoutInHyperFormula(typed, sheet);
  const b = layoutInHyperFormula(fromTokens, sheet);
  const at = (layout: LaidOut & Named, name: string) => layout.names.find((n) => n.name === name)!.address;
  let compared = 0;
  for (const { name } of typed.names) {
    const x = a.at(at(typed, name));
    const y = b.at(at(fromTokens, name));
    expect([name, hyperFormulaValue(y)]).toEqual([name, hyperFormulaValue(x)]);
    compared++;
  }
  return compared;
}

describe("the stage sheet", () => {
  const typed = sheetLayout({ ...EXAMPLE_PLAN, secondsPerClip: 0.25 });
  const layout: SheetLayout = sheetLayout({ ...EXAMPLE_PLAN, secondsPerClip: 0.25 }, "", { tokens });

  test("seconds per clip is TOKENSECONDS' formula over four blue named inputs, 0.25 s cached", () => {
    const seconds = layout.names.find((n) => n.name === "SecondsPerClip")!;
    const names = requestTokenNames("Clip");
    expect(names).toEqual(["ClipInputTokens", "ClipOutputTokens", "ClipInputPerSecond", "ClipOutputPerSecond"]);
    const { cell } = rowCell(layout, "Serving time per clip", 3);
    expect(`D${rowCell(layout, "Serving time per clip", 3).row}`).toBe(seconds.address);
    expect(cell).toMatchObject({
      formula: "ClipInputTokens/ClipInputPerSecond+ClipOutputTokens/ClipOutputPerSecond",
      cached: 0.25,
      role: "derived",
    });
    expect(rowCell(layout, "Serving time per clip", 4).cell?.value).toBe(SECONDS_FROM_TOKENS_UNIT);
    for (const [i, key] of REQUEST_TOKEN_KEYS.entries()) {
      const address = layout.inputs[key]!;
      expect(layout.names).toContainEqual({ name: names[i], address });
      expect(layout.validations.find((v) => v.address === address)?.field).toBe(key);
    }
    // The names are the sheet's: a second copy's suffix checks them too.
    for (const name of names) expect(BASE_NAMES).toContain(name);
    expect(sheetLayout(EXAMPLE_PLAN, "_2", { tokens }).names.map((n) => n.name)).toContain("ClipInputTokens_2");
  });

  test("every figure recalculates to its cached value, and every named figure is the typed 0.25 s sheet's", () => {
    const { at } = layoutInHyperFormula(layout, STAGE_SHEET);
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
    expect(at(layout.chart.crossoverClips)).toBe(at(typed.chart.crossoverClips));
    expect(expectSameNamedFigures(typed, layout, STAGE_SHEET)).toBe(typed.names.length);
    // The stage table, above the inputs, is at the same cells in both: cell for cell.
    const engine = layoutInHyperFormula(typed, STAGE_SHEET);
    for (let r = typed.table.firstRow; r <= typed.table.firstRow + 3; r++) {
      for (let c = 0; c < typed.table.columns; c++) {
        const address = `${String.fromCharCode(65 + c)}${r}`;
        expect(at(address)).toEqual(engine.at(address));
      }
    }
  });

  test("a token typed over in the sheet moves the seconds and the crossover, as the model would", () => {
    const engine = layoutInHyperFormula(layout, STAGE_SHEET);
    engine.set(layout.inputs.inputTokens!, 3000);
    const seconds = layout.names.find((n) => n.name === "SecondsPerClip")!.address;
    expect(engine.at(seconds)).toBeCloseTo(0.4, 12);
    const model = sheetLayout({ ...EXAMPLE_PLAN, secondsPerClip: 0.4 });
    const crossover = layoutInHyperFormula(model, STAGE_SHEET).at(model.chart.crossoverClips) as number;
    expect(engine.at(layout.chart.crossoverClips) as number).toBeCloseTo(crossover, 3);
    engine.set(layout.inputs.inputTokensPerSecond!, 0);
    expect(hyperFormulaValue(engine.at(seconds))).toEqual({ error: "#DIV/0!" });
  });
});

describe("the annual sheet", () => {
  const plan = { ...EXAMPLE_ANNUAL_PLAN, secondsPerClip: 0.25 };
  const typed = unwrap(annualSheetLayout(plan));
  const layout = unwrap(annualSheetLayout(plan, "", { tokens }));

  test("seconds per clip is TOKENSECONDS' formula over ServingInputTokens...; the names are the sheet's", () => {
    const seconds = layout.names.find((n) => n.name === "ServingSecondsPerClip")!;
    const rows = layout.rows;
    const r = rows.findIndex((row) => row.some((cell) => cell?.formula?.startsWith("ServingInputTokens/")));
    expect(r).toBeGreaterThan(0);
    const c = rows[r].findIndex((cell) => cell?.formula !== undefined);
    expect(rows[r][c]).toMatchObject({
      formula: "ServingInputTokens/ServingInputPerSecond+ServingOutputTokens/ServingOutputPerSecond",
      cached: 0.25,
    });
    expect(seconds.address).toBe(`${String.fromCharCode(65 + c)}${r + 1}`);
    for (const name of requestTokenNames("Serving")) {
      expect(ANNUAL_BASE_NAMES).toContain(name);
      expect(layout.names.map((n) => n.name)).toContain(name);
    }
    const tokenValidations = layout.validations.filter((v) =>
      (REQUEST_TOKEN_KEYS as readonly string[]).includes(v.field),
    );
    expect(tokenValidations.map((v) => v.field)).toEqual([...REQUEST_TOKEN_KEYS]);
  });

  test("every figure recalculates to its cached value, and every named figure is the typed 0.25 s sheet's", () => {
    expect(isProblem(layout)).toBe(false);
    const { at } = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
    expect(expectSameNamedFigures(typed, layout, ANNUAL_SHEET_NAME)).toBe(typed.names.length);
  });
});
