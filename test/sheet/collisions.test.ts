/* Where a new copy of the stage sheet goes: never onto a sheet or a name the workbook has. */
import { choosePlacement } from "../../src/sheet/collisions";

const BASE = ["TrainingHours", "Crossover", "CostStages"];

test("an empty workbook gets the plain names", () => {
  expect(choosePlacement(["Sheet1"], [], BASE)).toEqual({ sheetName: "Cost stages", nameSuffix: "" });
});

test("a sheet of the user's named Cost stages (any case) moves the copy to (2)", () => {
  expect(choosePlacement(["COST STAGES"], [], BASE)).toEqual({ sheetName: "Cost stages (2)", nameSuffix: "_2" });
});

test("a defined name of the user's is never shadowed", () => {
  expect(choosePlacement(["Sheet1"], ["crossover"], BASE)).toEqual({ sheetName: "Cost stages (2)", nameSuffix: "_2" });
  expect(choosePlacement(["Cost stages", "Cost stages (2)"], ["Crossover_3"], BASE)).toEqual({
    sheetName: "Cost stages (4)",
    nameSuffix: "_4",
  });
});
