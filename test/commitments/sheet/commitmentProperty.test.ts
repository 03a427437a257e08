/*
 * The commitment sheet's cheapest commitment is the model's (cheapestCommitment, the d-quantile of hourly demand)
 * over random small profiles, recalculated in HyperFormula: levels whole or in quarters, some hours idle, discounts
 * on a 5% grid (so ties, where one more accelerator saves exactly what it costs, come up and go to the smaller),
 * with and without a bill's commitment. HyperFormula only: the other engines run the fixed plans.
 */
import fc from "fast-check";
import { cheapestCommitment } from "../../../src/commitments/model";
import { COMMITMENT_SHEET_NAME, CommitmentSheetPlan, commitmentSheetLayout } from "../../../src/commitments/sheet";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { isProblem } from "../../../src/core/model/problems";
import { layoutInHyperFormula } from "../../support/layoutEngines";
import { ENGINE_START_MS } from "../../support/deadlines";

const level = fc.record({
  accelerators: fc.oneof(
    fc.integer({ min: 0, max: 40 }),
    fc.integer({ min: 0, max: 160 }).map((q) => q / 4),
  ),
  hours: fc.integer({ min: 0, max: 200 }),
});

const plan: fc.Arbitrary<CommitmentSheetPlan> = fc.record({
  demand: fc.array(level, { minLength: 1, maxLength: 5 }),
  pricePerAcceleratorHour: fc.integer({ min: 1, max: 40 }).map((x) => x / 4),
  discount: fc.integer({ min: 0, max: 19 }).map((x) => x / 20),
  billedCommittedAccelerators: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
});

test(
  "the sheet's commitment, its cost and its saving are the model's over random profiles",
  () => {
    fc.assert(
      fc.property(plan, (p) => {
        const answer = cheapestCommitment(p);
        fc.pre(!isProblem(answer));
        if (isProblem(answer)) return;
        const layout = commitmentSheetLayout(p);
        if (isProblem(layout)) throw new Error(layout.message);
        const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
        const b = (key: string) => sheet.at(`B${layout.rowOf[key]}`) as number;
        expect(b("committed")).toBe(answer.cheapest.committedAccelerators);
        expect(b("totalCost")).toBeCloseTo(answer.cheapest.totalCost, 6);
        expect(b("saving")).toBeCloseTo(answer.saving, 6);
        expect(sheet.at("B4")).toBe(CHECKS_OK);
      }),
      { numRuns: 60, seed: 31 },
    );
  },
  ENGINE_START_MS,
);
