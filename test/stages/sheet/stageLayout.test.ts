/*
 * The sheet's arrangement: the answer first and frozen, column A as narrow as the stage names with
 * the inputs' labels running across the empty B and C, every column as wide as what it shows,
 * one printed page, and the download's note on the chart as its only difference from Insert.
 */
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { STAGE_NAMES } from "../../../src/stages/model/stages";
import { LayoutCell } from "../../../src/core/sheet/cell";
import { columnLetter, rowOf } from "../../../src/core/excel/a1";
import {
  defaultRowLabel,
  sheetLayout,
  SheetLayout,
  usedRowLabel,
  VALUE_COLUMN,
} from "../../../src/stages/sheet/stageLayout";
import { planField } from "../../../src/stages/model/planFields";
import { shownText } from "../../../src/core/sheet/widths";
import { cellAt, namedAddress, placedCells } from "../../support/layoutCells";

const PLANS: Record<string, Plan> = {
  "the worked example": EXAMPLE_PLAN,
  "a priced plan in euros": { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "EUR", peakToMean: 2 },
  "huge traffic": { ...EXAMPLE_PLAN, clipsPerSecond: 1e7, secondsPerClip: 1e-5, trainingHours: 2e6 },
};

const cells = (layout: SheetLayout) =>
  placedCells(layout).map(({ cell, row, column }) => ({ cell, r: row, c: column }));

describe.each(Object.entries(PLANS))("%s", (_, plan) => {
  const layout = sheetLayout(plan);
  const widths = layout.columnWidths;

  test("column A is as wide as the stage names, not the labels", () => {
    const heading = String(layout.rows[layout.table.firstRow - 1][0]!.value);
    const widest = Math.max(...[...STAGE_NAMES, heading].map((s) => s.length));
    expect(widths[0]).toBeGreaterThanOrEqual(widest + 2);
    expect(widths[0]).toBeLessThanOrEqual(widest * 1.1 + 3);
  });

  test("every label runs across the empty B and C and ends before its value in D", () => {
    const named = new Set(layout.names.map((n) => rowOf(n.address) - 1));
    const labelled = layout.rows.filter((_, r) => named.has(r));
    expect(labelled.length).toBe(layout.names.length);
    const room = widths.slice(0, VALUE_COLUMN).reduce((sum, w) => sum + w, 0);
    for (const row of labelled) {
      expect(row.slice(1, VALUE_COLUMN).every((cell) => !cell || shownText(cell) === "")).toBe(true);
      expect(room).toBeGreaterThanOrEqual(String(row[0]!.value).length * 1.1);
    }
    for (const { address } of layout.names) expect(address.startsWith(columnLetter(VALUE_COLUMN))).toBe(true);
  });

  test("every table column holds its heading and what its cells show, with room to spare", () => {
    const { firstRow, columns } = layout.table;
    const values = new Set(layout.names.map((n) => n.address));
    for (let c = 0; c < columns; c++) {
      const table = layout.rows.slice(firstRow - 1, firstRow + STAGE_NAMES.length).map((row) => row[c]!);
      const below = cells(layout).filter((x) => values.has(`${columnLetter(c)}${x.r + 1}`) && x.c === c);
      const shown = [...table, ...below.map((x) => x.cell)].map((cell) => shownText(cell).length);
      for (const length of shown) expect(widths[c]).toBeGreaterThanOrEqual(length + 2);
      expect(widths[c]).toBeLessThanOrEqual(Math.max(...shown) * 1.1 + 5);
    }
  });

  test("the answer comes first and stays: title, table and crossover frozen above the inputs", () => {
    const { frozenRows, printArea, orientation } = layout.page;
    const crossoverRow = rowOf(layout.chart.crossoverClips);
    expect(frozenRows).toBe(crossoverRow);
    expect(layout.table.firstRow + STAGE_NAMES.length).toBeLessThan(frozenRows);
    const inputRows = cells(layout)
      .filter(({ cell }) => cell.role === "input")
      .map(({ r }) => r + 1);
    expect(Math.min(...inputRows)).toBeGreaterThan(frozenRows);
    expect(printArea).toBe(`A1:${columnLetter(layout.table.columns - 1)}${layout.rows.length}`);
    expect(orientation).toBe("landscape");
  });

  test("the download's note on the chart is its only difference from Insert's sheet", () => {
    const download = sheetLayout(plan, "", { chartNote: true });
    const noteRow = layout.table.firstRow + STAGE_NAMES.length;
    expect(layout.rows[noteRow]).toEqual([]);
    expect(download.rows[noteRow]).toEqual([
      {
        value:
          `No chart in this file: select ${layout.chart.sourceRange}, then Insert > Chart > Scatter;` +
          " Excel and LibreOffice draw it from the table.",
        role: "note",
      },
    ]);
    expect({ ...download, rows: download.rows.filter((_, r) => r !== noteRow) }).toEqual({
      ...layout,
      rows: layout.rows.filter((_, r) => r !== noteRow),
    });
  });

  test("every formula cell carries a cached value; constants carry none", () => {
    for (const { cell } of cells(layout)) {
      const formula: LayoutCell["formula"] = cell.formula;
      if (formula === undefined) expect(cell.cached).toBeUndefined();
      else expect(cell.cached).toBeDefined();
    }
  });
});

describe("the unit beside a field that may be left blank", () => {
  /** The text of the row labelled `label`: every cell's shown text. */
  const rowText = (plan: Plan, label: string) => {
    const row = sheetLayout(plan).rows.find((cells) => cells[0]?.value === label)!;
    return row.map((cell) => (cell ? shownText(cell) : "")).join(" | ");
  };

  test("says what a blank stands for, typed or not: emptying the cell brings the default back", () => {
    expect(rowText(EXAMPLE_PLAN, "Launch: clips per interval")).toContain("(blank = the crossover)");
    const typed = rowText({ ...EXAMPLE_PLAN, launchClips: 540_000_000 }, "Launch: clips per interval");
    expect(typed).toContain("540,000,000");
    expect(typed).toContain("(blank = the crossover)");
    const scale = rowText({ ...EXAMPLE_PLAN, scaleClips: 5_000_000 }, "Scale: clips per interval");
    expect(scale).toContain("(blank = clips per second × interval)");
  });

  test("a blank input is an empty blue cell; the default and the used value are rows of their own below it", () => {
    const layout = sheetLayout(EXAMPLE_PLAN);
    for (const key of ["launchClips", "scaleClips"] as const) {
      const field = planField(key);
      const input = layout.inputs[key]!;
      expect(cellAt(layout, input)).toEqual({ numberFormat: expect.any(String), role: "input" });
      const row = rowOf(input);
      expect(layout.rows[row][0]!.value).toBe(defaultRowLabel(field));
      expect(layout.rows[row + 1][0]!.value).toBe(usedRowLabel(field));
      expect(namedAddress(layout, field.definedName)).toBe(`${columnLetter(VALUE_COLUMN)}${row + 2}`);
      expect(cellAt(layout, namedAddress(layout, field.definedName))!.formula).toBe(
        `IF(ISBLANK(${input}),${columnLetter(VALUE_COLUMN)}${row + 1},${input})`,
      );
    }
  });
});
