/* The MLCOST functions inside a real spreadsheet engine, as a planner's sheet uses them. */
import { DetailedCellError } from "hyperformula";
import { buildEngine } from "./hyperformulaMlcost";
import { unwrap } from "../support/unwrap";
import { crossoverClips, servingHours } from "../../src/core/model/formulas";
import { STAGE_NAMES, stageTable } from "../../src/stages/model/stages";
import { STAGETABLE_COLUMNS } from "../../src/functions/stageTableSpill";

/** The letter of the month column `i` (0-based) of the budget rows: B for the first month. */
function columnOf(i: number): string {
  return String.fromCharCode("B".charCodeAt(0) + i);
}

const sheet = [
  ["Training hours", 600, "Seconds per clip", 0.04],
  ["Crossover", "=MLCOST.CROSSOVER(B1, D1)", "Clips per quarter", "=MLCOST.CLIPSPERINTERVAL(250, 90)"],
  ["Split", "=MLCOST.SPLITRATIO(D2, D1, B1)", "Verdict", "=MLCOST.DOMINANTHALF(D2, D1, B1)"],
  [
    "Share",
    "=MLCOST.AMDAHLCEILING(4*B1, 4*B1+4*MLCOST.SERVINGHOURS(D2, D1))",
    "Cut",
    "=MLCOST.AMDAHLCEILING(2400, 88800, 0.75)",
  ],
  ["Clips", "Serving hours"],
  [5e6, "=MLCOST.SERVINGHOURS(A6:A9, D1)"],
  [54e6],
  [540e6],
  [1.944e9],
  ["Bad", '=MLCOST.CROSSOVER("lots", D1)', "=MLCOST.CROSSOVER(B1, 0)", "=MLCOST.SERVINGHOURS(-1, D1)"],
  ["Table", "=MLCOST.STAGETABLE(B1, D1, 5000, B2, D2)"],
  [],
  [],
  [],
  [],
  // The annual view, row 16 on: a year of four 90-day quarters, 360 days counted.
  ["Training a year", "=4*B1", "Serving a year", "=MLCOST.SERVINGHOURS(MLCOST.CLIPSPERINTERVAL(250, 360), D1)"],
  ["Training share", "=MLCOST.TRAININGSHARE(B16, D16)", "Paid at 2x", "=MLCOST.TRAININGSHARE(B16, 2*D16)"],
  ["With a re-scan", "=MLCOST.TRAININGSHARE(B16, D16, 44400)", "Cadence 4 -> 1", "=MLCOST.LEVERSAVING(B16, 4, 1)"],
  ["40 ms -> 30 ms", "=MLCOST.LEVERSAVING(D16, D1, 0.03)", "Runs' worth", "=B19/B16"],
  ["Proposals", "Saved"],
  [4, "=MLCOST.LEVERSAVING(B16, 4, A21:A23)"],
  [2],
  [1],
  ["Bad", "=MLCOST.LEVERSAVING(B16, 0, 1)", "=MLCOST.TRAININGSHARE(0, 0)", '=MLCOST.LEVERSAVING(B16, 4, "yearly")'],
  [],
  // The budget over time, row 26 on: the steady-growth example's twelve months, one column a month, as a planner
  // types the rows (250 clips/s, +5% a month, 40 ms a clip, a 600 h run every third month, $2 an hour).
  ["Month", ...Array.from({ length: 12 }, (_, i) => i + 1)],
  ["Clips/s", ...Array.from({ length: 12 }, (_, i) => `=250*1.05^(${columnOf(i)}26-1)`)],
  ["Clips", "=MLCOST.CLIPSPERMONTH(B27:M27)"],
  ["Serving h", "=MLCOST.SERVINGHOURS(B28:M28, D1)"],
  ["Training h", ...Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? "=B1" : 0))],
  ["Year", "=SUM(B30:M30)", "=SUM(B29:M29)", "=SUM(B28:M28)"],
  [
    "Per 1,000",
    "=MLCOST.COSTPER1K(B31, C31, D31, 2)",
    "=MLCOST.MARGINALCOSTPER1K(D1, 2)",
    "=MLCOST.MARGINALCOSTPER1K(D1, 2, 2)",
  ],
  [
    "Paid at 2x",
    "=MLCOST.COSTPER1K(B31, 2*C31, D31, 2)",
    "=MLCOST.CLIPSPERMONTH(250, 365)",
    "=MLCOST.CLIPSPERMONTH(250)*12",
  ],
  ["Prices", "Marginal"],
  [1, "=MLCOST.MARGINALCOSTPER1K(D1, A35:A37)"],
  [2],
  [4],
  ["Bad", "=MLCOST.COSTPER1K(600, 10, 0, 2)", "=MLCOST.MARGINALCOSTPER1K(D1, 2, 0.5)", '=MLCOST.CLIPSPERMONTH("lots")'],
  ["Bad", "=MLCOST.COSTPER1K(600, 10, 0, -2)", "=MLCOST.COSTPER1K(600, 10, 1000)", "=MLCOST.MARGINALCOSTPER1K(D1)"],
  // The estate, row 40 on: three models on the plan's year of clips, a row a model (share scored, seconds a clip).
  ["Models", 1, 1, 0.05],
  ["s a clip", 0.04, 0.02, 0.5],
  ["Serving h", "=MLCOST.MODELSERVINGHOURS(7776000000, B40:D40, B41:D41)"],
  ["Bad", "=MLCOST.MODELSERVINGHOURS(7776000000, 1.5, 0.5)", "=MLCOST.MODELSERVINGHOURS(7776000000, 0.05, 0.5, 0.9)"],
];

const hf = buildEngine({ Plan: sheet });
const at = (a1: string) => hf.getCellValue(hf.simpleCellAddressFromString(a1, 0)!);

test("single-value functions evaluate to the worked example", () => {
  expect(at("B2")).toBeCloseTo(54e6, 6);
  expect(at("D2")).toBe(1.944e9);
  expect(at("B3")).toBeCloseTo(36, 9);
  expect(at("D3")).toBe("serving, 36x");
  expect(at("B4")).toBeCloseTo(2400 / 88800, 12);
  expect(at("D4")).toBeCloseTo(1800 / 88800, 12);
});

test("a column of inputs spills a column of results", () => {
  const spilled = ["B6", "B7", "B8", "B9"].map(at);
  const expected = [5e6, 54e6, 540e6, 1.944e9].map((clips) => servingHours(clips, 0.04) as number);
  spilled.forEach((value, i) => expect(value).toBeCloseTo(expected[i], 9));
});

test("bad input shows Excel errors in the cells", () => {
  expect((at("B10") as DetailedCellError).value).toBe("#VALUE!");
  expect((at("B10") as DetailedCellError).message).toContain("training_hours must be a number");
  expect((at("C10") as DetailedCellError).value).toBe("#DIV/0!");
  expect((at("D10") as DetailedCellError).value).toBe("#NUM!");
});

test("the annual view's functions give the worked example in a sheet, and spill a column of proposals", () => {
  expect(at("B16")).toBe(2400);
  expect(at("D16")).toBeCloseTo(86400, 9);
  expect(at("B17")).toBeCloseTo(2400 / 88800, 15);
  expect(at("D17")).toBeCloseTo(2400 / 175200, 15);
  expect(at("B18")).toBeCloseTo(2400 / 133200, 15);
  expect(at("D18")).toBe(1800);
  expect(at("B19")).toBeCloseTo(21600, 9);
  expect(at("D19")).toBeCloseTo(9, 12);
  expect(["B21", "B22", "B23"].map(at)).toEqual([0, 1200, 1800]);
  expect((at("B24") as DetailedCellError).value).toBe("#DIV/0!");
  expect((at("C24") as DetailedCellError).value).toBe("#DIV/0!");
  expect((at("D24") as DetailedCellError).value).toBe("#VALUE!");
  expect((at("D24") as DetailedCellError).message).toContain('proposed must be a number; got the text "yearly"');
});

test("STAGETABLE spills a header and a row per stage, its frozen columns wide, that match the model", () => {
  const model = unwrap(
    stageTable({
      trainingHours: 600,
      secondsPerClip: 0.04,
      clipsPerStage: [5000, crossoverClips(600, 0.04) as number, 1.944e9],
    }),
  );
  // The spill from B11 (the "Table" row of the sheet above): a header, then a row per stage.
  const first = sheet.findIndex((row) => row[0] === "Table");
  const cells = hf
    .getSheetValues(0)
    .slice(first, first + 1 + STAGE_NAMES.length)
    .map((row) => row.slice(1, 1 + STAGETABLE_COLUMNS.length));
  expect(cells[0]).toEqual(STAGETABLE_COLUMNS.map((column) => column.heading));
  expect(model.rows.map((row) => row.stage)).toEqual([...STAGE_NAMES]);
  model.rows.forEach((row, i) => {
    STAGETABLE_COLUMNS.forEach(({ field }, c) => {
      // The engine hands the function's numbers on as they are: every cell is the model's, exactly.
      expect({ stage: row.stage, field, cell: cells[i + 1][c] }).toEqual({ stage: row.stage, field, cell: row[field] });
    });
  });
});

test("the budget's functions give the steady-growth example's figures over a monthly row", () => {
  // One call spills the row of months: CLIPSPERMONTH over the clips per second, SERVINGHOURS over the clips.
  expect(at("B28")).toBe(648_000_000);
  expect(at("B29")).toBeCloseTo(7_200, 9);
  expect(at("M29")).toBeCloseTo(12_314.4, 1);
  expect(at("C31")).toBeCloseTo(114_603.3, 1);
  expect((at("D31") as number) / 1e10).toBeCloseTo(1.03143, 5);
  expect(at("B32")).toBeCloseTo(0.022688, 6);
  expect(at("C32")).toBeCloseTo(0.022222, 6);
  expect(at("D32")).toBeCloseTo(0.044444, 6);
  expect(at("C33")).toBe(657_000_000);
  expect(at("D33")).toBe(7_776_000_000);
  // At 2x peak-to-mean: the example's $463,213.24 over its clips.
  expect(((at("B33") as number) * (at("D31") as number)) / 1000).toBeCloseTo(463_213.24, 2);
});

test("MARGINALCOSTPER1K spills a column of prices", () => {
  ["B35", "B36", "B37"].forEach((cell, i) => expect(at(cell)).toBeCloseTo((0.04 / 3600) * [1, 2, 4][i] * 1000, 15));
});

test("the budget's functions' bad input shows Excel errors with what to fix", () => {
  expect((at("B38") as DetailedCellError).value).toBe("#DIV/0!");
  expect((at("C38") as DetailedCellError).value).toBe("#NUM!");
  expect((at("D38") as DetailedCellError).value).toBe("#VALUE!");
  expect((at("D38") as DetailedCellError).message).toContain('clips_per_second must be a number; got the text "lots"');
  // Every sign before the divisor: a negative price over no clips is #NUM!, as the twin's arithmetic gives.
  expect((at("B39") as DetailedCellError).value).toBe("#NUM!");
  // A required argument left out is the engine's own error; HyperFormula says the arguments are too few.
  expect(at("C39")).toBeInstanceOf(DetailedCellError);
  expect(at("D39")).toBeInstanceOf(DetailedCellError);
});

test("MODELSERVINGHOURS spills each model's serving hours across a row, and refuses a share past 1", () => {
  expect(["B42", "C42", "D42"].map((cell) => Math.round(at(cell) as number))).toEqual([86_400, 43_200, 54_000]);
  expect(["B43", "C43"].map((cell) => (at(cell) as { value?: string }).value)).toEqual(["#NUM!", "#NUM!"]);
});

test("serving bought by the token: the worked example's seconds, costs and crossover, and #N/A without one", () => {
  const tokens = buildEngine({
    Tokens: [
      ["Seconds", "=MLCOST.TOKENSECONDS(1500, 200, 10000, 2000)"],
      ["API a request", "=MLCOST.APICOST(1, 1500, 200, 0.15, 0.6)"],
      [
        "API a month",
        "=MLCOST.APICOST(10000000, 1500, 200, 0.15, 0.6)",
        "=MLCOST.APICOST(20000000, 1500, 200, 0.15, 0.6)",
      ],
      ["Crossover", "=MLCOST.APICROSSOVER(2, 2.5, B2, B1, 1.5)", "=MLCOST.APICROSSOVER(2, 2.5, 0.0002, B1, 1.5)"],
    ],
  });
  const cell = (a1: string) => tokens.getCellValue(tokens.simpleCellAddressFromString(a1, 0)!);
  expect(cell("B1")).toBe(0.25);
  expect((cell("B3") as number).toFixed(2)).toBe("3450.00");
  expect((cell("C3") as number).toFixed(2)).toBe("6900.00");
  expect((cell("B4") as number).toFixed(1)).toBe("10434782.6");
  expect((cell("C4") as DetailedCellError).value).toBe("#N/A");
});

test("both ledgers' functions: the worked example's sensitivity spills a row, and the cadence is 4.3033 months", () => {
  // 648,000,000 clips a month, drift 2e-7, 1.00 an error, a 1,200.00 run: retrain every 1..12 months.
  const ledgers = buildEngine({
    Ledgers: [
      ["Months", ...Array.from({ length: 12 }, (_, i) => i + 1)],
      ["Staleness", "=MLCOST.STALENESSCOST(648000000, 0.0000002, 1, B1:M1)"],
      ["Total", ...Array.from({ length: 12 }, (_, i) => `=1200/${columnOf(i)}1+${columnOf(i)}2`)],
      ["Cadence", "=MLCOST.ECONOMICCADENCE(1200, 648000000, 0.0000002, 1)", "=MLCOST.STALENESSCOST(1, 0, 1, 12)"],
      ["Bad", "=MLCOST.ECONOMICCADENCE(1200, 0, 0.0000002, 1)", "=MLCOST.STALENESSCOST(1, 0.0000002, 1, 0.5)"],
    ],
  });
  const cell = (a1: string) => ledgers.getCellValue(ledgers.simpleCellAddressFromString(a1, 0)!);
  expect([cell("D2"), cell("E2"), cell("F2"), cell("M2")].map((x) => (x as number).toFixed(2))).toEqual([
    "129.60",
    "194.40",
    "259.20",
    "712.80",
  ]);
  expect((cell("E3") as number).toFixed(2)).toBe("494.40");
  expect((cell("B4") as number).toFixed(4)).toBe("4.3033");
  expect((cell("C4") as DetailedCellError).value).toBe("#VALUE!");
  expect((cell("C4") as DetailedCellError).message).toMatch(/staleness costs nothing/);
  expect((cell("B5") as DetailedCellError).value).toBe("#DIV/0!");
  expect((cell("C5") as DetailedCellError).value).toBe("#NUM!");
});
