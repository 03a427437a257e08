/*
 * The what-if sheet's checks, tried as a reviewer would: each kind of bad input typed into a scenario column or a
 * control (a negative time, a zero interval, a peak-to-mean under 1, an emptied required input, a serving share
 * typed as 90 for 90%, a move of -150%, a base that names no scenario) and a number typed over each kind of formula
 * row (a derived figure, the traffic used, a total, the crossover, a share, a change against the base); the master
 * check at the top names the check that fails, in HyperFormula and IronCalc over the layout and in LibreOffice over
 * the saved .xlsx edited at the XML level; untouched, every engine reads OK. No check formula is over three deep.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { WHAT_IF_SHEET_NAME, whatIfLayout, WhatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";
import { isProblem } from "../../../src/core/model/problems";
import {
  BadInput,
  deepCheckFormulas,
  expectedInEngines,
  expectedInLibreOffice,
  masterCheckAddress,
  masterInEngines,
  masterInLibreOffice,
} from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import { sofficePath } from "../../support/libreoffice";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { unwrap } from "../../support/unwrap";

function layoutOf(chartNote = false): WhatIfLayout {
  const layout = whatIfLayout(undefined, "", { chartNote });
  if (isProblem(layout)) throw new Error(layout.message);
  return layout;
}

/** The address of the row labelled `label` in the scenarios' section, in column `letter`. */
function scenarioCell(layout: WhatIfLayout, label: string, letter: string): string {
  const { first, last } = layout.sections.scenarios;
  const r = layout.rows.findIndex((row, i) => i + 1 >= first && i + 1 <= last && row[0]?.value === label);
  if (r < 0) throw new Error(`No row ${label} among the scenarios.`);
  return `${letter}${r + 1}`;
}

/** The bad inputs a reviewer tries on `layout`, each with the check that must name it. */
function badInputs(layout: WhatIfLayout): BadInput[] {
  const input = (key: keyof typeof layout.scenarios.inputRows, letter: string) =>
    `${letter}${layout.scenarios.inputRows[key]}`;
  const at = (label: string, letter: string) => scenarioCell(layout, label, letter);
  return [
    {
      what: "a negative time per clip",
      edits: [[input("secondsPerClip", "D"), -0.04]],
      fails: "D: Serving time per clip: more than 0",
    },
    { what: "a zero interval", edits: [[input("intervalDays", "E"), 0]], fails: "E: Retrain interval: more than 0" },
    { what: "peak-to-mean under 1", edits: [[input("peakToMean", "C"), 0.5]], fails: "C: Peak-to-mean: 1 or more" },
    {
      what: "an emptied required input",
      edits: [[input("trainingHours", "C"), null]],
      fails: "C: Training run per retrain: 0 or more",
    },
    {
      what: "a serving share typed without its percent",
      edits: [[namedAddress(layout, "WhatIfServingShare"), 90]],
      fails: "Serving share of the bill: from 0% to 100%",
    },
    {
      what: "a move of -150%",
      edits: [[namedAddress(layout, "WhatIfLowMove"), -1.5]],
      fails: "Low move: more than -100%",
    },
    {
      what: "a base naming no scenario",
      edits: [[layout.scenarios.base, "Nobody"]],
      fails: "The base scenario is a scenario",
    },
    {
      what: "a number over a derived figure",
      edits: [[at("Seconds per clip, with peak-to-mean", "C"), 1]],
      fails: "C: stage hours, two routes",
    },
    {
      what: "a number over a total",
      edits: [[at("Total hours at Launch", "E"), 1]],
      fails: "E: stage hours, two routes",
    },
    {
      what: "a number over the crossover",
      edits: [[at("Crossover", "D"), 1e6]],
      fails: "D: the crossover, two routes",
    },
    {
      what: "a number over the traffic used",
      edits: [[at("Scale: clips per interval, used", "D"), 1]],
      fails: "D: traffic used, two routes",
    },
    {
      what: "a number over a share",
      edits: [[at("Training share at Scale", "E"), 0.5]],
      fails: "E: training shares, two routes",
    },
    {
      what: "a number over a change",
      edits: [[at("Total hours at Prototype", "G"), 1]],
      fails: "Total hours at Prototype: changes, two routes",
    },
  ];
}

test("the master check reads OK untouched and names each bad input, in HyperFormula and IronCalc", () => {
  const layout = layoutOf();
  const bad = badInputs(layout);
  expect(masterInEngines(layout, WHAT_IF_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
});

test("the master check sits under the title, the checks print after the targets; none is over three deep", () => {
  const layout = layoutOf();
  expect(masterCheckAddress(layout)).toBe("C3");
  const { checks, targets, workings } = layout.sections;
  expect(checks.first).toBe(targets.last + 2);
  expect(workings.first).toBe(checks.last + 2);
  expect(layout.page.printArea).toBe(`A1:K${checks.last}`);
  expect(layout.page.rowBreaks).toContain(targets.last);
  expect(deepCheckFormulas(layout)).toEqual([]);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the what-if sheet's checks in LibreOffice are skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with each bad input typed in, recalculated by LibreOffice: the master check names it",
  async () => {
    const layout = layoutOf(true);
    const bad = badInputs(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-whatif-checks-"));
    const bytes = unwrap(await whatIfWorkbookBytes());
    const words = await masterInLibreOffice(bytes, WHAT_IF_SHEET_NAME, masterCheckAddress(layout), bad, folder);
    expect(words).toEqual(expectedInLibreOffice(bad));
  },
  LIBREOFFICE_MS,
);
