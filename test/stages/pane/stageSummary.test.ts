/*
 * The stage view's summary, the answer it leads with: the worked example's crossover and dominant halves
 * (docs/cost-model.md: 54,000,000 clips; training 10,800x at 5,000 clips; serving 36x at scale; training 2.7% of
 * the hours at scale), money with a price, and a plan with no crossover.
 */
import { EXAMPLE_PLAN, Plan, stageInputsOf } from "../../../src/stages/model/plan";
import { stageTable, StageTable } from "../../../src/stages/model/stages";
import { stageSummary } from "../../../src/stages/pane/stageSummary";
import { formatCost } from "../../../src/core/pane/format";
import { unwrap } from "../../support/unwrap";

const tableOf = (plan: Plan): StageTable => unwrap(stageTable(unwrap(stageInputsOf(plan))));
const summaryOf = (plan: Plan) => stageSummary(tableOf(plan), plan);
const figure = (plan: Plan, label: RegExp) => summaryOf(plan).figures.find((f) => label.test(f.label))!;

test("the worked example's crossover and each stage's dominant half", () => {
  expect(figure(EXAMPLE_PLAN, /^Crossover/).value).toBe("54,000,000");
  expect(figure(EXAMPLE_PLAN, /^Prototype/).value).toBe("Training, 10,800x");
  expect(figure(EXAMPLE_PLAN, /^Launch/).value).toBe("Equal");
  expect(figure(EXAMPLE_PLAN, /^Scale/).value).toBe("Serving, 36x");
  expect(figure(EXAMPLE_PLAN, /^Scale/).label).toContain("1.94B clips");
});

test("the sentence says training's ceiling at scale, 2,400 / 88,800 of a year as of a quarter", () => {
  const { sentence, stale } = summaryOf(EXAMPLE_PLAN);
  expect(sentence).toContain("At Scale, training is 2.7% of the hours");
  expect(sentence).not.toContain("costs");
  expect(stale).toBe(false);
});

test("the cost model's 540,000,000 row typed as Launch: serving 10x", () => {
  expect(figure({ ...EXAMPLE_PLAN, launchClips: 540e6 }, /^Launch/).value).toBe("Serving, 10x");
});

test("with a price, an interval at scale in money: 22,200 h at 2.5 USD", () => {
  const { sentence } = summaryOf({ ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD" });
  expect(sentence).toContain(`costs ${formatCost(22_200 * 2.5, "USD")}`);
});

test("a half of 0 hours has no ratio: the stage says which half is all of it", () => {
  const noTraining = { ...EXAMPLE_PLAN, trainingHours: 0 };
  expect(figure(noTraining, /^Crossover/).value).toBe("0");
  expect(figure(noTraining, /^Prototype/).value).toBe("Serving only");
  expect(figure({ ...EXAMPLE_PLAN, prototypeClips: 0 }, /^Prototype/).value).toBe("Training only");
  expect(summaryOf(noTraining).sentence).not.toMatch(/NaN|Infinity|undefined/);
});

test("stale figures are marked so", () => {
  expect(stageSummary(tableOf(EXAMPLE_PLAN), EXAMPLE_PLAN, true).stale).toBe(true);
});
