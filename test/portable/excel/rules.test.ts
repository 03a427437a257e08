/*
 * MLCOST calls outside cells, inside Excel: conditional formats and data validation are not
 * converted from inside Excel, so the scan and the conversion list every one that calls MLCOST,
 * and say what was not checked (an Excel without the set, a kind of rule not read).
 */
import { convertWorkbook, scanWorkbook } from "../../../src/portable/excel";
import { convertView, scanView } from "../../../src/portable/pane/portableExcelReport";
import { installFakeExcel, FakeSeed } from "../../support/fakeExcel";
import { MIXED } from "./workbooks";

const WITH_RULES: FakeSeed = {
  ...MIXED,
  conditionalFormats: {
    Budget: [
      { range: "A1:A5", type: "Custom", formula: "=A1>MLCOST.CROSSOVER(600,0.04)" },
      { range: "B1:B5", type: "Custom", formula: "=B1>1" },
      { range: "C1", type: "CellValue", formula1: "=1", formula2: "=_xldudf_MLCOST_SERVINGHOURS(1,2)" },
      { type: "Custom", formula: "=MLCOST.SPLITRATIO(1,2,3)>0" },
      { range: "D1:D3", type: "IconSet" },
    ],
  },
  validationTypes: { Plan: "MixedCriteria" },
  chartCounts: { Plan: 2 },
};

describe("rules that call MLCOST, inside Excel", () => {
  test("the scan lists every conditional format that calls MLCOST, and what it did not check", async () => {
    const fake = installFakeExcel(WITH_RULES);
    const scan = await scanWorkbook("lambda");
    expect(scan.error).toBeUndefined();
    const budget = scan.sheets.find((s) => s.name === "Budget")!;
    expect(budget.rulesLeft).toEqual([
      { kind: "conditional formatting", range: "A1:A5", formula: "=A1>MLCOST.CROSSOVER(600,0.04)" },
      { kind: "conditional formatting", range: "C1", formula: "=_xldudf_MLCOST_SERVINGHOURS(1,2)" },
      { kind: "conditional formatting", range: "several ranges", formula: "=MLCOST.SPLITRATIO(1,2,3)>0" },
    ]);
    expect(budget.rulesUnchecked).toEqual([expect.stringMatching(/icon sets, color scales or data bars/)]);
    const plan = scan.sheets.find((s) => s.name === "Plan")!;
    expect(plan.rulesLeft).toEqual([]);
    expect(plan.rulesUnchecked).toEqual([
      expect.stringMatching(/data validation/),
      expect.stringMatching(/the series of 2 charts were not checked/),
    ]);
    expect(fake.writes).toEqual([]);
    // one sync more, for the sheet that has conditional formats
    expect(fake.syncs).toBe(2 + 4 + 1);

    const view = scanView(scan);
    expect(view.left).toEqual(
      expect.arrayContaining([
        {
          where: "Budget, conditional formatting of A1:A5",
          call: "=A1>MLCOST.CROSSOVER(600,0.04)",
          reason: expect.stringMatching(/by hand or use the file path/),
        },
      ]),
    );
    expect(view.left.filter((l) => l.where.includes("conditional formatting"))).toHaveLength(3);
    expect(view.notes.join(" ")).toMatch(/Plan: data validation/);
  });

  test("the conversion's report lists them too: they are left", async () => {
    installFakeExcel(WITH_RULES);
    const scan = await scanWorkbook("plain");
    const report = await convertWorkbook(scan);
    expect(report.rulesLeft).toHaveLength(3);
    const view = convertView(report);
    expect(view.left.filter((l) => l.where.includes("conditional formatting"))).toHaveLength(3);
    expect(view.notes.join(" ")).toMatch(/Plan: data validation/);
  });

  test("without ExcelApi 1.8: conditional formats still listed, data validation said not checked", async () => {
    const fake = installFakeExcel({ ...WITH_RULES, excelApi: "1.7" });
    const scan = await scanWorkbook("plain");
    expect(scan.sheets.find((s) => s.name === "Budget")!.rulesLeft).toHaveLength(3);
    expect(scan.sheets.find((s) => s.name === "Plan")!.rulesUnchecked).toEqual([
      expect.stringMatching(/data validation.*ExcelApi 1\.8/),
      expect.stringMatching(/the series of 2 charts were not checked/),
    ]);
    expect(scanView(scan).notes.join(" ")).toMatch(/not checked/);
    expect(fake.syncs).toBe(2 + 4 + 1);
  });

  test("an Excel without ExcelApi 1.7 is refused before anything is read, and told why", async () => {
    const fake = installFakeExcel({ ...WITH_RULES, excelApi: "1.6" });
    const scan = await scanWorkbook("plain");
    expect(scan.error).toMatch(/ExcelApi 1\.7/);
    expect(scan.sheets).toEqual([]);
    expect(fake.syncs).toBe(0);
  });
});
