/*
 * The what-if .xlsx as a planner meets it, in LibreOffice:
 *  - every formula's cached value (the model's) equals LibreOffice's own recalculation, within
 *    1e-12 relative, texts ("Not reachable: ...") and errors exactly; issue 11's figures among them;
 *  - a scenario input edited in the file (ExcelJS, then LibreOffice recalculating) moves every
 *    output that depends on it to the model's figures for the edited scenarios;
 *  - every number shows as formats.ts says it does;
 *  - it prints on three landscape pages, one per section, from the cached values alone. The PDF
 *    and a PNG of each page (Ghostscript) land in test-artifacts/.
 * Run alone: npx jest --config jest.e2e.config.js test/e2e/whatIfSheet.e2e.ts
 */
import { unwrap } from "../support/unwrap";
import { execFileSync } from "child_process";
import { copyFileSync, readFileSync } from "fs";
import { join } from "path";
import { Workbook } from "exceljs";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../src/stages/model/plan";
import { displayed } from "../../src/core/sheet/formats";
import { columnLetter } from "../../src/core/excel/a1";
import { CachedValue } from "../../src/core/sheet/cachedValues";
import { WHAT_IF_SHEET_NAME, WhatIfLayout, whatIfLayout } from "../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../src/whatIf/sheet/whatIfXlsx";
import {
  displayedWithLibreOffice,
  pdfPageCount,
  printWithLibreOffice,
  recalculateWithLibreOffice,
} from "../support/libreoffice";
import { formulaResults, sameResult, saveBytes } from "../support/formulaResults";
import { ARTIFACTS } from "./browser";

function layoutOf(state: ScenarioState<Plan>): WhatIfLayout {
  return unwrap(whatIfLayout(state, "", { chartNote: true }));
}

/** Writes the download of `state` to test-artifacts/`file`. */
async function download(state: ScenarioState<Plan>, file: string): Promise<string> {
  const bytes = unwrap(await whatIfWorkbookBytes(state));
  return saveBytes(bytes, ARTIFACTS, file);
}

/** Every formula cell's result on the sheet of a saved workbook. */
const results = (path: string) => formulaResults(path, WHAT_IF_SHEET_NAME);

const same = sameResult;

/** The layout's formula cells whose value in `actual` differs from `expected`'s cached one. */
function mismatches(expected: WhatIfLayout, actual: Map<string, CachedValue>, rows?: { first: number; last: number }) {
  return expected.rows.flatMap((row, r) =>
    row.flatMap((cell, c) => {
      if (cell?.formula === undefined) return [];
      if (rows && (r + 1 < rows.first || r + 1 > rows.last)) return [];
      const address = `${columnLetter(c)}${r + 1}`;
      const theirs = actual.get(address);
      return same(cell.cached, theirs)
        ? []
        : [`${address} =${cell.formula}: ${JSON.stringify(theirs)}, model ${JSON.stringify(cell.cached)}`];
    }),
  );
}

/** The address of the cell in column `letter` of the row labelled `label` in a section. */
function at(layout: WhatIfLayout, label: string, letter: string, section: keyof WhatIfLayout["sections"]): string {
  const { first, last } = layout.sections[section];
  const r = layout.rows.findIndex((row, i) => i + 1 >= first && i + 1 <= last && row[0]?.value === label);
  if (r < 0) throw new Error(`No row "${label}" in ${section}`);
  return `${letter}${r + 1}`;
}

const STATES: Record<string, ScenarioState<Plan>> = {
  "the defaults": DEFAULT_STAGE_SCENARIOS,
  "priced, typed traffic, a base with no training": {
    scenarios: [
      { name: "None", inputs: { ...EXAMPLE_PLAN, trainingHours: 0, launchClips: 1e6, pricePerHour: 2, currency: "€" } },
      { name: "Typed", inputs: { ...EXAMPLE_PLAN, launchClips: 1e8, scaleClips: 3e9, peakToMean: 2, pricePerHour: 2 } },
    ],
    baseIndex: 0,
  },
  // Excel's and LibreOffice's MATCH read ? and * as wildcards: the base "Q?" must not be taken for Q1 (issue 18).
  "names a lookup would read as wildcards (Q1, Q?, Q3, base Q?)": {
    scenarios: [
      { name: "Q1", inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 150, secondsPerClip: 0.05 } },
      { name: "Q?", inputs: { ...EXAMPLE_PLAN } },
      { name: "Q3", inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 400, secondsPerClip: 0.03 } },
      { name: "a*b~", inputs: { ...EXAMPLE_PLAN, trainingHours: 900 } },
    ],
    baseIndex: 1,
  },
};

test.each(Object.entries(STATES))(
  "%s: LibreOffice recalculates every formula to the model's value",
  async (_, state) => {
    const saved = await download(state, "what-if-recalculated.xlsx");
    const recalculated = await results(recalculateWithLibreOffice(saved));
    const layout = layoutOf(state);
    expect(mismatches(layout, recalculated)).toEqual([]);
    if (state === DEFAULT_STAGE_SCENARIOS) {
      // Issue 11's figures, as LibreOffice computes them from the sheet's formulas: at low (H) and at high (I),
      // right of the base, the planner's own ends and the ends used.
      const value = (label: string, letter: string) => recalculated.get(at(layout, label, letter, "sensitivity"));
      const close = (actual: CachedValue | undefined, expected: number) =>
        expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-12 * expected);
      close(value("Training run per retrain", "H"), 43_200_000);
      close(value("Training run per retrain", "I"), 64_800_000);
      close(value("Serving time per clip", "H"), 67_500_000);
      close(value("Serving time per clip", "I"), 45_000_000);
      close(value("Scale: clips per second", "H"), 54_000_000);
      close(value("Scale: clips per second", "I"), 54_000_000);
      close(recalculated.get(at(layout, "Scale: total hours = the hours budget", "C", "targets"))!, 0.02);
      expect(recalculated.get(at(layout, "Launch: serving hours = training hours", "C", "targets"))).toMatch(
        /^Not reachable: /,
      );
    }
  },
);

test("a scenario input edited in the file: LibreOffice moves every output that depends on it", async () => {
  const saved = await download(DEFAULT_STAGE_SCENARIOS, "what-if-edited.xlsx");
  const layout = layoutOf(DEFAULT_STAGE_SCENARIOS);
  const workbook = new Workbook();
  await workbook.xlsx.readFile(saved);
  const sheet = workbook.getWorksheet(WHAT_IF_SHEET_NAME)!;
  // Aggressive's per-clip time 30 ms -> 20 ms, and the base moved to Aggressive.
  sheet.getCell(`E${layout.scenarios.inputRows.secondsPerClip}`).value = 0.02;
  sheet.getCell(layout.scenarios.base).value = "Aggressive";
  await workbook.xlsx.writeFile(saved);
  const recalculated = await results(recalculateWithLibreOffice(saved));
  const edited: ScenarioState<Plan> = {
    scenarios: DEFAULT_STAGE_SCENARIOS.scenarios.map((s, i) => ({
      name: s.name,
      inputs: i === 2 ? { ...s.inputs, secondsPerClip: 0.02 } : s.inputs,
    })),
    baseIndex: 2,
  };
  const expected = layoutOf(edited);
  // The scenarios and the targets (same rows: the sensitivity's varied inputs are the same).
  expect(mismatches(expected, recalculated, expected.sections.scenarios)).toEqual([]);
  expect(mismatches(expected, recalculated, expected.sections.targets)).toEqual([]);
  expect(mismatches(expected, recalculated, expected.sections.workings)).toEqual([]);
  // Aggressive's crossover is now 600 × 3600 / 0.02 = 108,000,000 clips.
  expect(recalculated.get(at(layout, "Crossover", "E", "scenarios"))).toBeCloseTo(108e6, 3);
});

test("every number shows as formats.ts renders it", async () => {
  const saved = await download(DEFAULT_STAGE_SCENARIOS, "what-if-shown.xlsx");
  const shown = displayedWithLibreOffice(saved);
  const layout = layoutOf(DEFAULT_STAGE_SCENARIOS);
  const wrong: string[] = [];
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const value = cell?.formula !== undefined ? cell.cached : cell?.value;
      if (typeof value !== "number") return;
      const expected = displayed(value, cell!.numberFormat ?? "General");
      const actual = shown[r]?.[c];
      // General shortens a number to its column's width, which this renderer does not model.
      if (cell!.numberFormat === "General") return;
      if (actual !== expected) wrong.push(`${columnLetter(c)}${r + 1} ${value}: ${actual}, not ${expected}`);
    }),
  );
  expect(wrong).toEqual([]);
  // The changes as a planner reads them, signed: Conservative's crossover -10,800,000, -20.0%.
  expect(shown[Number(/\d+/.exec(at(layout, "Crossover", "F", "scenarios"))![0]) - 1].slice(2, 11)).toEqual([
    "43,200,000",
    "54,000,000",
    "72,000,000",
    "-10,800,000",
    "0",
    "+18,000,000",
    "-20.0%",
    "0.0%",
    "+33.3%",
  ]);
  // No money made up from hours: with no price the money budget says so.
  expect(shown.flat()).toContain("no price");
  expect(shown.flat().some((text) => /^11,400\.00/.test(text))).toBe(false);
  expect(shown.flat().filter((text) => /^-0(\.0+)?%?$/.test(text))).toEqual([]);
});

test("prints at a readable scale, each section starting a page, from the cached values; PDF and PNGs", () => {
  return download(DEFAULT_STAGE_SCENARIOS, "what-if.xlsx").then((saved) => {
    const pdf = printWithLibreOffice(saved);
    copyFileSync(pdf, join(ARTIFACTS, "what-if.pdf"));
    // At 75% (issue 28): each section's rows, then its right-hand columns, then the notes sheet; the checks (section
    // 4, 58 rows) take 4 of the 12, measured 2026-12-02 (8 before them).
    expect(pdfPageCount(pdf)).toBe(12);
    const text = execFileSync("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=txtwrite", "-sOutputFile=-", pdf], {
      encoding: "utf8",
    });
    // Landscape: each page's media box is wider than tall.
    const boxes = [...readFileSync(pdf, "latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/g)];
    expect(boxes.length).toBeGreaterThan(0);
    for (const [, width, height] of boxes) expect(Number(width)).toBeGreaterThan(Number(height));
    for (const heading of [
      "1. Scenarios side by side",
      "2. Sensitivity",
      "3. Targets for the base scenario",
      "4. Checks",
    ]) {
      expect(text).toContain(heading);
    }
    // Ghostscript draws each page, for a reader of the artifacts.
    execFileSync("gs", [
      "-q",
      "-dNOPAUSE",
      "-dBATCH",
      "-sDEVICE=png16m",
      "-r110",
      "-o",
      join(ARTIFACTS, "what-if-%d.png"),
      pdf,
    ]);
  });
});
