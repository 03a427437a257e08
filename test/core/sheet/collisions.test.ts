/* Where a new copy of the stage sheet goes: never onto a sheet or a name the workbook has. */
import { choosePlacement, sheetNameProblem } from "../../../src/core/sheet/collisions";

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

describe("Excel's rules for sheet names", () => {
  test.each([
    ["", "it is blank"],
    ["   ", "it is blank"],
    ["x".repeat(32), "it is longer than 31 characters"],
    ["a:b", "it holds one of : \\ / ? * [ ]"],
    ["a\\b", "it holds one of : \\ / ? * [ ]"],
    ["a/b", "it holds one of : \\ / ? * [ ]"],
    ["a?b", "it holds one of : \\ / ? * [ ]"],
    ["a*b", "it holds one of : \\ / ? * [ ]"],
    ["a[b", "it holds one of : \\ / ? * [ ]"],
    ["a]b", "it holds one of : \\ / ? * [ ]"],
    ["'quoted", "it begins or ends with an apostrophe"],
    ["quoted'", "it begins or ends with an apostrophe"],
    ["HISTORY", 'Excel keeps "History" for itself'],
  ])("%p is refused: %s", (name, problem) => {
    expect(sheetNameProblem(name)).toBe(problem);
  });

  test.each(["Cost stages", "Cost stages (2)", "x".repeat(31), "it's", "History (2)"])("%p is a sheet name", (name) => {
    expect(sheetNameProblem(name)).toBeUndefined();
  });

  test("a copy whose name Excel would refuse is skipped; past 31 characters there is no free name", () => {
    expect(choosePlacement([], [], BASE, "History")).toEqual({ sheetName: "History (2)", nameSuffix: "_2" });
    const long = "x".repeat(27); // "(2)" makes 31 characters, "(10)" 32
    const taken = [long, ...Array.from({ length: 8 }, (_, i) => `${long} (${i + 2})`)];
    expect(() => choosePlacement(taken, [], BASE, long)).toThrow(/No free sheet name/);
  });

  test("names Excel refused although no listed sheet bears them (chart sheets) count as taken", () => {
    expect(choosePlacement(["Sheet1", "cost STAGES"], [], BASE)).toEqual({
      sheetName: "Cost stages (2)",
      nameSuffix: "_2",
    });
  });
});
