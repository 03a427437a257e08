/* The portable rewrite, without any host: what each call becomes, and what is left and why. */
import { portableFormula } from "../../../src/portable/formula/rewrite";

test("to the twins: MLCOST calls lose their namespace, everything else stays as written", () => {
  expect(portableFormula("=MLCOST.CROSSOVER(600, 0.04)", "lambda")).toEqual({
    formula: "=CROSSOVER(600, 0.04)",
    converted: 1,
    unconverted: [],
  });
  const nested = portableFormula("=MLCOST.SPLITRATIO(MLCOST.CLIPSPERINTERVAL(250, 90), 0.04, 600)", "lambda");
  expect(nested.formula).toBe("=SPLITRATIO(CLIPSPERINTERVAL(250, 90), 0.04, 600)");
  expect(nested.converted).toBe(2);
});

test("lower case, spaces, quoted sheets and the forms Excel saves without the add-in", () => {
  expect(portableFormula("=mlcost.crossover( 'Q1 plan'!B2 , 0.04 )", "lambda").formula).toBe(
    "=CROSSOVER( 'Q1 plan'!B2 , 0.04 )",
  );
  expect(portableFormula("=_xldudf_MLCOST_SERVINGHOURS(A1,B1)", "lambda").formula).toBe("=SERVINGHOURS(A1,B1)");
  expect(portableFormula("=[2]!_xldudf_MLCOST_SERVINGHOURS(A1,B1)*2", "lambda").formula).toBe("=SERVINGHOURS(A1,B1)*2");
});

test("text that only looks like a call is left alone", () => {
  const formula = '="MLCOST.CROSSOVER(600, 0.04)"&T1[[#This Row],[MLCOST.CROSSOVER(]]';
  expect(portableFormula(formula, "plain")).toEqual({ formula, converted: 0, unconverted: [] });
});

test("plain arithmetic names no function that needs the add-in or Excel 365", () => {
  const { formula, converted } = portableFormula(
    "=MLCOST.AMDAHLCEILING(MLCOST.SERVINGHOURS(A1, 0.04), B1)+SUM({1,2})",
    "plain",
  );
  expect(converted).toBe(2);
  expect(formula).not.toMatch(/MLCOST|LAMBDA|LET|ISOMITTED|_xl/i);
  expect(formula.endsWith("+SUM({1,2})")).toBe(true);
});

test("STAGETABLE and calls with the wrong number of arguments are reported, not guessed", () => {
  const table = portableFormula("=MLCOST.STAGETABLE(600, 0.04, 5000, 54000000, 1944000000)", "lambda");
  expect(table.converted).toBe(0);
  expect(table.formula).toBe("=MLCOST.STAGETABLE(600, 0.04, 5000, 54000000, 1944000000)");
  expect(table.unconverted[0].reason).toContain("spills a table");
  const short = portableFormula("=MLCOST.CROSSOVER(600)+MLCOST.SERVINGHOURS(1,2)", "lambda");
  expect(short.formula).toBe("=MLCOST.CROSSOVER(600)+SERVINGHOURS(1,2)");
  expect(short.unconverted).toEqual([
    { call: "MLCOST.CROSSOVER(600)", reason: "CROSSOVER takes 2 arguments; this call has 1." },
  ]);
  expect(portableFormula("=MLCOST.CROSSOVER(,0.04)", "plain").unconverted[0].reason).toBe(
    "CROSSOVER takes 2 arguments; this call has 2, one of its required arguments blank.",
  );
  expect(portableFormula("=MLCOST.AMDAHLCEILING(1)", "plain").unconverted[0].reason).toMatch(
    /^AMDAHLCEILING takes 2 to \d arguments; this call has 1\.$/,
  );
});

test("an optional argument left out stands for its default in plain arithmetic", () => {
  const { formula } = portableFormula("=MLCOST.AMDAHLCEILING(A1,B1)", "plain");
  expect(formula).toContain("*1/");
});
