/*
 * The worksheet the task pane generates, as plain data: every cell's constant or formula, its
 * number format and role, the defined names and the stage table. One module produces it for
 * both writers (Excel through Office.js, an .xlsx through ExcelJS), and the tests evaluate the
 * same cells in real spreadsheet engines. The inputs are the model's PLAN_FIELDS, the table's
 * columns STAGE_COLUMNS. The formulas are native Excel, over defined names, so a reader without
 * the add-in (Excel, LibreOffice, Google Sheets) sees the same numbers. They restate the
 * model's formulas in Excel's language; test/sheet checks every cell against src/model.
 */
import {
  FIELD_GROUPS,
  Plan,
  PLAN_FIELDS,
  PlanField,
  planField,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  STAGE_NAMES,
} from "../model";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "./formats";
import { RowContext, StageColumn, stageColumnsFor, StageColumnKey } from "./stageColumns";

/** What a cell is for; writers style by it. */
export type CellRole =
  "title" | "note" | "section" | "label" | "input" | "unit" | "derived" | "crossover" | "header" | "stage";

/** One cell: a constant or a formula (without the leading "="), with its format and role. */
export interface LayoutCell {
  value?: number | string;
  formula?: string;
  numberFormat?: string;
  role: CellRole;
}

/** A workbook-scoped defined name and the cell it points at. */
export interface LayoutName {
  name: string;
  /** A1 address on the generated sheet, such as "B5" */
  address: string;
}

/** The generated sheet. Rows start at A1; a row may be shorter than the widest. */
export interface SheetLayout {
  rows: (LayoutCell | null)[][];
  names: LayoutName[];
  /** the stage table: header row and three stage rows */
  table: { name: string; range: string; firstRow: number; columns: number };
  /** the chart's data: clips (x), then serving and training hours (y), header row included */
  chart: { sourceRange: string; crossoverClips: string; crossoverHours: string };
  /** column widths in characters */
  columnWidths: number[];
}

/** The figures the sheet derives from the inputs, each in a named cell above the stage table. */
const DERIVED: readonly {
  name: string;
  label: string;
  unit: string;
  numberFormat: string;
  formula: (n: (base: string) => string) => string;
}[] = [
  {
    name: "EffectiveTrainingHours",
    label: "Training hours per interval, with overhead",
    unit: "accelerator-hours",
    numberFormat: NUMBER_FORMAT.hours,
    formula: (n) => `${n("TrainingHours")}*${n("TrainingOverhead")}`,
  },
  {
    name: "EffectiveSecondsPerClip",
    label: "Serving seconds per clip, with peak-to-mean",
    unit: "accelerator-seconds",
    numberFormat: NUMBER_FORMAT.seconds,
    formula: (n) => `${n("SecondsPerClip")}*${n("PeakToMean")}`,
  },
  {
    name: "Crossover",
    label: "Crossover: clips per interval where serving = training",
    unit: "clips per interval",
    numberFormat: NUMBER_FORMAT.clips,
    formula: (n) => `${n("EffectiveTrainingHours")}*${SECONDS_PER_HOUR}/${n("EffectiveSecondsPerClip")}`,
  },
];

/** What a blank optional field becomes in the sheet: a formula over the other names. */
const BLANK_FORMULAS: Partial<Record<keyof Plan, (n: (base: string) => string) => string>> = {
  launchClips: (n) => n("Crossover"),
  scaleClips: (n) => `${n("ClipsPerSecond")}*${n("IntervalDays")}*${SECONDS_PER_DAY}`,
};

/** Every defined name a sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const BASE_NAMES: readonly string[] = [...PLAN_FIELDS.map((f) => f.definedName), ...DERIVED.map((d) => d.name)];

/** The base name of the stage table. */
export const TABLE_NAME = "CostStages";

/** Column letter of a zero-based index (A..Z is all the sheet needs). */
export const columnLetter = (index: number): string => String.fromCharCode(65 + index);

/** An absolute reference to a cell of a sheet, as defined names hold it: 'Cost stages'!$B$5. */
export function absoluteReference(sheetName: string, address: string): string {
  const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
  return `'${sheetName.replace(/'/g, "''")}'!$${column}$${row}`;
}

/**
 * Text a planner typed, as it will show: trimmed, otherwise as typed. It is safe because it only
 * ever reaches a cell as text (the Excel writer formats such cells as Text before writing them
 * through `values`; the .xlsx writer stores them as shared strings), never because of what it
 * holds: "= =1+1" stays the text "= =1+1".
 */
export function safeText(text: string): string {
  return text.trim();
}

/** Whether a field has a row in the sheet for `plan`: the money rows only when there is a price. */
function fieldShown(field: PlanField, plan: Plan): boolean {
  if (field.group !== "money") return true;
  return plan.pricePerHour !== undefined && (field.key !== "currency" || Boolean(plan.currency));
}

/**
 * The generated sheet for `plan`. `nameSuffix` ("" or "_2", ...) keeps defined names and the
 * table name unique when the workbook already has an earlier copy.
 */
export function sheetLayout(plan: Plan, nameSuffix = ""): SheetLayout {
  const n = (base: string) => base + nameSuffix;
  const rows: (LayoutCell | null)[][] = [];
  const names: LayoutName[] = [];
  const priced = plan.pricePerHour !== undefined;
  const costFormat = currencyFormat(plan.currency);

  /** Adds a labelled row whose value cell (column B) carries a defined name. */
  const namedRow = (name: string, text: string, cell: LayoutCell, unitText: string, role: CellRole = "label") => {
    rows.push([{ value: text, role }, cell, { value: unitText, role: "unit" }]);
    names.push({ name: n(name), address: `B${rows.length}` });
  };
  const inputCell = (field: PlanField): LayoutCell => {
    const value = plan[field.key];
    if (value === undefined)
      return { formula: BLANK_FORMULAS[field.key]!(n), numberFormat: inputFormat(field.quantity), role: "input" };
    if (typeof value === "string") return { value: safeText(value), numberFormat: NUMBER_FORMAT.text, role: "input" };
    return {
      value,
      numberFormat: field.quantity === "price" ? costFormat : inputFormat(field.quantity),
      role: "input",
    };
  };

  rows.push([{ value: "ML compute spend: training half vs serving half, at three stages", role: "title" }]);
  rows.push([
    {
      value:
        "Accelerator-hours per retrain interval. Blue cells are inputs: change them and every formula below" +
        " recalculates.",
      role: "note",
    },
  ]);
  for (const { group, heading } of FIELD_GROUPS) {
    const fields = PLAN_FIELDS.filter((field) => field.group === group && fieldShown(field, plan));
    if (fields.length === 0) continue;
    rows.push([]);
    rows.push([{ value: heading, role: "section" }]);
    for (const field of fields) {
      const unit =
        field.blankMeans !== undefined && field.key !== "currency"
          ? `${field.unit} (default: ${field.blankMeans})`
          : field.unit;
      namedRow(field.definedName, field.label, inputCell(field), unit);
    }
  }
  rows.push([]);
  rows.push([{ value: "Derived", role: "section" }]);
  for (const derived of DERIVED) {
    const role: CellRole = derived.name === "Crossover" ? "crossover" : "derived";
    namedRow(
      derived.name,
      derived.label,
      { formula: derived.formula(n), numberFormat: derived.numberFormat, role },
      derived.unit,
      role === "crossover" ? role : "label",
    );
  }

  rows.push([]);
  const columns = stageColumnsFor(priced);
  const heading = (column: StageColumn) =>
    column.key === "cost" && plan.currency ? `Cost (${safeText(plan.currency)})` : column.heading;
  rows.push(columns.map((column) => ({ value: heading(column), role: "header" as const })));
  const firstRow = rows.length;
  STAGE_NAMES.forEach((stage, i) => {
    const r = rows.length + 1;
    const context: RowContext = {
      cell: (key) => `${columnLetter(columns.findIndex((c) => c.key === key))}${r}`,
      name: n,
      stageClips: n(planField(STAGE_CLIP_FIELDS[i]).definedName),
    };
    rows.push(
      columns.map((column): LayoutCell => {
        if (!column.formula) return { value: stage, role: "stage" };
        const numberFormat = column.kind === "money" ? costFormat : column.numberFormat;
        return { formula: column.formula(context), numberFormat, role: "stage" };
      }),
    );
  });
  const lastColumn = columnLetter(columns.length - 1);
  const last = firstRow + STAGE_NAMES.length;
  const column = (key: StageColumnKey) => columnLetter(columns.findIndex((c) => c.key === key));
  return {
    rows,
    names,
    table: {
      name: TABLE_NAME + nameSuffix,
      range: `A${firstRow}:${lastColumn}${last}`,
      firstRow,
      columns: columns.length,
    },
    chart: {
      sourceRange: `${column("clipsPerInterval")}${firstRow}:${column("trainingHours")}${last}`,
      crossoverClips: names.find((x) => x.name === n("Crossover"))!.address,
      crossoverHours: names.find((x) => x.name === n("EffectiveTrainingHours"))!.address,
    },
    columnWidths: [52, 18, 16, 16, 16, 18, 18, 16, 18],
  };
}

/** The plan fields that hold each stage's clips per interval, in STAGE_NAMES order. */
const STAGE_CLIP_FIELDS: readonly (keyof Plan)[] = ["prototypeClips", "launchClips", "scaleClips"];

/** The used rectangle's width: the widest row. */
export const layoutWidth = (layout: SheetLayout): number => Math.max(...layout.rows.map((row) => row.length));

/** The A1 range of the whole layout, such as "A1:I30". */
export const layoutRange = (layout: SheetLayout): string =>
  `A1:${columnLetter(layoutWidth(layout) - 1)}${layout.rows.length}`;
