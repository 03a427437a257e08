/* The custom functions as Excel calls them: ranges in, values or error values out. */
import fc from "fast-check";
import { customFunctions } from "../../src/functions/functions";
import { ExcelError } from "../support/customFunctionsGlobal";
import { STAGETABLE_COLUMNS } from "../../src/functions/stageTableSpill";
import { STAGE_NAMES, StageName } from "../../src/stages/model/stages";

const {
  CROSSOVER,
  SERVINGHOURS,
  AMDAHLCEILING,
  CLIPSPERINTERVAL,
  SPLITRATIO,
  DOMINANTHALF,
  STAGETABLE,
  TRAININGSHARE,
  LEVERSAVING,
  COSTPER1K,
  CLIPSPERMONTH,
  MARGINALCOSTPER1K,
  MODELSERVINGHOURS,
  STALENESSCOST,
  ECONOMICCADENCE,
  TOKENSECONDS,
  APICOST,
  APICROSSOVER,
} = customFunctions;
const errorOf = (cell: unknown) => (cell instanceof ExcelError ? cell.code : undefined);

describe("single values", () => {
  test("=MLCOST.CROSSOVER(600, 0.04) is 54,000,000", () => {
    expect(CROSSOVER([[600]], [[0.04]])[0][0]).toBeCloseTo(54e6, 6);
  });
  test("scalars work too (a host that does not wrap them)", () => {
    expect(SERVINGHOURS(54e6, 0.04)).toEqual([[600]]);
  });
  test("AMDAHLCEILING's fraction_cut is optional: omitted arrives as null and means 1", () => {
    expect(AMDAHLCEILING([[2400]], [[88800]], null)[0][0]).toBeCloseTo(2400 / 88800, 12);
    expect(AMDAHLCEILING([[2400]], [[88800]])[0][0]).toBeCloseTo(2400 / 88800, 12);
    expect(AMDAHLCEILING([[2400]], [[88800]], [[0.75]])[0][0]).toBeCloseTo(1800 / 88800, 12);
  });
  test("CLIPSPERINTERVAL, SPLITRATIO and DOMINANTHALF", () => {
    expect(CLIPSPERINTERVAL([[250]], [[90]])).toEqual([[1.944e9]]);
    expect(SPLITRATIO([[1.944e9]], [[0.04]], [[600]])[0][0]).toBeCloseTo(36, 12);
    expect(DOMINANTHALF([[1.944e9]], [[0.04]], [[600]])).toEqual([["serving, 36x"]]);
    expect(DOMINANTHALF([[5e6]], [[0.04]], [[600]])).toEqual([["training, 10.8x"]]);
  });
});

describe("the annual view's functions: the worked example's figures", () => {
  test("TRAININGSHARE: 2.7% of 88,800 h; 1.37% against 2x paid serving; 1.80% with one re-scan of 44,400 h", () => {
    expect(TRAININGSHARE([[2400]], [[86400]])[0][0]).toBeCloseTo(2400 / 88800, 15);
    expect(TRAININGSHARE([[2400]], [[86400]], null)[0][0]).toBeCloseTo(2400 / 88800, 15);
    expect(TRAININGSHARE([[2400]], [[172800]])[0][0]).toBeCloseTo(2400 / 175200, 15);
    expect(TRAININGSHARE([[2400]], [[86400]], [[44400]])[0][0]).toBeCloseTo(2400 / 133200, 15);
  });
  test("LEVERSAVING: 4 -> 1 runs saves 1,800 h; 40 -> 30 ms saves 21,600 h; 2x -> 1x frees 86,400 h", () => {
    expect(LEVERSAVING([[2400]], [[4]], [[1]])).toEqual([[1800]]);
    expect(LEVERSAVING([[86400]], [[0.04]], [[0.03]])[0][0]).toBeCloseTo(21600, 9);
    expect(LEVERSAVING([[172800]], [[2]], [[1]])).toEqual([[86400]]);
    // A proposal above the current value adds hours: monthly retrains add 4,800 h.
    expect(LEVERSAVING([[2400]], [[4]], [[12]])).toEqual([[-4800]]);
  });
  test("a column of proposals spills a column of savings", () => {
    expect(LEVERSAVING([[2400]], [[4]], [[4], [2], [1], [0]])).toEqual([[0], [1200], [1800], [2400]]);
  });
});

describe("the budget's functions: a monthly row's figures, and four arguments' ranges", () => {
  test("CLIPSPERMONTH: 250 clips/s is 648,000,000 clips in a 30-day month; days_per_year is optional", () => {
    expect(CLIPSPERMONTH([[250]])).toEqual([[648_000_000]]);
    expect(CLIPSPERMONTH([[250]], null)).toEqual([[648_000_000]]);
    expect(CLIPSPERMONTH([[250]], [[365]])).toEqual([[(250 * 365 * 86_400) / 12]]);
    // A row of months' traffic spills a row of months' clips.
    expect(CLIPSPERMONTH([[250, 262.5, 275.625]])[0].map((c) => (c as number) / 2_592_000)).toEqual([
      250,
      expect.closeTo(262.5, 9),
      expect.closeTo(275.625, 9),
    ]);
  });
  test("COSTPER1K: the steady-growth year at $2, $0.022688 per 1,000 clips; a column of prices spills", () => {
    expect(COSTPER1K([[2400]], [[114_603.3109471866]], [[10_314_297_985.246796]], [[2]])[0][0]).toBeCloseTo(
      0.022688,
      6,
    );
    const byPrice = COSTPER1K([[2400]], [[86400]], [[7.776e9]], [[1], [2], [4]]).map((row) => row[0] as number);
    byPrice.forEach((cost, i) => expect(cost).toBeCloseTo((88_800 * [1, 2, 4][i] * 1000) / 7.776e9, 15));
  });
  test("COSTPER1K: a fourth range smaller than the others has no partner (#N/A); a text price is #VALUE!", () => {
    const result = COSTPER1K([[2400], [2400]], [[86400]], [[7.776e9]], [[2, 3]]);
    expect(result.map((row) => row.map(errorOf))).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    const short = COSTPER1K([[2400, 2400, 2400]], [[86400]], [[7.776e9]], [[2, 3]]);
    expect(short[0].map(errorOf)).toEqual([undefined, undefined, "#N/A"]);
    const text = COSTPER1K([[2400]], [[86400]], [[7.776e9]], [["two"]])[0][0] as ExcelError;
    expect([text.code, text.message]).toEqual(["#VALUE!", 'price must be a number; got the text "two".']);
    expect(errorOf(COSTPER1K([[2400]], [[86400]], [[0]], [[2]])[0][0])).toBe("#DIV/0!");
  });
  test("MARGINALCOSTPER1K: 40 ms at $2 is $0.022222 per 1,000; peak_to_mean is optional and 1 or more", () => {
    expect(MARGINALCOSTPER1K([[0.04]], [[2]])[0][0]).toBeCloseTo(0.022222, 6);
    expect(MARGINALCOSTPER1K([[0.04]], [[2]], null)).toEqual(MARGINALCOSTPER1K([[0.04]], [[2]], [[1]]));
    expect(MARGINALCOSTPER1K([[0.04]], [[2]], [[2]])[0][0]).toBeCloseTo(0.044444, 6);
    const below = MARGINALCOSTPER1K([[0.04]], [[2]], [[0.5]])[0][0] as ExcelError;
    expect(below.code).toBe("#NUM!");
  });
  test("MODELSERVINGHOURS: an escalation model on 5% of 7.776e9 clips at 0.5 s is 54,000 h; share 0 to 1", () => {
    expect(MODELSERVINGHOURS([[7.776e9]], [[0.05]], [[0.5]])[0][0]).toBeCloseTo(54_000, 6);
    expect(MODELSERVINGHOURS([[7.776e9]], [[1]], [[0.04]], [[2]])[0][0]).toBeCloseTo(172_800, 6);
    // A row of models spills a row of hours.
    const row = MODELSERVINGHOURS([[7.776e9]], [[1, 1, 0.05]], [[0.04, 0.02, 0.5]])[0] as number[];
    expect(row.map((h) => Math.round(h))).toEqual([86_400, 43_200, 54_000]);
    const over = MODELSERVINGHOURS([[7.776e9]], [[5]], [[0.5]])[0][0] as ExcelError;
    expect([over.code, over.message]).toEqual(["#NUM!", undefined]);
    expect(errorOf(MODELSERVINGHOURS([[7.776e9]], [[0.05]], [[0.5]], [[0.5]])[0][0])).toBe("#NUM!");
    expect(errorOf(MODELSERVINGHOURS([[7.776e9]], [["5%"]], [[0.5]])[0][0])).toBe("#VALUE!");
  });
  test("STALENESSCOST: 648,000,000 clips a month, drift 2e-7, 1.00 an error: 129.60 quarterly, 712.80 yearly", () => {
    expect(STALENESSCOST([[648e6]], [[2e-7]], [[1]], [[3, 4, 5, 12]])[0].map((c) => (c as number).toFixed(2))).toEqual([
      "129.60",
      "194.40",
      "259.20",
      "712.80",
    ]);
    // Drift 0 (desktop Excel's blank too): a sentence, on #VALUE!, that says staleness costs nothing.
    const still = STALENESSCOST([[648e6]], [[0]], [[1]], [[12]])[0][0] as ExcelError;
    expect([still.code, still.message]).toEqual(["#VALUE!", expect.stringMatching(/staleness costs nothing/)]);
    const blank = STALENESSCOST([[648e6]], [[null]], [[1]], [[12]])[0][0] as ExcelError;
    expect([blank.code, blank.message]).toEqual(["#VALUE!", "drift is blank; enter a number."]);
    expect(errorOf(STALENESSCOST([[648e6]], [[2e-7]], [[1]], [[0.5]])[0][0])).toBe("#NUM!");
    expect(errorOf(STALENESSCOST([[648e6]], [[2]], [[1]], [[12]])[0][0])).toBe("#NUM!");
  });
  test("ECONOMICCADENCE: a 1,200.00 run is best every 4.3033 months; no drift or no clips are errors", () => {
    expect((ECONOMICCADENCE([[1200]], [[648e6]], [[2e-7]], [[1]])[0][0] as number).toFixed(4)).toBe("4.3033");
    const still = ECONOMICCADENCE([[1200]], [[648e6]], [[0]], [[1]])[0][0] as ExcelError;
    expect([still.code, still.message]).toEqual(["#VALUE!", expect.stringMatching(/staleness costs nothing/)]);
    expect(errorOf(ECONOMICCADENCE([[1200]], [[0]], [[2e-7]], [[1]])[0][0])).toBe("#DIV/0!");
    expect(ECONOMICCADENCE([[0]], [[648e6]], [[2e-7]], [[1]])).toEqual([[0]]);
  });
});

describe("serving bought by the token: the worked example, six arguments' ranges, and no crossover said", () => {
  test("TOKENSECONDS: 1,500 and 200 tokens at 10,000 and 2,000 a second take 0.25 s; a throughput of 0 divides", () => {
    expect(TOKENSECONDS([[1500]], [[200]], [[10_000]], [[2000]])).toEqual([[0.25]]);
    expect(errorOf(TOKENSECONDS([[1500]], [[200]], [[0]], [[2000]])[0][0])).toBe("#DIV/0!");
    expect(errorOf(TOKENSECONDS([[-1]], [[200]], [[10_000]], [[2000]])[0][0])).toBe("#NUM!");
  });
  test("APICOST: 10,000,000 requests cost 3,450.00 and 20,000,000 cost 6,900.00 at 0.15 / 0.60 per 1M", () => {
    const month = APICOST([[10e6, 20e6]], [[1500]], [[200]], [[0.15]], [[0.6]])[0] as number[];
    expect(month.map((cost) => cost.toFixed(2))).toEqual(["3450.00", "6900.00"]);
    expect(errorOf(APICOST([[1]], [[1500]], [[200]], [[0.15]], [["0.60 USD"]])[0][0])).toBe("#VALUE!");
  });
  test("APICROSSOVER: 10,434,782.6 requests a month; hours_per_month 720 if omitted; a column of prices spills", () => {
    expect((APICROSSOVER([[2]], [[2.5]], [[0.000345]], [[0.25]], [[1.5]])[0][0] as number).toFixed(1)).toBe(
      "10434782.6",
    );
    expect(APICROSSOVER([[2]], [[2.5]], [[0.000345]], [[0.25]], [[1.5]], null)).toEqual(
      APICROSSOVER([[2]], [[2.5]], [[0.000345]], [[0.25]], [[1.5]], [[720]]),
    );
    // At 5.00 an hour the fleet's cost a request (0.00052) passes the API's: that cell alone is #N/A.
    const column = APICROSSOVER([[2]], [[2.5], [2], [5]], [[0.000345]], [[0.25]], [[1.5]], [[720]]);
    expect(column.slice(0, 2).map((row) => Math.round(row[0] as number))).toEqual([10_434_783, 8_347_826]);
    expect(errorOf(column[2][0])).toBe("#N/A");
  });
  test("APICROSSOVER: #N/A, saying why, where the fleet's cost a request is at least the API's", () => {
    const none = APICROSSOVER([[2]], [[2.5]], [[0.0002]], [[0.25]], [[1.5]])[0][0] as ExcelError;
    expect([none.code, none.message]).toEqual(["#N/A", expect.stringMatching(/^The API is cheaper at every volume/)]);
    expect(errorOf(APICROSSOVER([[2]], [[2.5]], [[0.000345]], [[0.25]], [[0.9]])[0][0])).toBe("#NUM!");
    // A minimum outside its domain wins over #N/A, as in the twin.
    expect(errorOf(APICROSSOVER([[-2]], [[2.5]], [[0.0002]], [[0.25]], [[1.5]])[0][0])).toBe("#NUM!");
  });
});

describe("ranges follow Excel's array arithmetic", () => {
  test("a column of clips against one value spills a column", () => {
    const result = SERVINGHOURS([[5e6], [54e6], [540e6]], [[0.04]]);
    expect(result.map((row) => Math.round(row[0] as number))).toEqual([56, 600, 6000]);
  });
  test("a row against a column makes a grid", () => {
    const result = CROSSOVER([[600, 1200]], [[0.04], [0.08]]);
    expect(result.length).toBe(2);
    expect(result[0].length).toBe(2);
    const expected = [
      [54e6, 108e6],
      [27e6, 54e6],
    ];
    expected.forEach((row, i) => row.forEach((value, j) => expect(result[i][j]).toBeCloseTo(value, 6)));
  });
  test("cells with no partner are #N/A", () => {
    const result = SERVINGHOURS([[1], [2], [3]], [[1], [2]]);
    expect(errorOf(result[2][0])).toBe("#N/A");
    expect((result[2][0] as ExcelError).message).toContain("seconds_per_clip");
  });
  test("an error in one cell stays in that cell", () => {
    const result = CROSSOVER([[600], ["six hundred"], [600]], [[0.04]]);
    expect(result[0][0]).toBeCloseTo(54e6, 6);
    expect(errorOf(result[1][0])).toBe("#VALUE!");
    expect(result[2][0]).toBeCloseTo(54e6, 6);
  });
});

describe("bad input gets the right Excel error", () => {
  test.each([
    ["text", () => CROSSOVER([["600h"]], [[0.04]]), "#VALUE!", 'training_hours must be a number; got the text "600h"'],
    ["a blank (Excel on the web)", () => CROSSOVER([[null]], [[0.04]]), "#VALUE!", "training_hours is blank"],
    ["an empty string", () => SERVINGHOURS([[""]], [[0.04]]), "#VALUE!", "clips is blank"],
    ["a boolean", () => SERVINGHOURS([[true]], [[0.04]]), "#VALUE!", "got TRUE"],
    ["a zero divisor", () => CROSSOVER([[600]], [[0]]), "#DIV/0!", undefined],
    ["desktop's blank (0) as divisor", () => SPLITRATIO([[1]], [[0.04]], [[0]]), "#DIV/0!", undefined],
    ["negative hours", () => CROSSOVER([[-1]], [[0.04]]), "#NUM!", undefined],
    ["part over total", () => AMDAHLCEILING([[5]], [[4]]), "#NUM!", undefined],
    ["fraction_cut over 1", () => AMDAHLCEILING([[1]], [[4]], [[2]]), "#NUM!", undefined],
    ["training, serving and other all 0", () => TRAININGSHARE([[0]], [[0]], [[0]]), "#DIV/0!", undefined],
    ["negative serving hours", () => TRAININGSHARE([[1]], [[-1]]), "#NUM!", undefined],
    ["a lever whose current value is 0", () => LEVERSAVING([[2400]], [[0]], [[1]]), "#DIV/0!", undefined],
    ["a negative proposal", () => LEVERSAVING([[2400]], [[4]], [[-1]]), "#NUM!", undefined],
    ["text as a proposal", () => LEVERSAVING([[2400]], [[4]], [["yearly"]]), "#VALUE!", "proposed must be a number"],
    [
      "a range given to STAGETABLE",
      () => STAGETABLE([[600, 700]], [[0.04]], [[1]], [[2]], [[3]]),
      "#VALUE!",
      "training_hours takes one value",
    ],
  ])("%s", (_, call, code, message) => {
    const cell = call()[0][0] as ExcelError;
    expect(errorOf(cell)).toBe(code);
    // Excel shows custom messages only with #VALUE! and #N/A; the others go out bare.
    if (message) expect(cell.message).toContain(message);
    else expect(cell.message).toBeUndefined();
  });
  test("an error value arriving in a cell flows through unchanged", () => {
    const cell = SERVINGHOURS([[new ExcelError("#DIV/0!")]], [[0.04]])[0][0];
    expect(errorOf(cell)).toBe("#DIV/0!");
  });
  test("#REF! and #NAME?, which a custom function may not return, become #VALUE! naming the argument", () => {
    const cell = SERVINGHOURS([[0]], [[new ExcelError("#REF!")]])[0][0] as ExcelError;
    expect(errorOf(cell)).toBe("#VALUE!");
    expect(cell.message).toBe("seconds_per_clip holds the error #REF!.");
  });
  test("-0 is 0", () => {
    expect(Object.is(SERVINGHOURS([[-0]], [[0.04]])[0][0], 0)).toBe(true);
  });
});

describe("STAGETABLE", () => {
  test("spills a header and a row per stage, its frozen columns wide", () => {
    const table = STAGETABLE([[600]], [[0.04]], [[5000]], [[54e6]], [[1.944e9]]);
    expect(table.length).toBe(1 + STAGE_NAMES.length);
    expect(table.every((row) => row.length === STAGETABLE_COLUMNS.length)).toBe(true);
    expect(table[0]).toEqual(STAGETABLE_COLUMNS.map((column) => column.heading));
    expect(table.map((row) => row[0])).toEqual([STAGETABLE_COLUMNS[0].heading, ...STAGE_NAMES]);
    /** The cell of the stage `stage`'s row under the column of the stage row's `field`. */
    const cell = (stage: StageName, field: string) =>
      table[1 + STAGE_NAMES.indexOf(stage)][STAGETABLE_COLUMNS.findIndex((column) => column.field === field)];
    expect(cell("Scale", "servingHours")).toBeCloseTo(21600, 9);
    expect(cell("Scale", "splitRatio")).toBeCloseTo(36, 12);
    expect(cell("Scale", "dominantHalf")).toBe("serving, 36x");
    expect(cell("Scale", "trainingShare")).toBeCloseTo(600 / 22200, 12);
    expect(cell("Launch", "dominantHalf")).toBe("equal");
  });
});

// Any mix of what a cell can hold: numbers of every size and sign, text, booleans, blanks.
const cellValue = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constantFrom(null, undefined, ""),
);
const range = fc.oneof(
  cellValue,
  fc
    .integer({ min: 1, max: 4 })
    .chain((w) => fc.array(fc.array(cellValue, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 4 })),
  fc.array(fc.array(cellValue, { maxLength: 4 }), { maxLength: 4 }), // ragged and empty shapes too
);

test("property: any cells give numbers, text or Excel errors, never a throw, NaN or Infinity", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...Object.keys(customFunctions)),
      fc.array(range, { minLength: 5, maxLength: 5 }),
      (id, args) => {
        const result = customFunctions[id](...args);
        if (!Array.isArray(result) || result.length === 0) return false;
        return result.every(
          (row) =>
            Array.isArray(row) &&
            row.length > 0 &&
            row.every((cell) =>
              typeof cell === "number"
                ? Number.isFinite(cell) && !Object.is(cell, -0)
                : typeof cell === "string" || cell instanceof ExcelError,
            ),
        );
      },
    ),
    { numRuns: 3000 },
  );
});

describe("a result too large for Excel is one error, at once", () => {
  const row = [Array.from({ length: 1_000_000 }, (_, i) => i + 1)];
  const column = Array.from({ length: 1_000_000 }, (_, i) => [i + 1]);
  test("a row of a million against a column of a million: #VALUE! naming the size and the cap", () => {
    // Without the cap this allocates 10^12 cells and dies of memory (the test times out first).
    const result = SERVINGHOURS(row, column);
    expect(result.length).toBe(1);
    expect(errorOf(result[0][0])).toBe("#VALUE!");
    expect((result[0][0] as ExcelError).message).toContain("1,000,000 x 1,000,000 cells");
    expect((result[0][0] as ExcelError).message).toContain("at most 1,048,576");
  });
  test("a whole column (1,048,576 cells) is still computed", () => {
    const wholeColumn = Array.from({ length: 1_048_576 }, (_, i) => [i]);
    const result = CROSSOVER(
      [[600]],
      wholeColumn.map(([x]) => [x + 1]),
    );
    expect(result.length).toBe(1_048_576);
    expect(result[1][0]).toBeCloseTo((600 * 3600) / 2, 6);
  });
});

test("property: a quoted text in a message never splits a character", () => {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), (text) => {
      const cell = CROSSOVER([[text]], [[0.04]])[0][0];
      if (!(cell instanceof ExcelError)) return true; // a text Excel would read as a number
      return !loneSurrogate.test(cell.message ?? "");
    }),
    { numRuns: 3000 },
  );
  const message = (CROSSOVER([["🙂".repeat(30)]], [[0.04]])[0][0] as ExcelError).message!;
  expect(message).toContain(`"${"🙂".repeat(20)}..."`);
});
