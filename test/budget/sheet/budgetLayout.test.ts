/*
 * The budget sheet recalculated by HyperFormula (and IronCalc) with its defined names: every formula cell
 * against the model's value it caches (1e-12 relative), the two worked examples where a planner reads them,
 * generated plans of every kind, the master check (OK, and the check's name when a cell is broken), and a
 * typed month that stays typed while its row keeps its formula.
 */
import fc from "fast-check";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs } from "../../../src/ledgers/model";
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_REQUEST_TOKENS } from "../../../src/tokens/model";
import {
  LAUNCH_RAMP_EXAMPLE,
  BudgetPlan,
  MONTH_DAYS,
  NEW_BUDGET_PLAN,
  STEADY_GROWTH_EXAMPLE,
} from "../../../src/budget/model/budgetFields";
import {
  BUDGET_BASE_NAMES,
  BUDGET_SHEET_NAME,
  BudgetSheetLayout,
  budgetSheetLayout,
} from "../../../src/budget/sheet/budgetLayout";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { CHECK_FAILED, CHECKS_OK } from "../../../src/core/sheet/checks";
import { cellAt, formulaCells, namedAddress } from "../../support/layoutCells";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { TWIN_IDS } from "../../support/twinIds";
import { budgetFigures, budgetPlans } from "./budgetPlans";

const layoutOf = (plan: BudgetPlan & { ledger?: LedgerInputs }, suffix = ""): BudgetSheetLayout =>
  unwrap(budgetSheetLayout(plan, suffix, { ledger: plan.ledger }));
const evaluate = (layout: BudgetSheetLayout) => layoutInHyperFormula(layout, BUDGET_SHEET_NAME);

/** The cell of row `key` in month `month` (1-based), or its horizon figure (B) for month 0. */
const cellOf = (layout: BudgetSheetLayout, key: string, month: number) =>
  `${month === 0 ? "B" : monthColumn(month - 1)}${layout.rowOf[key]}`;

/** The answer's cell of `label` (its value, in B). */
const answerOf = (layout: BudgetSheetLayout, label: string) => {
  const row = layout.rows.findIndex((r, i) => i < layout.page.frozenRows && r[0]?.value === label);
  if (row < 0) throw new Error(`No answer line ${label}`);
  return `B${row + 1}`;
};

function close(actual: unknown, expected: number, decimals: number) {
  expect(typeof actual).toBe("number");
  expect(Number((actual as number).toFixed(decimals))).toBeCloseTo(expected, decimals);
}

function expectCachedValuesRecalculate(layout: BudgetSheetLayout) {
  const { at } = evaluate(layout);
  expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
}

describe("steady growth, the first worked example", () => {
  const layout = layoutOf(STEADY_GROWTH_EXAMPLE);
  const { at } = evaluate(layout);

  test("every cached value recalculates", () => expectCachedValuesRecalculate(layout));

  test("month 1 7,200 h serving, month 12 12,314.4 h; the year 114,603.3 h serving, 117,003.3 h in all", () => {
    close(at(cellOf(layout, "consumed", 1)), 7200, 6);
    close(at(cellOf(layout, "consumed", 12)), 12_314.4, 1);
    close(at(answerOf(layout, "Serving, consumed")), 114_603.3, 1);
    close(at(answerOf(layout, "Training")), 2400, 9);
    close(at(answerOf(layout, "Total, paid")), 117_003.3, 1);
    close((at(answerOf(layout, "Training's share")) as number) * 100, 2.05, 2);
  });

  test("the intervals' serving 22,698.0 / 26,275.8 / 30,417.5 / 35,212.0 h: already serving-dominated", () => {
    [22_698.0, 26_275.8, 30_417.5, 35_212.0].forEach((hours, i) =>
      close(at(cellOf(layout, "intervalServing", 3 * i + 1)), hours, 1),
    );
    expect(at(answerOf(layout, "Crossover"))).toBe("already serving-dominated");
  });

  test("at $2: $234,006.62, 1.03143e10 clips, $0.022688 per 1,000 clips on average, $0.022222 marginal", () => {
    close(at(answerOf(layout, "Cost")), 234_006.62, 2);
    expect(Number((at(cellOf(layout, "clips", 0)) as number).toPrecision(6))).toBe(1.03143e10);
    close(at(answerOf(layout, "Cost per 1,000 clips, average")), 0.022688, 6);
    close(at(answerOf(layout, "Cost per 1,000 clips, marginal")), 0.022222, 6);
    expect(at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("at peak-to-mean 2: $463,213.24 and training 1.04% of the hours paid for", () => {
    const paid = layoutOf({ ...STEADY_GROWTH_EXAMPLE, peakToMean: 2 });
    expectCachedValuesRecalculate(paid);
    const engine = evaluate(paid);
    close(engine.at(answerOf(paid, "Cost")), 463_213.24, 2);
    close((engine.at(answerOf(paid, "Training's share")) as number) * 100, 1.04, 2);
  });

  test("an edit in a blue cell moves the figures: peak-to-mean 2 in the sheet", () => {
    const engine = evaluate(layout);
    engine.set(namedAddress(layout, "BudgetPeakToMean"), 2);
    close(engine.at(answerOf(layout, "Cost")), 463_213.24, 2);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });
});

describe("calendar months: a month counts the days of its dated heading", () => {
  // From November 2027 to December 2028: February 2028 of 29 days; a lever and a budget
  const plan: BudgetPlan = {
    ...NEW_BUDGET_PLAN,
    firstMonth: "2027-11",
    months: 14,
    leverSecondsPerClip: 0.03,
    leverFromMonth: 7,
    budgetAmount: 30_000,
  };
  const layout = layoutOf(plan);
  const model = budgetFigures(plan);

  test("the days row reads 30, 31, 31, 29 ... from the headings, and HyperFormula and IronCalc give the model", () => {
    const engine = evaluate(layout);
    expect([1, 2, 3, 4, 5].map((m) => engine.at(cellOf(layout, "days", m)))).toEqual([30, 31, 31, 29, 31]);
    expect(engine.at(cellOf(layout, "days", 0))).toBe(30 + 31 + 366);
    expect(model.months[3].clips).toBe(250 * Math.pow(1.05, 3) * 29 * 86_400);
    expectCachedValuesRecalculate(layout);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, BUDGET_SHEET_NAME))).toEqual([]);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("the choice is a blue input: 30-day months typed over it give the 30-day plan's figures", () => {
    const engine = evaluate(layout);
    engine.set(namedAddress(layout, "BudgetMonthDays"), MONTH_DAYS[1].label);
    const thirty = budgetFigures({ ...plan, monthDays: "yearTwelfth" });
    expect(engine.at(cellOf(layout, "days", 4))).toBe(30);
    close(engine.at(answerOf(layout, "Total, paid")), thirty.totalHours, 6);
    close(engine.at(answerOf(layout, "Cost")), thirty.cost!, 6);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("the first month moved in the sheet moves the days: from February 2028 the first month has 29", () => {
    const engine = evaluate(layout);
    engine.set(namedAddress(layout, "BudgetFirstMonth"), 46_784); // 2028-02-01
    expect(engine.at(cellOf(layout, "days", 1))).toBe(29);
    const moved = budgetFigures({ ...plan, firstMonth: "2028-02" });
    close(engine.at(answerOf(layout, "Total, paid")), moved.totalHours, 6);
  });
});

describe("the launch ramp, the second worked example", () => {
  const layout = layoutOf(LAUNCH_RAMP_EXAMPLE);
  const { at } = evaluate(layout);

  test("month 1 28.8 h; intervals 136.8 / 461.7 / 1,558.2 / 5,259.1 h; crossover in interval 3, months 7-9", () => {
    expectCachedValuesRecalculate(layout);
    close(at(cellOf(layout, "consumed", 1)), 28.8, 9);
    [136.8, 461.7, 1558.2, 5259.1].forEach((hours, i) =>
      close(at(cellOf(layout, "intervalServing", 3 * i + 1)), hours, 1),
    );
    expect(at(answerOf(layout, "Crossover"))).toBe("serving overtakes training in interval 3, months 7-9");
  });

  test("the year 7,415.8 h serving, 9,815.8 h total, training 24.45% of it", () => {
    close(at(answerOf(layout, "Serving, consumed")), 7415.8, 1);
    close(at(answerOf(layout, "Total, paid")), 9815.8, 1);
    close((at(answerOf(layout, "Training's share")) as number) * 100, 24.45, 2);
  });
});

test("generated plans of every kind: every cached value recalculates, and the master check reads OK", () => {
  fc.assert(
    fc.property(budgetPlans(), (plan) => {
      const layout = layoutOf(plan, "_2");
      const { at } = evaluate(layout);
      expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
      expect(at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
    }),
    { numRuns: 40 },
  );
});

/** A formula with its relative references as offsets from its own cell (R1C1's sense): equal texts, same formula. */
function relativeForm(formula: string, row: number, column: number): string {
  return formula.replace(
    /(?<![A-Za-z0-9_.])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])/g,
    (_, columnFixed: string, letters: string, rowFixed: string, digits: string) => {
      const c = columnIndexOf(letters);
      const r = Number(digits) - 1;
      return `R${rowFixed ? r : `[${r - row}]`}C${columnFixed ? c : `[${c - column}]`}`;
    },
  );
}

const columnIndexOf = (letters: string) => [...letters].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0) - 1;

/** The numbers a formula holds outside its texts, references and names. */
function constantsIn(formula: string): number[] {
  const bare = formula
    .replace(/"[^"]*"/g, "")
    .replace(/(?<![A-Za-z0-9_.])\$?[A-Z]{1,3}\$?\d+(?![A-Za-z0-9_(])/g, "ref")
    .replace(/[A-Za-z_][A-Za-z0-9_.]*/g, "name");
  return (bare.match(/\d+(?:\.\d+)?(?:E[+-]?\d+)?/gi) ?? []).map(Number);
}

/** The universal constants: seconds an hour and a day, clips in a thousand; 0 and 1 (the flags', the growth's). */
const UNIVERSAL = new Set([3600, 86_400, 1000, 0, 1]);

describe("one formula a row, no constant but the universal ones", () => {
  const plans: BudgetPlan[] = [
    STEADY_GROWTH_EXAMPLE,
    {
      ...LAUNCH_RAMP_EXAMPLE,
      months: 60,
      peakToMean: 2,
      rescanHours: 44_400,
      rescanMonths: [6, 30],
      budgetAmount: 5000,
      leverSecondsPerClip: 0.03,
      leverFromMonth: 7,
      typedClipsPerSecond: { 4: 10, 20: 5000 },
    },
    // both ledgers (issue 30): the minutes an hour a labelled cell too
    { ...STEADY_GROWTH_EXAMPLE, months: 24, ledger: EXAMPLE_LEDGER_INPUTS } as BudgetPlan,
  ];

  test.each(plans.map((plan) => [plan.months, plan] as const))(
    "%i months: every month's cell of a row is the same formula",
    (_, plan) => {
      const layout = layoutOf(plan);
      let formulaRows = 0;
      layout.rows.forEach((row, r) => {
        const months = row.slice(3, 3 + layout.months);
        if (!months.some((cell) => cell?.formula !== undefined)) return;
        formulaRows++;
        const forms = months.map((cell, i) =>
          cell?.formula === undefined ? `not a formula: ${JSON.stringify(cell)}` : relativeForm(cell.formula, r, 3 + i),
        );
        expect(new Set(forms)).toEqual(new Set([forms[0]]));
      });
      expect(formulaRows).toBeGreaterThan(15);
      // The planner's rows stay blue cells all along: a typed month, the re-scan marks.
      for (const key of ["typed", "rescan"]) {
        const months = layout.rows[layout.rowOf[key] - 1].slice(3);
        expect(months.every((cell) => cell?.role === "input" && cell.formula === undefined)).toBe(true);
      }
    },
  );

  test.each(plans.map((plan) => [plan.months, plan] as const))(
    "%i months: no formula holds another constant",
    (_, plan) => {
      const layout = layoutOf(plan);
      const others = formulaCells(layout).flatMap(({ address, cell }) =>
        constantsIn(cell.formula!)
          .filter((x) => !UNIVERSAL.has(x))
          .map((x) => `${address} =${cell.formula}: ${x}`),
      );
      expect(others).toEqual([]);
      // The two constants the formulas need are labelled, named cells.
      expect(cellAt(layout, namedAddress(layout, "BudgetMonthsPerYear"))?.value).toBe(12);
      expect(constantsIn("A1*12/3600+LOG10(B$2)")).toEqual([12, 3600]);
    },
  );
});

describe("the master check", () => {
  const layout = layoutOf(STEADY_GROWTH_EXAMPLE);
  const failing = (label: string) => CHECK_FAILED + label;

  test.each([
    [
      "a month's total typed over",
      (l: BudgetSheetLayout) => cellOf(l, "total", 5),
      "Each month's parts sum to its total",
    ],
    [
      "the horizon's total typed over",
      (l: BudgetSheetLayout) => cellOf(l, "total", 0),
      "The horizon's total, two routes",
    ],
    ["a share typed over", (l: BudgetSheetLayout) => namedAddress(l, "BudgetRescanShare"), "Shares sum to 100%"],
    [
      "the crossover interval typed over",
      (l: BudgetSheetLayout) => namedAddress(l, "BudgetCrossoverInterval"),
      "Serving passes training first at the crossover",
    ],
  ])("%s: it names the check that fails", (_, where, label) => {
    const engine = evaluate(layout);
    const master = answerOf(layout, "Checks");
    expect(engine.at(master)).toBe(CHECKS_OK);
    engine.set(where(layout), 2);
    expect(engine.at(master)).toBe(failing(label));
  });
});

test("a typed month stays a typed blue cell; its traffic row keeps its formula; cleared, the curve is back", () => {
  const plan = { ...STEADY_GROWTH_EXAMPLE, typedClipsPerSecond: { 5: 400 } };
  const layout = layoutOf(plan);
  expectCachedValuesRecalculate(layout);
  const typed = cellAt(layout, cellOf(layout, "typed", 5))!;
  expect(typed).toMatchObject({ value: 400, role: "input" });
  expect(typed.formula).toBeUndefined();
  const traffic = cellAt(layout, cellOf(layout, "cps", 5))!;
  expect(relativeForm(traffic.formula!, layout.rowOf.cps - 1, 7)).toBe(
    relativeForm(cellAt(layout, cellOf(layout, "cps", 4))!.formula!, layout.rowOf.cps - 1, 6),
  );
  const engine = evaluate(layout);
  expect(engine.at(cellOf(layout, "cps", 5))).toBe(400);
  engine.set(cellOf(layout, "typed", 5), null);
  const curve = budgetFigures(STEADY_GROWTH_EXAMPLE).months[4];
  close(engine.at(cellOf(layout, "cps", 5)), curve.clipsPerSecond, 9);
  close(engine.at(cellOf(layout, "consumed", 5)), curve.servingHoursConsumed, 6);
  // Typed anywhere later, a month follows too: month 9 at 1,000 clips per second.
  engine.set(cellOf(layout, "typed", 9), 1000);
  close(engine.at(cellOf(layout, "clips", 9)), 1000 * 30 * 86_400, 0);
});

test("IronCalc, which rounds as Excel does, gives every cached value of both worked examples", () => {
  for (const plan of [
    STEADY_GROWTH_EXAMPLE,
    { ...LAUNCH_RAMP_EXAMPLE, leverSecondsPerClip: 0.03, leverFromMonth: 7, budgetAmount: 500 },
  ]) {
    const layout = layoutOf(plan);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, BUDGET_SHEET_NAME))).toEqual([]);
  }
});

test("names: every one suffixed, all in the base list, none a function twin's", () => {
  // with both ledgers (issue 30) and the seconds from a request's tokens (issue 32), so that their names are held to
  // the list too
  const plan = { ...LAUNCH_RAMP_EXAMPLE, budgetAmount: 500, leverSecondsPerClip: 0.03, leverFromMonth: 7 };
  const layout = unwrap(
    budgetSheetLayout({ ...plan, secondsPerClip: 0.25 }, "_2", {
      ledger: EXAMPLE_LEDGER_INPUTS,
      tokens: EXAMPLE_REQUEST_TOKENS,
    }),
  );
  expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  const bases = new Set(layout.names.map((n) => n.name.slice(0, -2)));
  expect(bases.size).toBe(layout.names.length);
  expect([...bases].filter((b) => !BUDGET_BASE_NAMES.includes(b))).toEqual([]);
  expect(BUDGET_BASE_NAMES.filter((b) => !bases.has(b))).toEqual([]);
  const twins = new Set(TWIN_IDS.map((id) => id.toUpperCase()));
  expect(BUDGET_BASE_NAMES.filter((b) => twins.has(b.toUpperCase()))).toEqual([]);
});

test("frozen: the answer and the time axis's headings, and A:C; landscape, one page wide, headings repeated", () => {
  const layout = layoutOf(STEADY_GROWTH_EXAMPLE);
  expect(layout.page.frozenRows).toBe(layout.rowOf.month);
  expect(layout.page.frozenColumns).toBe(3);
  expect(layout.page.orientation).toBe("landscape");
  expect(layout.page.titleRows).toBe(`$${layout.rowOf.header}:$${layout.rowOf.month}`);
  expect(cellAt(layout, `D${layout.rowOf.header}`)?.cached).toBe(46_388); // 2027-01-01
  expect(cellAt(layout, `O${layout.rowOf.header}`)?.cached).toBe(46_722); // 2027-12-01
});

describe("a blue cell emptied means what the pane's blank means", () => {
  const leverPlan: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, leverSecondsPerClip: 0.03, leverFromMonth: 7 };
  const leverLabels = [
    "The lever saves",
    "The lever saves, in money",
    "The lever's saving, a share of the bill",
    "The lever's ceiling",
  ];

  test.each([
    ["the lever's seconds", ["BudgetLeverSecondsPerClip"]],
    ["the lever's month", ["BudgetLeverFromMonth"]],
    ["both", ["BudgetLeverSecondsPerClip", "BudgetLeverFromMonth"]],
  ])("%s emptied: the plan without the lever, and the lever's lines say there is none", (_, names) => {
    const layout = layoutOf(leverPlan);
    const engine = evaluate(layout);
    for (const name of names) engine.set(namedAddress(layout, name), null);
    const without = budgetFigures(STEADY_GROWTH_EXAMPLE);
    close(engine.at(answerOf(layout, "Total, paid")), without.totalHours, 6);
    close(engine.at(answerOf(layout, "Cost")), without.cost!, 6);
    for (const label of leverLabels) expect(engine.at(answerOf(layout, label))).toBe("no lever");
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("the budget emptied: no month is over it, and the first month over budget says there is none", () => {
    const layout = layoutOf({ ...STEADY_GROWTH_EXAMPLE, budgetAmount: 5000, budgetPer: "month" });
    const engine = evaluate(layout);
    expect(engine.at(cellOf(layout, "over", 0))).toBe(12);
    engine.set(namedAddress(layout, "BudgetAmount"), null);
    expect(engine.at(cellOf(layout, "over", 0))).toBe(0);
    expect(engine.at(answerOf(layout, "First month over budget"))).toBe("no budget");
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("the price emptied: every cost reads no price, never a cost of 0", () => {
    const layout = layoutOf({ ...leverPlan, budgetAmount: 5000, budgetPer: "horizon" });
    const engine = evaluate(layout);
    engine.set(namedAddress(layout, "BudgetPricePerHour"), null);
    for (const key of ["cost", "cumulative"])
      for (let month = 0; month <= 12; month++) {
        if (key === "cumulative" && month === 0) continue;
        expect(engine.at(cellOf(layout, key, month))).toBe("no price");
      }
    expect(engine.at(cellOf(layout, "over", 0))).toBe(0);
    for (const label of [
      "Cost",
      "Cost per 1,000 clips, average",
      "Cost per 1,000 clips, marginal",
      "The lever saves, in money",
    ])
      expect(engine.at(answerOf(layout, label))).toBe("no price");
    close(engine.at(answerOf(layout, "The lever saves")), budgetFigures(leverPlan).lever!.savedHours, 6);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  const required = [
    "BudgetFirstMonth",
    "BudgetClipsPerSecond",
    "BudgetMonthlyGrowth",
    "BudgetSecondsPerClip",
    "BudgetDaysPerYear",
    "BudgetPeakToMean",
    "BudgetHoursPerRun",
    "BudgetTrainingOverhead",
    "BudgetRetrainEvery",
    "BudgetRescanHours",
    "BudgetPer",
  ];
  test.each(required)("%s emptied: the master check names the required inputs", (name) => {
    const layout = layoutOf({ ...STEADY_GROWTH_EXAMPLE, budgetAmount: 5000, budgetPer: "month" });
    const engine = evaluate(layout);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
    engine.set(namedAddress(layout, name), null);
    expect(engine.at(answerOf(layout, "Checks"))).toBe(CHECK_FAILED + "Every required input is filled");
  });

  test("a horizon without clips: the average cost per 1,000 clips says so, as the model gives none", () => {
    const layout = layoutOf({ ...STEADY_GROWTH_EXAMPLE, clipsPerSecond: 0 });
    expectCachedValuesRecalculate(layout);
    const { at } = evaluate(layout);
    expect(at(answerOf(layout, "Cost per 1,000 clips, average"))).toBe("no clips");
  });
});

describe("data validation of the blue cells", () => {
  const plan: BudgetPlan = { ...LAUNCH_RAMP_EXAMPLE, budgetAmount: 500, leverSecondsPerClip: 0.03, leverFromMonth: 7 };
  const layout = layoutOf(plan);

  test("every title fits Excel's 32 characters whole; the message gives the full range", () => {
    for (const v of layout.validations.filter((found) => found.rule.type !== "list")) {
      expect(v.prompt.title.length).toBeLessThanOrEqual(32);
      expect(v.error.title.length).toBeLessThanOrEqual(32);
      // The title's words whole in the message: "from 1 to 1" cut from "from 1 to 12" is not.
      const words = v.prompt.title.replace(/^Enter /, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      expect(v.prompt.message).toMatch(new RegExp(`${words}\\b`));
    }
    const every = layout.validations.find((v) => v.address === namedAddress(layout, "BudgetRetrainEvery"))!;
    expect(every.prompt.message).toContain(`from 1 to ${plan.months}`);
  });

  test("the retrain cadence and the lever's month are bounded by the sheet's horizon", () => {
    for (const name of ["BudgetRetrainEvery", "BudgetLeverFromMonth"]) {
      const v = layout.validations.find((found) => found.address === namedAddress(layout, name))!;
      expect(v.rule).toMatchObject({ type: "whole", operator: "between", bound: 1, upper: plan.months });
    }
  });
});
