/*
 * The input cells' data validation against the model's own checks: every numeric input carries
 * a rule, the rule admits exactly the numbers its field's check accepts, and the messages name
 * the unit within Excel's limits.
 */
import fc from "fast-check";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { PLAN_FIELDS, PlanField, planField } from "../../../src/stages/model/planFields";
import { problem } from "../../../src/core/model/problems";
import { BLANK_FORMULAS, sheetLayout } from "../../../src/stages/sheet/stageLayout";
import { inputValidation, ruleAdmits, validationRule } from "../../../src/core/sheet/validation";
import { placedCells } from "../../support/layoutCells";

const NUMERIC = PLAN_FIELDS.filter((field) => field.quantity !== "text");

test.each(NUMERIC.map((field) => [field.key, field] as const))(
  "%s: the rule admits exactly what the model's check accepts",
  (_, field) => {
    const rule = validationRule(field)!;
    const accepts = (value: number) => field.check!(value, field.label) === undefined;
    // A cell holds no infinity or NaN; every other double, and the bounds' neighbours, must agree.
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 1, Number.MIN_VALUE, -Number.MIN_VALUE, 1 - Number.EPSILON / 2, 1 + Number.EPSILON),
    );
    fc.assert(fc.property(value, (v) => ruleAdmits(rule, v) === accepts(v)));
  },
);

test("the rules read as the pane's checks: hours and clips 0 or more, divisors above 0, factors 1 or more", () => {
  const ruleOf = (key: keyof Plan) => validationRule(planField(key))!;
  expect(ruleOf("trainingHours")).toMatchObject({ operator: "greaterThanOrEqual", bound: 0 });
  expect(ruleOf("prototypeClips")).toMatchObject({ operator: "greaterThanOrEqual", bound: 0 });
  expect(ruleOf("secondsPerClip")).toMatchObject({ operator: "greaterThan", bound: 0 });
  expect(ruleOf("intervalDays")).toMatchObject({ operator: "greaterThan", bound: 0 });
  expect(ruleOf("trainingOverhead")).toMatchObject({ operator: "greaterThanOrEqual", bound: 1 });
  expect(ruleOf("peakToMean")).toMatchObject({ operator: "greaterThanOrEqual", bound: 1 });
  expect(validationRule(planField("currency"))).toBeUndefined();
});

test("a check that no rule states is refused, not guessed", () => {
  const upTo5 = (v: number) => (v <= 5 ? undefined : problem("invalidNumber", "at most 5"));
  const odd: PlanField = { ...planField("trainingHours"), check: upTo5 };
  expect(() => validationRule(odd)).toThrow(/No data-validation rule matches the check of Training run per retrain/);
});

describe("every input cell of a sheet has its field's validation", () => {
  const plans: Record<string, Plan> = {
    "the worked example (launch and scale left blank)": EXAMPLE_PLAN,
    "every field typed, with a price": {
      ...EXAMPLE_PLAN,
      launchClips: 1e8,
      scaleClips: 3e9,
      pricePerHour: 2.5,
      currency: "USD",
    },
  };
  test.each(Object.entries(plans))("%s", (_, plan) => {
    const layout = sheetLayout(plan, "_2");
    const inputs = placedCells(layout)
      .filter(({ cell }) => cell.role === "input")
      .map(({ address }) => address);
    const byAddress = new Map(layout.validations.map((v) => [v.address, v]));
    const numeric: string[] = [];
    for (const address of inputs) {
      const field = PLAN_FIELDS.find((f) => layout.inputs[f.key] === address)!;
      if (field.quantity === "text") {
        expect(byAddress.has(address)).toBe(false);
        continue;
      }
      numeric.push(address);
      // A defaulted field's blank stands for its default whether or not a value is typed over it.
      const blank = BLANK_FORMULAS[field.key] !== undefined ? field.blankMeans : undefined;
      expect(byAddress.get(address)).toEqual(inputValidation(field, address, blank));
      expect(byAddress.get(address)!.rule).toEqual(validationRule(field));
    }
    expect(layout.validations.map((v) => v.address).sort()).toEqual(numeric.sort());
    // Every numeric field but the money ones, which show only with a price, has its cell.
    expect(numeric.length).toBeGreaterThanOrEqual(NUMERIC.filter((field) => field.group !== "money").length);
  });
});

test("messages name the unit, say what a default formula is, and fit Excel's limits (32 and 255)", () => {
  const layout = sheetLayout({ ...EXAMPLE_PLAN, pricePerHour: 1 });
  for (const v of layout.validations) {
    // A plan without tokens: every validation is a plan field's.
    const field = planField(v.field as keyof Plan);
    for (const title of [v.prompt.title, v.error.title]) expect(title.length).toBeLessThanOrEqual(32);
    for (const message of [v.prompt.message, v.error.message]) expect(message.length).toBeLessThanOrEqual(255);
    expect(v.prompt.message).toContain(field.label);
    if (field.quantity !== "factor") expect(v.prompt.message).toContain(field.unit);
    expect(v.error.message).toContain(v.rule.text);
  }
  const launch = layout.validations.find((v) => v.field === "launchClips")!;
  expect(launch.prompt.message).toBe(
    "Launch: clips per interval (clips): a number 0 or more. Blank uses the default, the crossover; a number" +
      " replaces it.",
  );
  const overhead = layout.validations.find((v) => v.field === "trainingOverhead")!;
  expect(overhead.prompt).toEqual({
    title: "A multiplier, 1 or more",
    message: "Training overhead: failed runs and sweeps (1 = none): a multiplier 1 or more.",
  });
  expect(overhead.error).toEqual({
    title: "Enter a multiplier 1 or more",
    message: "Training overhead: failed runs and sweeps must be a multiplier 1 or more (1 = none).",
  });
});
