/*
 * The annual sheet's formulas recalculated by HyperFormula (and IronCalc) with the sheet's defined names: every
 * formula cell against the model's value it caches (1e-12 relative), and issue 10's worked
 * example where a planner reads it.
 */
import { EXAMPLE_REQUEST_TOKENS } from "../../../src/tokens/model";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { unwrap } from "../../support/unwrap";
import { ANNUAL_FIELDS, AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualTable } from "../../../src/annual/model/annual";
import { annualFigures, CADENCE_CAVEAT, LEVERS } from "../../../src/annual/model/levers";
import { ANNUAL_VIEW } from "../../../src/annual/model/annualWhatIf";
import { isProblem } from "../../../src/core/model/problems";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { cellAddress, parseCell, rowOf as rowOfAddress } from "../../../src/core/excel/a1";
import { layoutRange } from "../../../src/core/sheet/sheetBasics";
import { BASE_NAMES } from "../../../src/stages/sheet/stageLayout";
import {
  ANNUAL_BASE_NAMES,
  ANNUAL_SHEET_NAME,
  AnnualSheetLayout,
  annualSheetLayout,
} from "../../../src/annual/sheet/annualLayout";
import { wrapText } from "../../../src/core/sheet/widths";
import {
  cellAt,
  columnOf,
  formulaCells,
  headingColumn,
  labelRow,
  namedAddress,
  namedCell,
  placedCells,
} from "../../support/layoutCells";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { TWIN_IDS } from "../../support/twinIds";

/** The recommendation's two line cells: the formulas in column A that begin with its CHOOSE over the case. */
function recommendationCells(layout: AnnualSheetLayout) {
  const cells = layout.rows.map((row) => row[0]).filter((cell) => cell?.formula !== undefined && cell.role === "label");
  expect(cells).toHaveLength(2);
  return cells as NonNullable<(typeof cells)[number]>[];
}

function layoutOf(plan: AnnualPlan, suffix = "", chartNote = false): AnnualSheetLayout {
  return unwrap(annualSheetLayout(plan, suffix, { chartNote }));
}

/** The layout in HyperFormula, its doubles as computed: a reader of any cell, and the engine to edit it. */
const evaluate = (layout: AnnualSheetLayout) => layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);

/** The address of a defined name of an unsuffixed layout. */
const named = namedAddress;

/** The sheet row (1-based) of a table whose column A reads `label`. */
const rowOf = (layout: AnnualSheetLayout, label: string) =>
  1 +
  layout.rows.findIndex(
    (row) => row[0]?.role === "stageName" && (row[0].value === label || row[0].value === `${label} *`),
  );

/** The cell of the bill's table (parts by hours) in the row of `part`, under `heading`. */
const billCell = (layout: AnnualSheetLayout, part: string, heading: string) =>
  `${headingColumn(layout, layout.tables.bill.firstRow, heading)}${rowOf(layout, part)}`;

/** The cell of the levers' table in the row of `lever`, under `heading`. */
const leverCell = (layout: AnnualSheetLayout, lever: string, heading: string) =>
  `${headingColumn(layout, layout.tables.levers.firstRow, heading)}${rowOf(layout, lever)}`;

/** The cell right of `address`. */
const rightOf = (address: string) => {
  const { row, column } = parseCell(address)!;
  return cellAddress(row, column + 1);
};

/**
 * The cell of the input `label` in the sensitivity's first table (its header names the tornado's
 * series), under `heading`: Now, Low, High, Share at low, Share at high, Swing, ...
 */
function swingCellOf(layout: AnnualSheetLayout, label: string, heading: string): string {
  const header = rowOfAddress(layout.charts.tornado.low.name);
  const row = labelRow(layout, label, { first: header + 1, last: layout.rows.length });
  return `${headingColumn(layout, header, heading)}${row}`;
}

function close(actual: unknown, expected: number, relative = 1e-12) {
  expect(typeof actual).toBe("number");
  const a = actual as number;
  expect(Math.abs(a - expected)).toBeLessThanOrEqual(relative * Math.max(Math.abs(expected), Math.abs(a)));
}

/** Every formula cell against the value it caches: numbers within 1e-12 relative, errors by code. */
function expectCachedValuesRecalculate(layout: AnnualSheetLayout) {
  const { at } = evaluate(layout);
  expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
  expect(formulaCells(layout).length).toBeGreaterThan(40);
}

describe("the worked example in the sheet", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const { at } = evaluate(layout);

  test("training 2,400 h; serving 86,400 h; total 88,800 h; training share 2.7%", () => {
    expectCachedValuesRecalculate(layout);
    close(at(billCell(layout, "Training (runs x overhead)", "Consumed (h)")), 2400);
    close(at(billCell(layout, "Serving", "Consumed (h)")), 86_400);
    close(at(billCell(layout, "Total", "Consumed (h)")), 88_800);
    close(at(named(layout, "YearTrainingShareConsumed")), 2400 / 88_800);
    expect((at(named(layout, "YearTrainingShareConsumed")) as number).toFixed(3)).toBe("0.027");
    // The answer comes first: the two shares sit in the frozen rows.
    expect(rowOfAddress(named(layout, "YearTrainingSharePaid"))).toBeLessThanOrEqual(layout.page.frozenRows);
  });

  test("cadence 4 -> 1 saves 1,800 h = 2.0% of the total, against a ceiling of 2.7%", () => {
    const cadence = (heading: string) => at(leverCell(layout, "Retrain cadence", heading));
    close(cadence("Now"), 4);
    close(cadence("Proposed"), 1);
    close(cadence("Saved a year (h)"), 1800);
    close(cadence("Share of bill"), 1800 / 88_800);
    expect((cadence("Share of bill") as number).toFixed(3)).toBe("0.020");
    close(cadence("Ceiling (part)"), 2400 / 88_800);
  });

  test("40 ms -> 30 ms saves 21,600 h a year, 5,400 h a quarter: nine runs' worth; it ranks first", () => {
    const service = (heading: string) => at(leverCell(layout, "Per-clip service time", heading));
    close(service("Saved a year (h)"), 21_600);
    close(service("Per interval (h)"), 5400);
    close(service("× training"), 9);
    // Its rank is the model's (first: test/annual/model/annual.test.ts), and its row the table's first.
    const model = unwrap(annualFigures(EXAMPLE_ANNUAL_PLAN)).levers.rows;
    expect(service("Rank")).toBe(model.find((row) => row.lever === "serviceTime")!.rank);
    expect(model[0].lever).toBe("serviceTime");
    expect(layout.tables.levers.firstRow + 1).toBe(rowOf(layout, "Per-clip service time"));
  });

  test("the levers keep the model's order, the caveat sits under the cadence lever, the sentences follow", () => {
    const { firstRow, rows } = layout.tables.levers;
    const labels = layout.rows.slice(firstRow, firstRow + rows).map((row) => String(row[0]!.value).replace(" *", ""));
    expect(labels).toEqual(unwrap(annualFigures(EXAMPLE_ANNUAL_PLAN)).levers.rows.map((row) => row.label));
    expect(new Set(labels)).toEqual(new Set(LEVERS.map((l) => l.label)));
    const text = layout.rows.map((row) => row.map((cell) => String(cell?.value ?? "")).join(" ")).join("\n");
    expect(text).toContain(wrapText(`* Retrain cadence: ${CADENCE_CAVEAT}`)[0]);
    // The recommendation is a formula now (test/annual/sheet/annualRecommendation.test.ts): its cached lines.
    const lines = recommendationCells(layout).map((cell) => cell.cached);
    expect(lines).toEqual([
      "Point the effort at per-clip service time: 40 ms to 30 ms a clip saves 21,600 accelerator-hours a year,",
      "24.32% of the bill, where paid serving, the part it touches, is 97.30%.",
    ]);
    expect(text).not.toContain("The least is");
    expect(text).toContain("does not re-sort");
    expect(text).toContain("Days per year counted: 360 (quarters of 90 days)");
  });
});

test("peak-to-mean 2: paid serving 172,800 h, training share of the bill 1.37%, idle 86,400 h = 36x training", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, peakToMean: 2 });
  expectCachedValuesRecalculate(layout);
  const { at } = evaluate(layout);
  close(at(named(layout, "YearServingPaid")), 172_800);
  close(at(named(layout, "YearTrainingSharePaid")), 2400 / 175_200);
  expect(((at(named(layout, "YearTrainingSharePaid")) as number) * 100).toFixed(2)).toBe("1.37");
  close(at(named(layout, "YearTrainingShareConsumed")), 2400 / 88_800);
  const idle = named(layout, "YearIdleCapacity");
  close(at(idle), 86_400);
  close(at(rightOf(idle)), 36); // idle capacity over training, beside it
});

test("one re-scan of 44,400 h: training share 1.80% (2,400 / 133,200)", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, rescanEvents: 1 });
  expectCachedValuesRecalculate(layout);
  const { at } = evaluate(layout);
  close(at(named(layout, "YearRescanHours")), 44_400);
  close(at(named(layout, "YearTotalConsumed")), 133_200);
  close(at(named(layout, "YearTrainingShareConsumed")), 2400 / 133_200);
  expect(((at(named(layout, "YearTrainingShareConsumed")) as number) * 100).toFixed(2)).toBe("1.80");
});

test("an edit in a blue cell moves the figures: 365 days, and the cadence proposal", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const { at, set } = evaluate(layout);
  set(named(layout, "DaysPerYear"), 365);
  close(at(named(layout, "YearServingConsumed")), 87_600);
  set(named(layout, "ProposedRunsPerYear"), 2);
  close(at(leverCell(layout, "Retrain cadence", "Saved a year (h)")), 1200);
});

test("every kind of plan: prices, proposals on every lever, zeros, a suffix; all cached values recalculate", () => {
  const plans: AnnualPlan[] = [
    { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2.5, currency: "USD", peakToMean: 1.7, rescanEvents: 2 },
    {
      ...EXAMPLE_ANNUAL_PLAN,
      trainingOverhead: 2.5,
      trainingHoursPerRunProposed: 450,
      trainingOverheadProposed: 1.5,
      peakToMean: 3,
      peakToMeanProposed: 1.25,
      shareNotRescored: 0.3,
      runsPerYearProposed: 12,
    },
    { ...EXAMPLE_ANNUAL_PLAN, runsPerYear: 0 },
    { ...EXAMPLE_ANNUAL_PLAN, trainingHoursPerRun: 0, runsPerYearProposed: 4, secondsPerClipProposed: undefined },
    { ...EXAMPLE_ANNUAL_PLAN, clipsPerSecond: 0, trainingHoursPerRun: 0 },
    { ...EXAMPLE_ANNUAL_PLAN, secondsPerClip: 1e-6, clipsPerSecond: 1e6, trainingHoursPerRun: 1e5 },
  ];
  for (const plan of plans) expectCachedValuesRecalculate(layoutOf(plan, "_3"));
});

test("at a price: the year's bill, each part, each lever and 1,000 clips in money, live formulas that follow", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2.5, currency: "USD" });
  expectCachedValuesRecalculate(layout);
  const { at, set } = evaluate(layout);
  const valueBeside = (label: string) => {
    const r = labelRow(layout, label);
    const c = layout.rows[r - 1].findIndex((cell, i) => i > 0 && cell?.formula !== undefined);
    return cellAddress(r - 1, c);
  };
  close(at(valueBeside("The year's bill, in money")), 222_000);
  close(at(billCell(layout, "Serving", "Paid cost (USD)")), 216_000);
  close(at(leverCell(layout, "Per-clip service time", "Saved a year (USD)")), 54_000);
  close(at(valueBeside("Cost per 1,000 clips: the bill over the clips scored")), (222_000 / 7_776_000_000) * 1000);
  // the recommendation says the money too, in the cells' own style, and follows the price
  const first = recommendationCells(layout)[0];
  expect(first.cached).toContain("21,600 accelerator-hours a year, 54,000.00 USD,");
  const address = placedCells(layout).find(({ cell }) => cell === first)!.address;
  set(named(layout, "AnnualPricePerHour"), 5);
  expect(at(address)).toContain("21,600 accelerator-hours a year, 108,000.00 USD,");
  close(at(valueBeside("The year's bill, in money")), 444_000);
  close(at(valueBeside("Cost per 1,000 clips: the bill over the clips scored")), (444_000 / 7_776_000_000) * 1000);
  // no price, no money: neither row is written
  const unpriced = layoutOf(EXAMPLE_ANNUAL_PLAN);
  expect(() => labelRow(unpriced, "The year's bill, in money")).toThrow();
});

test("names: every input and figure named, suffixed, none a stage sheet name or a function twin's", () => {
  const priced = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, currency: "EUR", priceSource: "Rate card, 2026-11-01" };
  // with a ledger typed, so the both-ledgers section's names are written too (a blank ledger writes none)
  // With the ledgers typed and the seconds and their proposal from tokens, the sheet carries every name it may.
  const tokens = { tokens: EXAMPLE_REQUEST_TOKENS, proposedTokens: { outputTokens: 100 } };
  const layout = unwrap(annualSheetLayout(priced, "_2", { ledgers: EXAMPLE_LEDGER_INPUTS, ...tokens }));
  expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  expect(layout.names.map((n) => n.name.slice(0, -2)).sort()).toEqual([...ANNUAL_BASE_NAMES].sort());
  expect(layout.tables.bill.name).toBe("AnnualBill_2");
  const taken = new Set([...BASE_NAMES, ...PLAN_FIELDS.map((f) => f.definedName), ...TWIN_IDS]);
  const upper = new Set([...taken].map((n) => n.toUpperCase()));
  for (const base of ANNUAL_BASE_NAMES) {
    expect(upper.has(base.toUpperCase())).toBe(false);
    expect(/^[A-Z]{1,3}\d+$/i.test(base)).toBe(false);
  }
  // Every formula names only defined names, cells and the functions of plain arithmetic.
  const defined = new Set(layout.names.map((n) => n.name));
  const functions = new Set(["IF", "ISBLANK", "ISNUMBER", "COUNTIF", "COUNT", "ABS", "MAX", "SUM", "INDEX", "MATCH"]);
  // The checks' flags (IFERROR), both ledgers' whole months and square root, the recommendations' words and the
  // row of its lever (ROWS).
  const words = ["TEXT", "LOWER", "LEFT", "MID", "SUBSTITUTE", "CHOOSE", "ROUND", "RIGHT", "LEN", "SUMXMY2", "ROWS"];
  for (const name of ["IFERROR", "INT", "ROUNDUP", "SQRT", "MIN", ...words]) {
    functions.add(name);
  }
  for (const row of layout.rows)
    for (const cell of row)
      for (const word of cell?.formula
        ?.replace(/"[^"]*"/g, "")
        .replace(/#(NUM!|VALUE!|DIV\/0!|N\/A)/g, "") // error values both ledgers' formulas return
        .replace(/\$/g, "")
        .match(/[A-Za-z_][A-Za-z0-9_.]*/g) ?? []) {
        if (/^[A-Z]+\d+$/.test(word) || functions.has(word)) continue;
        expect(defined).toContain(word);
      }
});

test("validation on every numeric input, its low and high, and the moves, matching the field's own check", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2 });
  const numeric = ANNUAL_FIELDS.filter((f) => f.quantity !== "text");
  // A field's blue cell is in its labelled row (a proposal's name is on the row of the proposal used, below it).
  const inputOf = (label: string) => `${columnOf(named(layout, "RunsPerYear"))}${labelRow(layout, label)}`;
  const inputCells = new Set(numeric.map((f) => inputOf(f.label)));
  const onInputs = layout.validations.filter((v) => inputCells.has(v.address));
  expect(onInputs.map((v) => v.field).sort()).toEqual(numeric.map((f) => f.key).sort());
  // The sensitivity: the two moves, and a low and a high for each of the year's nine inputs.
  const others = layout.validations.filter((v) => !inputCells.has(v.address));
  expect(others.filter((v) => v.field === "move").map((v) => v.address)).toEqual([
    named(layout, "YearLowMove"),
    named(layout, "YearHighMove"),
  ]);
  expect(others.length).toBe(2 + 2 * ANNUAL_VIEW.fields.length);
  for (const v of others.filter((x) => x.field !== "move")) {
    expect(v.rule).toEqual(onInputs.find((x) => x.field === v.field)!.rule);
  }
  for (const v of layout.validations) {
    expect(v.prompt.title.length).toBeLessThanOrEqual(32);
    expect(v.error.title.length).toBeLessThanOrEqual(32);
    expect(v.prompt.message.length).toBeLessThanOrEqual(255);
  }
  const share = layout.validations.find((v) => v.field === "shareNotRescored")!;
  expect(share.rule).toMatchObject({ operator: "between", bound: 0, upper: 1 });
  expect(layout.validations.find((v) => v.field === "daysPerYear")!.rule.operator).toBe("greaterThan");
});

test("a plan the model refuses gives its problem, and no layout", () => {
  const result = annualSheetLayout({ ...EXAMPLE_ANNUAL_PLAN, runsPerYear: -1 });
  expect(isProblem(result) && result.message).toMatch(/Runs per year/);
});

test("the tables, charts and page: ranges inside the sheet, notes within the printed width", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN, "", true);
  // Each table: a row per row of the model's, a column per heading.
  const headings = (table: { firstRow: number }) => layout.rows[table.firstRow - 1].filter((cell) => cell?.value);
  const { bill, levers: leverTable } = layout.tables;
  const year = unwrap(annualTable(EXAMPLE_ANNUAL_PLAN));
  expect(bill).toMatchObject({ rows: year.rows.length, columns: headings(bill).length });
  expect(leverTable).toMatchObject({ rows: LEVERS.length, columns: headings(leverTable).length });
  expect(headings(leverTable)[0]!.value).toBe("Lever");
  // The levers chart's first series is the share of the bill, down the table.
  const share = headingColumn(layout, leverTable.firstRow, "Share of bill");
  const { firstRow, rows } = leverTable;
  expect(layout.charts.levers.series[0].values).toBe(`${share}${firstRow + 1}:${share}${firstRow + rows}`);
  expect(layout.page.printArea).toBe(layoutRange(layout));
  const width = layout.columnWidths.reduce((a, b) => a + b, 0);
  for (const row of layout.rows) if (row[0]?.role === "note") expect(String(row[0].value).length).toBeLessThan(width);
  // The note that stands in for the charts names each chart's cells as one range a planner can type.
  const notes = layout.rows
    .filter((row) => row[0]?.role === "note")
    .map((row) => row[0]!.value)
    .join(" ");
  const { tornado, levers } = layout.charts;
  const low = tornado.low.values.split(":")[0];
  const high = tornado.high.values.split(":")[1];
  expect(notes).toContain(`${tornado.categories} and ${low}:${high} (with Ctrl)`);
  expect(notes).toContain(`${levers.series[0].values.split(":")[0]}:${levers.series[1].values.split(":")[1]} (with`);
  expect(notes).not.toMatch(/[A-Z]+\d+:[A-Z]+\d+:[A-Z]+\d+/);
});

test("IronCalc recalculates every formula cell to the model's value cached in it", () => {
  const plans: AnnualPlan[] = [
    EXAMPLE_ANNUAL_PLAN,
    { ...EXAMPLE_ANNUAL_PLAN, peakToMean: 2, rescanEvents: 1, pricePerHour: 2.5, currency: "USD" },
  ];
  for (const plan of plans) {
    const layout = layoutOf(plan);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, ANNUAL_SHEET_NAME))).toEqual([]);
  }
});

test("a price's source sits in the row under the currency, as text, and only with a price", () => {
  const source = "H100, AWS p5; AWS on-demand, retrieved 2026-11-09 =1+1";
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 6.88, currency: "USD", priceSource: source });
  const cell = namedCell(layout, "AnnualPriceSource");
  expect(cell).toMatchObject({ value: source, numberFormat: "@" });
  expect(cell.formula).toBeUndefined();
  expect(rowOfAddress(named(layout, "AnnualPriceSource"))).toBe(rowOfAddress(named(layout, "AnnualCurrency")) + 1);
  const unpriced = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, priceSource: source });
  expect(unpriced.names.some((n) => n.name === "AnnualPriceSource")).toBe(false);
});

describe("what moves the ceiling: each input alone at -20% and +20%, in HyperFormula", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const { at, set } = evaluate(layout);
  const swingCell = (label: string, heading: string) => swingCellOf(layout, label, heading);
  const share = (training: number, serving: number, rescans = 0) => training / (training + serving + rescans);

  test("the run length moves training's share from 2.17% to 3.23%; traffic from 3.36% to 2.26%", () => {
    const run = (heading: string) => at(swingCell("Training run", heading));
    close(run("Low"), 480);
    close(run("High"), 720);
    close(run("Share at low"), share(1920, 86_400));
    close(run("Share at high"), share(2880, 86_400));
    expect([run("Share at low"), run("Share at high")].map((x) => ((x as number) * 100).toFixed(2))).toEqual([
      "2.17",
      "3.23",
    ]);
    const traffic = (heading: string) => at(swingCell("Clips per second", heading));
    close(traffic("Share at low"), share(2400, 69_120));
    close(traffic("Share at high"), share(2400, 103_680));
    close(traffic("Swing"), share(2400, 69_120) - share(2400, 103_680));
    close(traffic("Swing (h)"), 103_680 - 69_120);
  });

  test("rows in the model's order of the share's swing; peak-to-mean moves the bill's share, not the year's", () => {
    const model = unwrap(sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN));
    const order = model.outputs.find((o) => o.output.key === "trainingShareConsumed")!.rows.map((r) => r.label);
    const first = layout.charts.tornado.categories;
    const [from, to] = first.split(":").map(rowOfAddress);
    expect(layout.rows.slice(from - 1, to).map((row) => row[0]?.value)).toEqual(order);
    const label = "Peak-to-mean provisioning for serving";
    expect(at(swingCell(label, "Swing"))).toBe(0);
    // A factor's low stays at 1 (none): the overhead and peak-to-mean of 1 have low 1, high 1.2.
    expect([at(swingCell(label, "Low")), at(swingCell(label, "High"))]).toEqual([1, 1.2]);
    // In the bill's table, in the same order, peak-to-mean 1.2 pays serving at 103,680 h.
    const billHeader = labelRow(layout, "Against the bill, in the order above");
    const billRow = labelRow(layout, label, { first: billHeader, last: layout.rows.length });
    close(at(`${headingColumn(layout, billHeader, "Share at high")}${billRow}`), share(2400, 103_680));
    close(at(`${headingColumn(layout, billHeader, "Paid at high (h)")}${billRow}`), 2400 + 103_680);
  });

  test("the tornado: the share at low and at high, crossing at the share now", () => {
    const { tornado } = layout.charts;
    expect(tornado.base.address).toBe(named(layout, "YearTrainingShareConsumed"));
    close(tornado.base.value, 2400 / 88_800);
    // Its series are the table's "Share at low" and "Share at high" columns, named by their headings.
    const header = rowOfAddress(tornado.low.name);
    expect([cellAt(layout, tornado.low.name)?.value, cellAt(layout, tornado.high.name)?.value]).toEqual([
      "Share at low",
      "Share at high",
    ]);
    const last = rowOfAddress(tornado.categories.split(":")[1]);
    for (const [series, heading] of [
      [tornado.low, "Share at low"],
      [tornado.high, "Share at high"],
    ] as const) {
      const column = headingColumn(layout, header, heading);
      expect(series.values).toBe(`${column}${header + 1}:${column}${last}`);
    }
    // Each chart sits in rows kept empty for it beside what it shows: the year's two on the first page, the
    // tornado under its tables on the second, within the print area.
    const rowsOf = (chart: { from?: string; to?: string }) => [chart.from!, chart.to!].map(rowOfAddress);
    const [top, bottom] = rowsOf(tornado);
    expect(top).toBeGreaterThan(last + ANNUAL_VIEW.fields.length + 2);
    expect(layout.rows.slice(top - 1, bottom).every((row) => row.length === 0)).toBe(true);
    for (const chart of [layout.charts.bill, layout.charts.levers]) {
      const [from, to] = rowsOf(chart);
      expect(to).toBeLessThanOrEqual(layout.page.rowBreaks[0]);
      expect(from).toBeGreaterThan(layout.tables.levers.firstRow + layout.tables.levers.rows);
      expect(layout.rows.slice(from - 1, to).every((row) => row.length === 0)).toBe(true);
    }
    expect(bottom).toBeLessThanOrEqual(rowOfAddress(layout.page.printArea));
    // A file without charts keeps no rows for them: its note says what to select.
    const file = layoutOf(EXAMPLE_ANNUAL_PLAN, "", true);
    expect(rowsOf(file.charts.bill)[0]).toBeGreaterThan(file.rows.length);
    expect(file.rows.length).toBeLessThan(layout.rows.length - 30);
  });

  test("a move typed in the sheet: the low -20% -> -50%, every low and swing as the model gives them", () => {
    const moved = unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", { sensitivity: { lowFraction: -0.5 } }));
    const engine = evaluate(layout);
    engine.set(named(layout, "YearLowMove"), -0.5);
    let compared = 0;
    moved.rows.forEach((row, r) => {
      if (r + 1 <= moved.page.rowBreaks[0]) return;
      row.forEach((cell, c) => {
        if (typeof cell?.cached !== "number") return;
        // Same rows in the same place: the order of the swings does not change at -50% here.
        expect(layout.rows[r][0]?.value).toBe(row[0]?.value);
        close(engine.at(cellAddress(r, c)), cell.cached);
        compared++;
      });
    });
    expect(compared).toBeGreaterThan(100);
  });

  test("a re-scan typed over the high of none: 1 event of 44,400 h gives 1.80%, without dividing by 0", () => {
    const events = (heading: string) => swingCell("Re-scans of the back catalogue", heading);
    expect([at(events("Now")), at(events("Share at low")), at(events("Share at high"))]).toEqual([
      0,
      2400 / 88_800,
      2400 / 88_800,
    ]);
    set(events("Your high"), 1);
    expect(at(events("High"))).toBe(1);
    close(at(events("Share at high")), share(2400, 86_400, 44_400));
    expect(((at(events("Share at high")) as number) * 100).toFixed(2)).toBe("1.80");
    set(events("Your high"), null);
    // The own high emptied: the high follows the move again (0 x 1.2 events), the share is back.
    expect(at(events("High"))).toBe(0);
    expect(at(events("Share at high"))).toBe(2400 / 88_800);
  });

  test("a planner's own range is written as typed values; one the field refuses stops the sheet", () => {
    const ranges = { runsPerYear: { low: 1, high: 12 } };
    const own = unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", { sensitivity: { ranges } }));
    expectCachedValuesRecalculate(own);
    const ownEnd = (of: AnnualSheetLayout, heading: string) =>
      cellAt(of, swingCellOf(of, "Runs per year (cadence)", heading));
    expect([ownEnd(own, "Your low"), ownEnd(own, "Your high")]).toEqual([
      expect.objectContaining({ value: 1, role: "input" }),
      expect.objectContaining({ value: 12, role: "input" }),
    ]);
    expect([ownEnd(own, "Low")!.cached, ownEnd(own, "High")!.cached]).toEqual([1, 12]);
    expect(own.rows.some((row) => /values of their own.*Runs per year/.test(String(row[0]?.value)))).toBe(true);
    // One end alone: the low typed, the high still the base moved by YearHighMove.
    const lowOnly = unwrap(
      annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", {
        sensitivity: { ranges: { runsPerYear: { low: 1 } } },
      }),
    );
    expectCachedValuesRecalculate(lowOnly);
    expect(ownEnd(lowOnly, "Your low")).toMatchObject({ value: 1, role: "input" });
    expect(ownEnd(lowOnly, "Your high")).toEqual({ numberFormat: expect.any(String), role: "input" });
    expect(ownEnd(lowOnly, "High")!.formula).toMatch(/YearHighMove/);
    expect(lowOnly.rows.some((row) => /own.*Runs per year \(cadence\) \(low\)/.test(String(row[0]?.value)))).toBe(true);
    const refused = annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", {
      sensitivity: { ranges: { runsPerYear: { low: -1, high: 2 } } },
    });
    expect(isProblem(refused) && refused.message).toMatch(/Runs per year \(cadence\) \(low value\)/);
  });
});

test("an emptied proposal is no change: the lever saves nothing, as the model reads a blank proposal", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, trainingHoursPerRunProposed: 300 });
  const engine = evaluate(layout);
  const saved = leverCell(layout, "Run length", "Saved a year (h)");
  expect(engine.at(saved)).toBeCloseTo(1200, 9);
  const input = `${columnOf(named(layout, "HoursPerRun"))}${labelRow(layout, "Training run, proposed")}`;
  expect(cellAt(layout, input)).toMatchObject({ value: 300, role: "input" });
  engine.set(input, null);
  expect(engine.at(named(layout, "ProposedHoursPerRun"))).toBe(600);
  expect(engine.at(saved)).toBe(0);
  // The plan as written with that proposal blank: the same empty blue cell, the same figures.
  const blank = layoutOf(EXAMPLE_ANNUAL_PLAN);
  expect(cellAt(blank, input)).toEqual({ numberFormat: expect.any(String), role: "input" });
  expect(cachedMismatches(blank, layoutInIronCalc(blank, ANNUAL_SHEET_NAME))).toEqual([]);
});
