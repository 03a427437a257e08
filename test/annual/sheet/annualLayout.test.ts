/*
 * The annual sheet's formulas recalculated by HyperFormula (and IronCalc) with the sheet's defined names: every
 * formula cell against the model's value it caches (1e-12 relative), and issue 10's worked
 * example where a planner reads it.
 */
import { unwrap } from "../../support/unwrap";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { ANNUAL_FIELDS, AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { CADENCE_CAVEAT, LEVERS } from "../../../src/annual/model/levers";
import { ANNUAL_VIEW } from "../../../src/annual/model/annualWhatIf";
import { isProblem } from "../../../src/core/model/problems";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { absoluteReference, columnLetter } from "../../../src/core/excel/a1";
import { BASE_NAMES } from "../../../src/stages/sheet/stageLayout";
import { ironcalcModel } from "../../support/ironcalc";
import {
  ANNUAL_BASE_NAMES,
  ANNUAL_SHEET_NAME,
  AnnualSheetLayout,
  annualSheetLayout,
} from "../../../src/annual/sheet/annualLayout";
import { wrapText } from "../../../src/core/sheet/widths";

function layoutOf(plan: AnnualPlan, suffix = "", chartNote = false): AnnualSheetLayout {
  return unwrap(annualSheetLayout(plan, suffix, { chartNote }));
}

/** The layout in HyperFormula: a reader of any cell by address or by (unsuffixed) defined name. */
function evaluate(layout: AnnualSheetLayout) {
  const rows = layout.rows.map((row) =>
    row.map((cell) => (cell === null ? null : cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null))),
  );
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding: false });
  hf.addSheet(ANNUAL_SHEET_NAME);
  const sheetId = hf.getSheetId(ANNUAL_SHEET_NAME)!;
  for (const { name, address } of layout.names)
    hf.addNamedExpression(name, `=${absoluteReference(ANNUAL_SHEET_NAME, address)}`);
  hf.setSheetContent(sheetId, rows as any);
  const at = (address: string) => hf.getCellValue(hf.simpleCellAddressFromString(address, sheetId)!);
  return { at, hf, sheetId };
}

/** The address of a defined name (with the layout's suffix). */
const named = (layout: AnnualSheetLayout, base: string) =>
  layout.names.find((n) => n.name.toLowerCase().startsWith(base.toLowerCase()))!.address;

/** The sheet row (1-based) of a table whose column A reads `label`. */
const rowOf = (layout: AnnualSheetLayout, label: string) =>
  1 +
  layout.rows.findIndex(
    (row) => row[0]?.role === "stageName" && (row[0].value === label || row[0].value === `${label} *`),
  );

function close(actual: unknown, expected: number, relative = 1e-12) {
  expect(typeof actual).toBe("number");
  const a = actual as number;
  expect(Math.abs(a - expected)).toBeLessThanOrEqual(relative * Math.max(Math.abs(expected), Math.abs(a)));
}

/** Every formula cell against the value it caches: numbers within 1e-12 relative, errors by code. */
function expectCachedValuesRecalculate(layout: AnnualSheetLayout) {
  const { at } = evaluate(layout);
  let formulas = 0;
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.formula === undefined) return;
      formulas++;
      const address = `${columnLetter(c)}${r + 1}`;
      const value = at(address);
      const cached = cell.cached;
      if (cached === undefined) throw new Error(`${address} has no cached value`);
      if (typeof cached === "object")
        expect([address, (value as DetailedCellError).value]).toEqual([address, cached.error]);
      else if (typeof cached === "number") close(value, cached);
      else expect(value).toBe(cached);
    }),
  );
  expect(formulas).toBeGreaterThan(40);
}

describe("the worked example in the sheet", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const { at } = evaluate(layout);
  const annualRow = (label: string) => rowOf(layout, label);

  test("training 2,400 h; serving 86,400 h; total 88,800 h; training share 2.7%", () => {
    expectCachedValuesRecalculate(layout);
    const training = annualRow("Training (runs x overhead)");
    close(at(`B${training}`), 2400);
    close(at(`B${annualRow("Serving")}`), 86_400);
    close(at(`B${annualRow("Total")}`), 88_800);
    close(at(named(layout, "YearTrainingShareConsumed")), 2400 / 88_800);
    expect((at(named(layout, "YearTrainingShareConsumed")) as number).toFixed(3)).toBe("0.027");
    // The answer comes first: the two shares sit in the frozen rows.
    expect(Number(/\d+$/.exec(named(layout, "YearTrainingSharePaid"))![0])).toBeLessThanOrEqual(layout.page.frozenRows);
  });

  test("cadence 4 -> 1 saves 1,800 h = 2.0% of the total, against a ceiling of 2.7%", () => {
    const cadence = rowOf(layout, "Retrain cadence");
    close(at(`C${cadence}`), 4);
    close(at(`D${cadence}`), 1);
    close(at(`E${cadence}`), 1800);
    close(at(`H${cadence}`), 1800 / 88_800);
    expect((at(`H${cadence}`) as number).toFixed(3)).toBe("0.020");
    close(at(`I${cadence}`), 2400 / 88_800);
  });

  test("40 ms -> 30 ms saves 21,600 h a year, 5,400 h a quarter: nine runs' worth; it ranks first", () => {
    const service = rowOf(layout, "Per-clip service time");
    close(at(`E${service}`), 21_600);
    close(at(`F${service}`), 5400);
    close(at(`G${service}`), 9);
    expect(at(`J${service}`)).toBe(1);
    expect(layout.tables.levers.firstRow + 1).toBe(service);
  });

  test("the levers keep the model's order, the caveat sits under the cadence lever, the sentences follow", () => {
    const { firstRow, rows } = layout.tables.levers;
    const labels = layout.rows.slice(firstRow, firstRow + rows).map((row) => String(row[0]!.value).replace(" *", ""));
    expect(labels).toEqual(["Per-clip service time", "Retrain cadence", ...labels.slice(2)]);
    expect(new Set(labels)).toEqual(new Set(LEVERS.map((l) => l.label)));
    const text = layout.rows.map((row) => row.map((cell) => String(cell?.value ?? "")).join(" ")).join("\n");
    expect(text).toContain(wrapText(`* Retrain cadence: ${CADENCE_CAVEAT}`)[0]);
    expect(text).toContain("Point the effort at per-clip service time: it saves 21,600 accelerator-hours a year");
    expect(text).toContain("The least is retrain cadence: 1,800 accelerator-hours a year");
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
  close(at(`E${idle.slice(1)}`), 36);
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
  const { at, hf, sheetId } = evaluate(layout);
  const cell = (address: string) => hf.simpleCellAddressFromString(address, sheetId)!;
  hf.setCellContents(cell(named(layout, "DaysPerYear")), 365);
  close(at(named(layout, "YearServingConsumed")), 87_600);
  hf.setCellContents(cell(named(layout, "ProposedRunsPerYear")), 2);
  close(at(`E${rowOf(layout, "Retrain cadence")}`), 1200);
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

test("names: every input and figure named, suffixed, none a stage sheet name or a function twin's", () => {
  const priced = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, currency: "EUR", priceSource: "Rate card, 2026-11-01" };
  const layout = layoutOf(priced, "_2");
  expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  expect(layout.names.map((n) => n.name.slice(0, -2)).sort()).toEqual([...ANNUAL_BASE_NAMES].sort());
  expect(layout.tables.bill.name).toBe("AnnualBill_2");
  const taken = new Set(
    [...BASE_NAMES, ...PLAN_FIELDS.map((f) => f.definedName)].concat(
      ["CROSSOVER", "SERVINGHOURS", "AMDAHLCEILING", "CLIPSPERINTERVAL", "SPLITRATIO", "DOMINANTHALF"],
      ["TRAININGSHARE", "LEVERSAVING"],
    ),
  );
  const upper = new Set([...taken].map((n) => n.toUpperCase()));
  for (const base of ANNUAL_BASE_NAMES) {
    expect(upper.has(base.toUpperCase())).toBe(false);
    expect(/^[A-Z]{1,3}\d+$/i.test(base)).toBe(false);
  }
  // Every formula names only defined names, cells and the functions of plain arithmetic.
  const defined = new Set(layout.names.map((n) => n.name));
  const functions = new Set(["IF", "ISNUMBER", "COUNTIF", "COUNT", "ABS", "MAX"]);
  for (const row of layout.rows)
    for (const cell of row)
      for (const word of cell?.formula
        ?.replace(/"[^"]*"/g, "")
        .replace(/\$/g, "")
        .match(/[A-Za-z_][A-Za-z0-9_.]*/g) ?? []) {
        if (/^[A-Z]+\d+$/.test(word) || functions.has(word)) continue;
        expect(defined).toContain(word);
      }
});

test("validation on every numeric input, its low and high, and the moves, matching the field's own check", () => {
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2 });
  const numeric = ANNUAL_FIELDS.filter((f) => f.quantity !== "text");
  const inputCells = new Set(numeric.map((f) => named(layout, f.definedName)));
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
  expect(layout.tables.bill).toMatchObject({ rows: 4, columns: 5 });
  expect(layout.tables.levers).toMatchObject({ rows: LEVERS.length, columns: 10 });
  const header = layout.rows[layout.tables.levers.firstRow - 1].map((c) => c?.value);
  expect(header[0]).toBe("Lever");
  expect(layout.charts.levers.series.map((s) => s.values)[0]).toMatch(/^H\d+:H\d+$/);
  expect(layout.page.printArea).toBe(`A1:K${layout.rows.length}`);
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
    const model = ironcalcModel();
    model.renameSheet(0, ANNUAL_SHEET_NAME);
    for (const { name, address } of layout.names)
      model.newDefinedName(name, null, absoluteReference(ANNUAL_SHEET_NAME, address));
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!cell) return;
        const input = cell.formula !== undefined ? `=${cell.formula}` : cell.value;
        if (input === undefined || input === null) return;
        model.setUserInput(0, r + 1, c + 1, String(input));
        // 17 significant digits, so the text read back is the engine's double exactly.
        const area = { sheet: 0, row: r + 1, column: c + 1, width: 1, height: 1 };
        if (cell.formula !== undefined) model.updateRangeStyle(area, "num_fmt", "0.0000000000000000E+00");
      }),
    );
    model.evaluate();
    const wrong: string[] = [];
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell?.formula === undefined) return;
        const text = model.getFormattedCellValue(0, r + 1, c + 1);
        const cached = cell.cached;
        const number = Number(text);
        const same =
          typeof cached === "number"
            ? text !== "" &&
              Number.isFinite(number) &&
              Math.abs(number - cached) <= 1e-12 * Math.max(Math.abs(cached), Math.abs(number))
            : typeof cached === "object" && cached !== null
              ? text === (cached as { error: string }).error
              : text === String(cached);
        if (!same) wrong.push(`${columnLetter(c)}${r + 1} =${cell.formula}: ${text}, cached ${JSON.stringify(cached)}`);
      }),
    );
    expect(wrong).toEqual([]);
  }
});

test("a price's source sits in the row under the currency, as text, and only with a price", () => {
  const source = "H100, AWS p5; AWS on-demand, retrieved 2026-11-09 =1+1";
  const layout = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 6.88, currency: "USD", priceSource: source });
  const at = named(layout, "AnnualPriceSource");
  const [, letter, row] = /^\$?([A-Z]+)\$?(\d+)$/.exec(at)!;
  const cell = layout.rows[Number(row) - 1][letter.charCodeAt(0) - 65]!;
  expect(cell).toMatchObject({ value: source, numberFormat: "@" });
  expect(cell.formula).toBeUndefined();
  expect(Number(row)).toBe(Number(/\d+$/.exec(named(layout, "AnnualCurrency"))![0]) + 1);
  const unpriced = layoutOf({ ...EXAMPLE_ANNUAL_PLAN, priceSource: source });
  expect(unpriced.names.some((n) => n.name === "AnnualPriceSource")).toBe(false);
});

describe("what moves the ceiling: each input alone at -20% and +20%, in HyperFormula", () => {
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const { at, hf, sheetId } = evaluate(layout);
  /** The row of the sensitivity's first table whose label is `label`. */
  const swingRow = (label: string) =>
    1 + layout.rows.findIndex((row, r) => r + 1 > layout.page.rowBreaks[0] && row[0]?.value === label);
  const share = (training: number, serving: number, rescans = 0) => training / (training + serving + rescans);

  test("the run length moves training's share from 2.17% to 3.23%; traffic from 3.36% to 2.26%", () => {
    const run = swingRow("Training run");
    close(at(`D${run}`), 480);
    close(at(`E${run}`), 720);
    close(at(`F${run}`), share(1920, 86_400));
    close(at(`G${run}`), share(2880, 86_400));
    expect([at(`F${run}`), at(`G${run}`)].map((x) => ((x as number) * 100).toFixed(2))).toEqual(["2.17", "3.23"]);
    const traffic = swingRow("Clips per second");
    close(at(`F${traffic}`), share(2400, 69_120));
    close(at(`G${traffic}`), share(2400, 103_680));
    close(at(`H${traffic}`), share(2400, 69_120) - share(2400, 103_680));
    close(at(`K${traffic}`), 103_680 - 69_120);
  });

  test("rows in the model's order of the share's swing; peak-to-mean moves the bill's share, not the year's", () => {
    const model = unwrap(sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN));
    const order = model.outputs.find((o) => o.output.key === "trainingShareConsumed")!.rows.map((r) => r.label);
    const first = layout.charts.tornado.categories;
    const [from, to] = first.split(":").map((a) => Number(a.slice(1)));
    expect(layout.rows.slice(from - 1, to).map((row) => row[0]?.value)).toEqual(order);
    const peak = swingRow("Peak-to-mean provisioning for serving");
    expect(at(`H${peak}`)).toBe(0);
    // A factor's low stays at 1 (none): the overhead and peak-to-mean of 1 have low 1, high 1.2.
    expect([at(`D${peak}`), at(`E${peak}`)]).toEqual([1, 1.2]);
    // In the bill's table, in the same order, peak-to-mean 1.2 pays serving at 103,680 h.
    const label = "Peak-to-mean provisioning for serving";
    const billRow = 1 + layout.rows.findIndex((row, r) => r + 1 > to && row[0]?.value === label);
    close(at(`D${billRow}`), share(2400, 103_680));
    close(at(`G${billRow}`), 2400 + 103_680);
  });

  test("the tornado: the share at low and at high, crossing at the share now", () => {
    const { tornado } = layout.charts;
    expect(tornado.base.address).toBe(named(layout, "YearTrainingShareConsumed"));
    close(tornado.base.value, 2400 / 88_800);
    expect(layout.rows[Number(tornado.low.name.slice(1)) - 1][5]?.value).toBe("Share at low");
    expect(tornado.high.values).toMatch(/^G\d+:G\d+$/);
    // Each chart sits in rows kept empty for it beside what it shows: the year's two on the first page, the
    // tornado under its tables on the second, within the print area.
    const rowsOf = (chart: { from?: string; to?: string }) =>
      [chart.from!, chart.to!].map((a) => Number(/\d+$/.exec(a)![0]));
    const [top, bottom] = rowsOf(tornado);
    expect(top).toBeGreaterThan(Number(/\d+$/.exec(tornado.categories)![0]) + ANNUAL_VIEW.fields.length + 2);
    expect(layout.rows.slice(top - 1, bottom).every((row) => row.length === 0)).toBe(true);
    for (const chart of [layout.charts.bill, layout.charts.levers]) {
      const [from, to] = rowsOf(chart);
      expect(to).toBeLessThanOrEqual(layout.page.rowBreaks[0]);
      expect(from).toBeGreaterThan(layout.tables.levers.firstRow + layout.tables.levers.rows);
      expect(layout.rows.slice(from - 1, to).every((row) => row.length === 0)).toBe(true);
    }
    expect(bottom).toBeLessThanOrEqual(Number(/\d+$/.exec(layout.page.printArea)![0]));
    // A file without charts keeps no rows for them: its note says what to select.
    const file = layoutOf(EXAMPLE_ANNUAL_PLAN, "", true);
    expect(rowsOf(file.charts.bill)[0]).toBeGreaterThan(file.rows.length);
    expect(file.rows.length).toBeLessThan(layout.rows.length - 30);
  });

  test("a move typed in the sheet: the low -20% -> -50%, every low and swing as the model gives them", () => {
    const moved = unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", { sensitivity: { lowFraction: -0.5 } }));
    const engine = evaluate(layout);
    engine.hf.setCellContents(engine.hf.simpleCellAddressFromString(named(layout, "YearLowMove"), engine.sheetId)!, [
      [-0.5],
    ]);
    let compared = 0;
    moved.rows.forEach((row, r) => {
      if (r + 1 <= moved.page.rowBreaks[0]) return;
      row.forEach((cell, c) => {
        if (typeof cell?.cached !== "number") return;
        // Same rows in the same place: the order of the swings does not change at -50% here.
        expect(layout.rows[r][0]?.value).toBe(row[0]?.value);
        close(engine.at(`${columnLetter(c)}${r + 1}`), cell.cached);
        compared++;
      });
    });
    expect(compared).toBeGreaterThan(100);
  });

  test("a re-scan typed over the high of none: 1 event of 44,400 h gives 1.80%, without dividing by 0", () => {
    const events = swingRow("Re-scans of the back catalogue");
    expect([at(`C${events}`), at(`F${events}`), at(`G${events}`)]).toEqual([0, 2400 / 88_800, 2400 / 88_800]);
    hf.setCellContents(hf.simpleCellAddressFromString(`E${events}`, sheetId)!, [[1]]);
    close(at(`G${events}`), share(2400, 86_400, 44_400));
    expect(((at(`G${events}`) as number) * 100).toFixed(2)).toBe("1.80");
    hf.setCellContents(hf.simpleCellAddressFromString(`E${events}`, sheetId)!, [
      [`=${layout.rows[events - 1][4]!.formula}`],
    ]);
    // The default's formula typed back: the high follows the move again (0 x 1.2 events), the share is back.
    expect(at(`G${events}`)).toBe(2400 / 88_800);
  });

  test("a planner's own range is written as typed values; one the field refuses stops the sheet", () => {
    const ranges = { runsPerYear: { low: 1, high: 12 } };
    const own = unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", { sensitivity: { ranges } }));
    expectCachedValuesRecalculate(own);
    const r =
      1 + own.rows.findIndex((row, i) => i + 1 > own.page.rowBreaks[0] && row[0]?.value === "Runs per year (cadence)");
    expect([own.rows[r - 1][3], own.rows[r - 1][4]]).toEqual([
      expect.objectContaining({ value: 1, role: "input" }),
      expect.objectContaining({ value: 12, role: "input" }),
    ]);
    expect(own.rows.some((row) => /values of their own.*Runs per year/.test(String(row[0]?.value)))).toBe(true);
    // One end alone: the low typed, the high still the base moved by YearHighMove.
    const lowOnly = annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", {
      sensitivity: { ranges: { runsPerYear: { low: 1 } } },
    });
    if (isProblem(lowOnly)) throw new Error(lowOnly.message);
    expectCachedValuesRecalculate(lowOnly);
    const at =
      1 +
      lowOnly.rows.findIndex(
        (row, i) => i + 1 > lowOnly.page.rowBreaks[0] && row[0]?.value === "Runs per year (cadence)",
      );
    expect(lowOnly.rows[at - 1][3]).toMatchObject({ value: 1, role: "input" });
    expect(lowOnly.rows[at - 1][4]!.formula).toMatch(/YearHighMove/);
    expect(lowOnly.rows.some((row) => /own.*Runs per year \(cadence\) \(low\)/.test(String(row[0]?.value)))).toBe(true);
    const refused = annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "", {
      sensitivity: { ranges: { runsPerYear: { low: -1, high: 2 } } },
    });
    expect(isProblem(refused) && refused.message).toMatch(/Runs per year \(cadence\) \(low value\)/);
  });
});
