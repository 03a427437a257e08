/*
 * The worksheet the task pane generates, as plain data: every cell's constant or formula, its
 * number format and role, the defined names and the stage table. One module produces it for
 * both writers (Excel through Office.js, an .xlsx through ExcelJS), and the tests evaluate the
 * same cells in real spreadsheet engines. The formulas are native Excel, over defined names,
 * so a reader without the add-in (Excel, LibreOffice, Google Sheets) sees the same numbers.
 * They restate the model's formulas in Excel's language; test/sheet checks every cell against
 * src/model.
 */
import { Plan, SECONDS_PER_DAY, SECONDS_PER_HOUR, STAGE_COLUMNS, STAGE_NAMES } from "../model";

/** What a cell is for; writers style by it. */
export type CellRole = "title" | "note" | "section" | "label" | "input" | "unit" | "derived" | "crossover" | "header" | "stage";

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

/** The defined names, before any suffix that keeps them unique in a workbook. */
export const INPUT_NAMES = {
  trainingHours: "TrainingHours",
  trainingOverhead: "TrainingOverhead",
  secondsPerClip: "SecondsPerClip",
  peakToMean: "PeakToMean",
  intervalDays: "IntervalDays",
  clipsPerSecond: "ClipsPerSecond",
  pricePerHour: "PricePerHour",
  effectiveTrainingHours: "EffectiveTrainingHours",
  effectiveSecondsPerClip: "EffectiveSecondsPerClip",
  crossover: "Crossover",
  prototypeClips: "PrototypeClips",
  launchClips: "LaunchClips",
  scaleClips: "ScaleClips",
} as const;
export type InputKey = keyof typeof INPUT_NAMES;

/** The base name of the stage table. */
export const TABLE_NAME = "CostStages";

const FORMAT = {
  hours: "#,##0.00",
  clips: "#,##0",
  seconds: "0.000##",
  factor: '0.0#"x"',
  days: "#,##0",
  ratio: "General",
  share: "0.0%",
} as const;

/** Column letter of a zero-based index (A..Z is all the sheet needs). */
export const columnLetter = (index: number): string => String.fromCharCode(65 + index);

/** An absolute reference to a cell of a sheet, as defined names hold it: 'Cost stages'!$B$5. */
export function absoluteReference(sheetName: string, address: string): string {
  const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
  return `'${sheetName.replace(/'/g, "''")}'!$${column}$${row}`;
}

/** A currency written safely inside a number format: letters and symbols only, in quotes. */
export function currencyFormat(currency: string | undefined): string {
  const shown = (currency ?? "").replace(/["\\;\[\]]/g, "").trim().slice(0, 8);
  return shown ? `#,##0.00 "${shown}"` : "#,##0.00";
}

/** Text a planner typed, made safe to write as a constant (never read as a formula). */
export function safeText(text: string): string {
  return text.replace(/^[=+\-@]+/, "").trim();
}

/**
 * The generated sheet for `plan`. `nameSuffix` ("" or "_2", ...) keeps defined names and the
 * table name unique when the workbook already has an earlier copy.
 */
export function sheetLayout(plan: Plan, nameSuffix = ""): SheetLayout {
  const n = (key: InputKey) => INPUT_NAMES[key] + nameSuffix;
  const rows: (LayoutCell | null)[][] = [];
  const names: LayoutName[] = [];
  const label = (text: string): LayoutCell => ({ value: text, role: "label" });
  const unit = (text: string): LayoutCell => ({ value: text, role: "unit" });

  /** Adds a labelled row whose value cell (column B) carries a defined name. */
  const namedRow = (key: InputKey, text: string, cell: LayoutCell, unitText: string) => {
    rows.push([label(text), cell, unit(unitText)]);
    names.push({ name: n(key), address: `B${rows.length}` });
  };
  const input = (value: number, numberFormat: string): LayoutCell => ({ value, numberFormat, role: "input" });

  rows.push([{ value: "ML compute spend: training half vs serving half, at three stages", role: "title" }]);
  rows.push([{ value: "Accelerator-hours per retrain interval. Blue cells are inputs: change them and every formula below recalculates.", role: "note" }]);
  rows.push([]);
  rows.push([{ value: "Inputs", role: "section" }]);
  namedRow("trainingHours", "Training accelerator-hours per retrain", input(plan.trainingHours, FORMAT.hours), "accelerator-hours");
  namedRow("trainingOverhead", "Training overhead: failed runs and sweeps", input(plan.trainingOverhead, FORMAT.factor), "x (1 = none)");
  namedRow("secondsPerClip", "Accelerator-seconds of serving per clip", input(plan.secondsPerClip, FORMAT.seconds), "accelerator-seconds");
  namedRow("peakToMean", "Peak-to-mean provisioning for serving", input(plan.peakToMean, FORMAT.factor), "x (1 = billed as consumed)");
  namedRow("intervalDays", "Retrain interval", input(plan.intervalDays, FORMAT.days), "days");
  namedRow("clipsPerSecond", "Clips per second at scale", input(plan.clipsPerSecond, FORMAT.clips), "clips per second, averaged");
  const priced = plan.pricePerHour !== undefined;
  const costFormat = currencyFormat(plan.currency);
  if (priced) namedRow("pricePerHour", "Price per accelerator-hour", input(plan.pricePerHour!, costFormat), safeText(plan.currency ?? "") || "currency");

  rows.push([]);
  rows.push([{ value: "Derived", role: "section" }]);
  namedRow(
    "effectiveTrainingHours",
    "Training hours per interval, with overhead",
    { formula: `${n("trainingHours")}*${n("trainingOverhead")}`, numberFormat: FORMAT.hours, role: "derived" },
    "accelerator-hours",
  );
  namedRow(
    "effectiveSecondsPerClip",
    "Serving seconds per clip, with peak-to-mean",
    { formula: `${n("secondsPerClip")}*${n("peakToMean")}`, numberFormat: FORMAT.seconds, role: "derived" },
    "accelerator-seconds",
  );
  namedRow(
    "crossover",
    "Crossover: clips per interval where serving = training",
    { formula: `${n("effectiveTrainingHours")}*${SECONDS_PER_HOUR}/${n("effectiveSecondsPerClip")}`, numberFormat: FORMAT.clips, role: "crossover" },
    "clips per interval",
  );
  rows[rows.length - 1][0]!.role = "crossover";

  rows.push([]);
  rows.push([{ value: "Traffic at each stage", role: "section" }]);
  namedRow("prototypeClips", "Prototype: evaluation clips per interval", input(plan.prototypeClips, FORMAT.clips), "clips per interval");
  namedRow(
    "launchClips",
    "Launch: clips per interval",
    plan.launchClips === undefined ? { formula: n("crossover"), numberFormat: FORMAT.clips, role: "input" } : input(plan.launchClips, FORMAT.clips),
    "clips per interval (default: the crossover)",
  );
  namedRow(
    "scaleClips",
    "Scale: clips per interval",
    plan.scaleClips === undefined
      ? { formula: `${n("clipsPerSecond")}*${n("intervalDays")}*${SECONDS_PER_DAY}`, numberFormat: FORMAT.clips, role: "input" }
      : input(plan.scaleClips, FORMAT.clips),
    "clips per interval (default: clips per second x interval)",
  );

  rows.push([]);
  const header = [...STAGE_COLUMNS, ...(priced ? [`Cost${plan.currency ? ` (${safeText(plan.currency)})` : ""}`] : [])];
  rows.push(header.map((text) => ({ value: text, role: "header" as const })));
  const firstRow = rows.length;
  const stageClipNames: InputKey[] = ["prototypeClips", "launchClips", "scaleClips"];
  STAGE_NAMES.forEach((stage, i) => {
    const r = rows.length + 1;
    const lead = `MAX(F${r},1/F${r})`;
    const leadRounded = `ROUND(${lead},2-INT(LOG10(${lead})))`;
    const cells: LayoutCell[] = [
      { value: stage, role: "stage" },
      { formula: n(stageClipNames[i]), numberFormat: FORMAT.clips, role: "stage" },
      { formula: `B${r}*${n("effectiveSecondsPerClip")}/${SECONDS_PER_HOUR}`, numberFormat: FORMAT.hours, role: "stage" },
      { formula: n("effectiveTrainingHours"), numberFormat: FORMAT.hours, role: "stage" },
      { formula: `C${r}+D${r}`, numberFormat: FORMAT.hours, role: "stage" },
      { formula: `C${r}/D${r}`, numberFormat: FORMAT.ratio, role: "stage" },
      // The model's dominantHalf: larger half over smaller to three significant figures.
      { formula: `IF(${leadRounded}=1,"equal",IF(F${r}>1,"serving, ","training, ")&${leadRounded}&"x")`, role: "stage" },
      { formula: `D${r}/E${r}`, numberFormat: FORMAT.share, role: "stage" },
    ];
    if (priced) cells.push({ formula: `E${r}*${n("pricePerHour")}`, numberFormat: costFormat, role: "stage" });
    rows.push(cells);
  });
  const lastColumn = columnLetter(header.length - 1);
  const last = firstRow + STAGE_NAMES.length;
  return {
    rows,
    names,
    table: { name: TABLE_NAME + nameSuffix, range: `A${firstRow}:${lastColumn}${last}`, firstRow, columns: header.length },
    chart: {
      sourceRange: `B${firstRow}:D${last}`,
      crossoverClips: names.find((x) => x.name === n("crossover"))!.address,
      crossoverHours: names.find((x) => x.name === n("effectiveTrainingHours"))!.address,
    },
    columnWidths: [52, 18, 16, 16, 16, 18, 18, 16, 18],
  };
}

/** The used rectangle's width: the widest row. */
export const layoutWidth = (layout: SheetLayout): number => Math.max(...layout.rows.map((row) => row.length));

/** The A1 range of the whole layout, such as "A1:I30". */
export const layoutRange = (layout: SheetLayout): string => `A1:${columnLetter(layoutWidth(layout) - 1)}${layout.rows.length}`;
