/* The portable rewrite, without any host: what each call becomes, and what is left and why. */
import { portableFormula } from "../../../src/portable/formula/rewrite";
import { plainFormula, TWIN_SPECS } from "../../../src/portable/formula/twins";

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

test("a user's own MLCOST_ name is theirs: only MLCOST. and _xldudf_MLCOST are the add-in's forms", () => {
  for (const mode of ["lambda", "plain"] as const) {
    for (const own of [
      "=MLCOST_CROSSOVER(600,0.04)",
      "=[2]!MLCOST_CROSSOVER(A1,B1)",
      "='Q1 plan'!mlcost_servinghours(1,2)",
    ]) {
      expect(portableFormula(own, mode)).toEqual({ formula: own, converted: 0, unconverted: [] });
    }
    expect(portableFormula("=_xldudf_MLCOST_CROSSOVER(600,0.04)", mode).converted).toBe(1);
    expect(portableFormula("=_xldudf_MLCOST.CROSSOVER(600,0.04)", mode).converted).toBe(1);
    expect(portableFormula("=[1]!MLCOST.CROSSOVER(600,0.04)", mode).converted).toBe(1);
  }
  expect(portableFormula("=MLCOST_CROSSOVER(A1,B1)+MLCOST.CROSSOVER(A1,B1)", "lambda").formula).toBe(
    "=MLCOST_CROSSOVER(A1,B1)+CROSSOVER(A1,B1)",
  );
});

/** `depth` MLCOST calls, each the first argument of the next. */
const nested = (depth: number, fn = "MLCOST.CROSSOVER") => `=${`${fn}(`.repeat(depth)}A1${",B1)".repeat(depth)}`;

test("a plain rewrite that would outgrow Excel's limit stops growing at once, and is reported", () => {
  // Each level writes its argument out several times: 25 levels would be 2^25 times the innermost.
  const formula = nested(25);
  expect(formula.length).toBeGreaterThan(400);
  const started = Date.now();
  const result = portableFormula(formula, "plain");
  expect(Date.now() - started).toBeLessThan(2000);
  expect(result.formula).toBe(formula);
  expect(result.converted).toBe(0);
  expect(result.unconverted).toEqual([
    {
      call: formula,
      reason: expect.stringMatching(/^As plain arithmetic it would be more than \d+ characters, over Excel's 8192\./),
    },
  ]);
  expect(portableFormula(formula, "lambda").formula).toBe(nested(25, "CROSSOVER"));
});

test("the rewrite never throws: a formula it cannot read or follow is left as it was, with the reason", () => {
  const unclosed = '=MLCOST.CROSSOVER("open';
  expect(portableFormula(unclosed, "plain")).toEqual({
    formula: unclosed,
    converted: 0,
    unconverted: [{ call: unclosed, reason: expect.stringMatching(/^The formula could not be read \(.+\), so it/) }],
  });
  // Excel nests functions 64 levels deep at most; a file may hold anything.
  const deep = nested(100_000);
  for (const mode of ["lambda", "plain"] as const) {
    const result = portableFormula(deep, mode);
    expect(result.formula).toBe(deep);
    expect(result.unconverted).toEqual([
      { call: deep, reason: expect.stringMatching(/nested 100000 deep.*Excel's limit is 64/) },
    ]);
  }
  expect(portableFormula(nested(64), "lambda").converted).toBe(64);
});

test("a literal's type is known: a parenthesised or signed number gets no type check in plain arithmetic", () => {
  const plain = (formula: string) => portableFormula(formula, "plain").formula;
  for (const form of ["(600)", "+600", "--600", "( 600 )", "((+600))", "- -600"]) {
    expect(plain(`=MLCOST.CROSSOVER(${form},0.04)`)).toBe(plain("=MLCOST.CROSSOVER(600,0.04)"));
  }
  expect(plain("=MLCOST.AMDAHLCEILING(2400,88800,(0.5))")).toBe(plain("=MLCOST.AMDAHLCEILING(2400,88800,0.5)"));
  // Out of its domain, a literal is still checked for its domain, never for its type.
  for (const form of ["-1", "(-1)", "-(1)", "---1"]) {
    const formula = plain(`=MLCOST.CROSSOVER(${form},0.04)`);
    expect(formula).not.toMatch(/ISNUMBER|ISLOGICAL/);
    expect(formula).toContain("#NUM!");
  }
  // A literal beside an unknown argument: the unknown one alone is checked.
  expect(plain("=MLCOST.CROSSOVER((600),A1)")).toBe(plain("=MLCOST.CROSSOVER(600,A1)"));
  expect(plain("=MLCOST.CROSSOVER(-1,A1)")).not.toContain("ISNUMBER((-1))");
});

test("every twin's plain arithmetic writes each argument out, so the rewrite may stop at a call too long", () => {
  for (const spec of TWIN_SPECS) {
    for (const known of ["unknown", "numberOrError"] as const) {
      const args = spec.arguments.map((_, i) => ({ text: `ARG_${i}`, known }));
      const formula = plainFormula(spec, args);
      args.forEach(({ text }) =>
        expect({ id: spec.id, known, text, written: formula.includes(text) }).toMatchObject({ written: true }),
      );
    }
  }
});

test("the budget's functions: four arguments, and a factor's literal checked against 1, not 0", () => {
  expect(portableFormula("=MLCOST.COSTPER1K(2400, 114603.3, 1.03e10, 2)", "plain").formula).toBe(
    "=((2400+114603.3)*2/1.03e10*1000)",
  );
  expect(portableFormula("=MLCOST.COSTPER1K(2400, 114603.3, 1.03e10)", "plain").unconverted[0].reason).toBe(
    "COSTPER1K takes 4 arguments; this call has 3.",
  );
  // A literal peak-to-mean of 1 or more needs no check; 0.5 keeps one, so the rewrite gives #NUM! as the function.
  expect(portableFormula("=MLCOST.MARGINALCOSTPER1K(0.04, 2, 2)", "plain").formula).toBe("=(0.04/3600*2*2*1000)");
  expect(portableFormula("=MLCOST.MARGINALCOSTPER1K(0.04, 2, 0.5)", "plain").formula).toContain("IF(0.5<1,#NUM!");
  // Left out, the optional argument stands for its default: 360 days, a peak-to-mean of 1.
  expect(portableFormula("=MLCOST.CLIPSPERMONTH(250)", "plain").formula).toBe("=(250*360*86400/12)");
  expect(portableFormula("=MLCOST.MARGINALCOSTPER1K(A1, 2)", "plain").formula).toContain("*1*2*1000");
});
