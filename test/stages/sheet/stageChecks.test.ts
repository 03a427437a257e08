/*
 * The stage sheet's checks, tried as a reviewer would: each kind of bad input typed into the sheet (a negative time,
 * a zero interval, a peak-to-mean under 1, an emptied required input, a number over a table formula, over the
 * crossover), and the master check at the top names the check that fails, in HyperFormula and IronCalc over the
 * layout and in LibreOffice over the saved .xlsx edited at the XML level; untouched, every engine reads OK. Every
 * check formula is at most three functions deep.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { sheetLayout, SheetLayout } from "../../../src/stages/sheet/stageLayout";
import { stageWorkbookBytes } from "../../../src/stages/sheet/stagesXlsx";
import { BASE_SHEET_NAME } from "../../../src/core/sheet/collisions";
import {
  BadInput,
  expectedInEngines,
  expectedInLibreOffice,
  deepCheckFormulas,
  masterCheckAddress,
  masterInEngines,
  masterInLibreOffice,
} from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import { stageTableAddress } from "../../support/stageModel";
import { sofficePath } from "../../support/libreoffice";
import { LIBREOFFICE_MS } from "../../support/deadlines";

const PRICED: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD" };

/** The bad inputs a reviewer tries on `layout`, each with the check that must name it. */
function badInputs(layout: SheetLayout): BadInput[] {
  const at = (name: string) => namedAddress(layout, name);
  return [
    {
      what: "a negative time per clip",
      edits: [[at("SecondsPerClip"), -0.04]],
      fails: "Serving time per clip: more than 0",
    },
    { what: "a zero interval", edits: [[at("IntervalDays"), 0]], fails: "Retrain interval: more than 0" },
    { what: "peak-to-mean under 1", edits: [[at("PeakToMean"), 0.5]], fails: "Peak-to-mean: 1 or more" },
    {
      what: "a negative training run",
      edits: [[at("TrainingHours"), -600]],
      fails: "Training run per retrain: 0 or more",
    },
    {
      what: "an emptied required input",
      edits: [[at("TrainingHours"), null]],
      fails: "Training run per retrain: 0 or more",
    },
    {
      what: "a number over a serving formula",
      edits: [[stageTableAddress(layout, "Scale", "servingHours"), 20_000]],
      fails: "Serving hours, two routes",
    },
    {
      what: "a number over a total",
      edits: [[stageTableAddress(layout, "Launch", "totalHours"), 1]],
      fails: "Total hours, two routes",
    },
    { what: "a number over the crossover", edits: [[at("CrossoverClips"), 1e6]], fails: "The crossover, two routes" },
  ];
}

/** The bad inputs of a priced sheet: a number over a cost too. */
const pricedBadInputs = (layout: SheetLayout): BadInput[] => [
  ...badInputs(layout),
  {
    what: "a number over a cost",
    edits: [[stageTableAddress(layout, "Scale", "cost"), 1]],
    fails: "Costs, two routes",
  },
];

test.each([
  ["the worked example", EXAMPLE_PLAN],
  ["a priced plan", PRICED],
])("%s: the master check reads OK untouched and names each bad input, in HyperFormula and IronCalc", (_, plan) => {
  const layout = sheetLayout(plan);
  const bad = plan.pricePerHour !== undefined ? pricedBadInputs(layout) : badInputs(layout);
  expect(masterInEngines(layout, BASE_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
});

test("the master check sits at the top, frozen in view; no check formula is over three functions deep", () => {
  const layout = sheetLayout(PRICED);
  const master = masterCheckAddress(layout);
  expect(Number(master.slice(1))).toBeLessThanOrEqual(layout.page.frozenRows);
  expect(deepCheckFormulas(layout)).toEqual([]);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the stage sheet's checks in LibreOffice are skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with each bad input typed in, recalculated by LibreOffice: the master check names it",
  async () => {
    const layout = sheetLayout(PRICED, "", { chartNote: true });
    const bad = pricedBadInputs(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-stage-checks-"));
    const words = await masterInLibreOffice(
      await stageWorkbookBytes(PRICED),
      BASE_SHEET_NAME,
      masterCheckAddress(layout),
      bad,
      folder,
    );
    expect(words).toEqual(expectedInLibreOffice(bad));
  },
  LIBREOFFICE_MS,
);
