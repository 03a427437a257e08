/*
 * The commitment sheet's builders (src/commitments/sheet/commitmentFormulas.ts) against the model's
 * commitmentFiguresAt and acceleratorHoursAbove, in HyperFormula (test/support/builderCases.ts): a commitment's
 * cost, the demand above it by SUMIF over the demand table's columns, its total cost, and a candidate within a tie
 * of the least. A sample's row holds the commitment, H, the discount, the price, then three levels, their hours and
 * their accelerator-hours.
 */
import fc from "fast-check";
import * as commitmentExcel from "../../../src/commitments/sheet/commitmentFormulas";
import { acceleratorHoursAbove, commitmentFiguresAt, DemandProfile } from "../../../src/commitments/model";
import { BuilderCases, testBuilders } from "../../support/builderCases";

// No subnormal fractions: Excel holds none (builderCases' fraction), and cancelling them in SUMIF's difference keeps
// no digits.
const levels = fc.array(
  fc.record({
    accelerators: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.double({ min: 1e-3, max: 64, noNaN: true })),
    hours: fc.oneof(fc.integer({ min: 0, max: 744 }), fc.double({ min: 1e-3, max: 744, noNaN: true })),
  }),
  { minLength: 3, maxLength: 3 },
);
const committed = fc.oneof(fc.integer({ min: 0, max: 70 }), fc.double({ min: 1e-3, max: 70, noNaN: true }));
const discount = fc.double({ min: 0, max: 0.99, noNaN: true });
const price = fc.double({ min: 0.01, max: 100, noNaN: true });

/** A sample's cells: commitment, H, discount, price, then the levels, their hours and accelerator-hours. */
const cellsOf = (demand: DemandProfile, c: number, d: number, p: number) => [
  c,
  demand.reduce((sum, l) => sum + l.hours, 0),
  d,
  p,
  ...demand.map((l) => l.accelerators),
  ...demand.map((l) => l.hours),
  ...demand.map((l) => l.accelerators * l.hours),
];

/** The operands over a sample's cells (row ranges of three cells). */
const operandsOf = (cells: readonly string[]): commitmentExcel.CostOperands => ({
  hours: cells[1],
  discount: cells[2],
  price: cells[3],
  levels: `${cells[4]}:${cells[6]}`,
  levelHours: `${cells[7]}:${cells[9]}`,
  levelAcceleratorHours: `${cells[10]}:${cells[12]}`,
});

const sample = (expected: (demand: DemandProfile, c: number, d: number, p: number) => number) =>
  fc.tuple(levels, committed, discount, price).map(([demand, c, d, p]) => ({
    cells: cellsOf(demand, c, d, p),
    expected: expected(demand, c, d, p),
  }));

/** The worked example: 10 for 360 hours, 30 for 360, an idle level, 2.00 an hour, 40% off. */
const EXAMPLE: DemandProfile = [
  { accelerators: 10, hours: 360 },
  { accelerators: 30, hours: 360 },
  { accelerators: 0, hours: 0 },
];

const CASES: BuilderCases<typeof commitmentExcel> = {
  commitmentCost: {
    sample: sample((demand, c, d, p) => commitmentFiguresAt(demand, c, p, d).commitmentCost),
    // 720 x 10 x 0.6 x 2.00
    fixed: [{ cells: cellsOf(EXAMPLE, 10, 0.4, 2), expected: 8640 }],
    formula: (cells) => commitmentExcel.commitmentCost(cells[1], cells[0], cells[2], cells[3]),
  },
  acceleratorHoursAbove: {
    sample: sample((demand, c) => acceleratorHoursAbove(demand, c)),
    // 20 above 10 for 360 hours
    fixed: [{ cells: cellsOf(EXAMPLE, 10, 0.4, 2), expected: 7200 }],
    formula: (cells) => {
      const o = operandsOf(cells);
      return commitmentExcel.acceleratorHoursAbove(cells[0], o.levels, o.levelHours, o.levelAcceleratorHours);
    },
  },
  totalCostAt: {
    sample: sample((demand, c, d, p) => commitmentFiguresAt(demand, c, p, d).totalCost),
    fixed: [
      { cells: cellsOf(EXAMPLE, 10, 0.4, 2), expected: 23_040 },
      { cells: cellsOf(EXAMPLE, 30, 0.6, 2), expected: 17_280 },
      { cells: cellsOf(EXAMPLE, 0, 0.4, 2), expected: 28_800 },
    ],
    formula: (cells) => commitmentExcel.totalCostAt(cells[0], operandsOf(cells)),
  },
  withinTie: {
    sample: fc
      .tuple(committed, price, price, fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([c, cost, least, tie]) => ({ cells: [c, cost, least, tie], expected: cost <= least + tie ? c : "" })),
    fixed: [
      { cells: [10, 23_040, 23_040, 1e-5], expected: 10 },
      { cells: [30, 24_480, 23_040, 1e-5], expected: "" },
    ],
    formula: ([c, cost, least, tie]) => commitmentExcel.withinTie(c, cost, least, tie),
  },
};

testBuilders(commitmentExcel, CASES);
