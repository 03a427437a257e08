/*
 * The one row vocabulary every sheet is written in (src/core/sheet/rows.ts): where each call's row lands,
 * a labelled row in each sheet's declared columns, names with the sheet's suffix, keyed rows, sections.
 */
import fc from "fast-check";
import { figureCell, LabelledColumns, Row, RowsBuilder, valueColumnOf } from "../../../src/core/sheet/rows";
import { problem } from "../../../src/core/model/problems";
import type { LayoutCell } from "../../../src/core/sheet/cell";

/** Each sheet's labelled columns as they declare them (annual, stage, what-if, budget). */
const ANNUAL: LabelledColumns = { order: ["label", "gap", "value", "unit"], crossoverFills: ["gap"] };
const STAGE: LabelledColumns = { order: ["label", "gap", "gap", "value", "unit"], crossoverFills: ["gap"] };
const WHAT_IF: LabelledColumns = { order: ["label", "unit", "value"], crossoverFills: ["unit"] };
const BUDGET: LabelledColumns = { order: ["label", "value", "unit"], crossoverFills: [], blankUnitOmitted: true };

const suffixed = (base: string) => `${base}_2`;
const builder = (top = 5, columns: LabelledColumns = ANNUAL) => new RowsBuilder<string>(top, suffixed, columns);
const value: LayoutCell = { value: 7, role: "input" };

describe("figureCell", () => {
  test("carries the formula, the model's value as its cached value, the format and the role", () => {
    expect(figureCell("A1*2", 14, "0.0", "stage")).toEqual({
      formula: "A1*2",
      cached: 14,
      numberFormat: "0.0",
      role: "stage",
    });
  });
  test("is a derived figure unless told, and caches a problem or a non-finite value as Excel's error", () => {
    expect(figureCell("1/0", problem("divisionByZero", "no"), "0").cached).toEqual({ error: "#DIV/0!" });
    expect(figureCell("1/0", Infinity, "0").cached).toEqual({ error: "#NUM!" });
    expect(figureCell("A1", 1, "0").role).toBe("derived");
  });
});

describe("where rows land", () => {
  test("push, blank, note and heading return the sheet row they wrote, counted from top", () => {
    const rows = builder(5);
    expect(rows.nextRow).toBe(5);
    expect(rows.lastRow).toBe(4);
    expect(rows.push([{ value: "Title", role: "title" }])).toBe(5);
    expect(rows.blank(3)).toBe(6);
    expect(rows.note("A note")).toBe(9);
    expect(rows.heading("Inputs")).toBe(11);
    expect(rows.rows[rows.heading("Inputs") - 5]).toEqual([{ value: "Inputs", role: "section" }]);
    expect(rows.rows.slice(4, 6)).toEqual([[{ value: "A note", role: "note" }], []]);
    expect(rows.span()).toEqual({ first: 5, last: 13 });
  });

  test("a heading that opens a section the sheet spaces itself comes without the empty row", () => {
    const rows = builder(3);
    expect(rows.heading("1. Scenarios", { spaced: false })).toBe(3);
    expect(rows.rows).toEqual([[{ value: "1. Scenarios", role: "section" }]]);
  });

  test("every call's returned row holds what that call wrote, whatever came before (any sequence of calls)", () => {
    type Call = { kind: "push" | "note" | "heading" | "labelled"; text: string } | { kind: "blank"; count: number };
    const call: fc.Arbitrary<Call> = fc.oneof(
      fc.record({
        kind: fc.constantFrom("push", "note", "heading", "labelled"),
        text: fc.string(),
      }) as fc.Arbitrary<Call>,
      fc.record({ kind: fc.constant("blank" as const), count: fc.nat(4) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.array(call, { maxLength: 30 }), (top, calls) => {
        const rows = builder(top);
        for (const c of calls) {
          if (c.kind === "blank") {
            const first = rows.blank(c.count);
            expect(rows.rows.slice(first - top)).toEqual(Array.from({ length: c.count }, () => []));
            continue;
          }
          const written: Row = [{ value: c.text, role: "label" }];
          const row =
            c.kind === "push"
              ? rows.push(written)
              : c.kind === "note"
                ? rows.note(c.text)
                : c.kind === "heading"
                  ? rows.heading(c.text)
                  : Number(rows.labelled(c.text, value, "h").slice(1));
          expect(row).toBe(rows.lastRow);
          expect(rows.rows[row - top][0]?.value).toBe(c.text);
        }
        expect(rows.nextRow).toBe(top + rows.rows.length);
      }),
    );
  });

  test("a note wrapped in rows of at most its width, every word kept in order", () => {
    const rows = builder(1);
    const text = "one two three four five six seven eight nine ten eleven twelve";
    rows.wrappedNote(text, 15);
    const lines = rows.rows.map((row) => String(row[0]?.value));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(15);
    expect(lines.join(" ")).toBe(text);
    expect(rows.rows.every((row) => row.length === 1 && row[0]?.role === "note")).toBe(true);
  });
});

describe("a labelled row in each sheet's declared columns", () => {
  test("the annual's: label, the empty B, the value in C, the unit; a crossover fills B", () => {
    const rows = builder(1, ANNUAL);
    expect(valueColumnOf(ANNUAL)).toBe(2);
    expect(rows.labelled("Hours", value, "h")).toBe("C1");
    rows.labelled("Share", value, "of all", { role: "crossover" });
    expect(rows.rows).toEqual([
      [{ value: "Hours", role: "label" }, null, value, { value: "h", role: "unit" }],
      [{ value: "Share", role: "crossover" }, { role: "crossover" }, value, { value: "of all", role: "unit" }],
    ]);
  });

  test("the stage's: the label over B and C, the value in D, named with the sheet's suffix", () => {
    const rows = builder(10, STAGE);
    expect(rows.labelled("Training hours", value, "h", { name: "TrainingHours" })).toBe("D10");
    expect(rows.names).toEqual([{ name: "TrainingHours_2", address: "D10" }]);
    expect(rows.rows[0]).toEqual([
      { value: "Training hours", role: "label" },
      null,
      null,
      value,
      { value: "h", role: "unit" },
    ]);
  });

  test("the what-if's: label and unit, then its cells from C; a crossover marks its unit", () => {
    const rows = builder(3, WHAT_IF);
    const other: LayoutCell = { value: 8, role: "input" };
    expect(rows.labelled("Crossover", [value, null, other], "clips", { role: "crossover" })).toBe("C3");
    expect(rows.rows[0]).toEqual([
      { value: "Crossover", role: "crossover" },
      { value: "clips", role: "crossover" },
      value,
      null,
      other,
    ]);
  });

  test("the budget's: label, value, unit, the unit left out when blank; registered under its key", () => {
    const rows = builder(2, BUDGET);
    rows.labelled("Check", value, "", { key: "check" });
    rows.labelled("Months", value, "months", { key: "months", name: "BudgetMonths" });
    expect(rows.rows).toEqual([
      [{ value: "Check", role: "label" }, value],
      [{ value: "Months", role: "label" }, value, { value: "months", role: "unit" }],
    ]);
    expect(rows.keys()).toEqual({ check: 2, months: 3 });
    expect(rows.names).toEqual([{ name: "BudgetMonths_2", address: "B3" }]);
  });
});

describe("keyed rows, names, validations", () => {
  test("a row registered under a key is found by it; a key never registered is a fault that throws", () => {
    const rows = builder(4);
    rows.push([], "reserved");
    rows.push([{ value: "x", role: "label" }], "x");
    expect(rows.rowOf("x")).toBe(5);
    expect(rows.has("reserved")).toBe(true);
    expect(rows.has("y")).toBe(false);
    expect(() => rows.rowOf("y")).toThrow(/No row y/);
    rows.setRow(rows.rowOf("reserved"), [{ value: "filled later", role: "note" }]);
    expect(rows.rows[0]).toEqual([{ value: "filled later", role: "note" }]);
  });

  test("name names a cell of the last row with the sheet's suffix; validate keeps only a validation there is", () => {
    const rows = builder(7);
    rows.push([null, null, null, value]);
    expect(rows.name("Base", 3)).toBe("D7");
    expect(rows.names).toEqual([{ name: "Base_2", address: "D7" }]);
    rows.validate(undefined);
    rows.validate("D7 at least 0");
    expect(rows.validations).toEqual(["D7 at least 0"]);
  });
});

describe("sections", () => {
  test("a section written from the next row joins with its rows, names and validations, and is given back", () => {
    const sheet = builder(1);
    sheet.note("Title");
    const part = builder(sheet.nextRow);
    part.labelled("Hours", value, "h", { name: "Hours" });
    part.validate("C2 a number");
    const section = { ...part.section(), extra: 42 };
    expect(sheet.add(section).extra).toBe(42);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.names).toEqual([{ name: "Hours_2", address: "C2" }]);
    expect(sheet.validations).toEqual(["C2 a number"]);
    expect(sheet.nextRow).toBe(3);
  });

  test("a section written from another row is refused: every reference to its own rows would be wrong", () => {
    const sheet = builder(1);
    sheet.note("Title");
    const misplaced = builder(5);
    misplaced.note("Lost");
    expect(() => sheet.add(misplaced.section())).toThrow(/written from row 5 added at row 2/);
    expect(sheet.rows).toHaveLength(1);
  });
});
