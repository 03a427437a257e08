/* The form's reading of typed text, with the model's checks behind every field. */
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { initialText, readForm } from "../../../src/stages/pane/stageForm";
import { parseNumber } from "../../../src/core/pane/formReading";

const initial = Object.fromEntries(PLAN_FIELDS.map((f) => [f.key, initialText(f)]));

test("the initial form is the worked example", () => {
  const reading = readForm(initial);
  expect(reading.errors).toEqual({});
  expect(reading.plan).toEqual(EXAMPLE_PLAN);
  expect(reading.table?.rows[2].dominantHalf).toBe("serving, 36x");
});

test.each([
  ["5,000", 5000],
  ["1,944,000,000", 1.944e9],
  ["1.944e9", 1.944e9],
  [" 0.040 ", 0.04],
  [".5", 0.5],
  ["250_000", 250000],
])("parses %s", (text, value) => expect(parseNumber(text)).toBe(value));

test.each(["", "abc", "0,04", "1.2.3", "12,34", "1e999"])("rejects %p with a message", (text) => {
  expect(typeof parseNumber(text)).toBe("string");
});

test.each([
  ["secondsPerClip", "0", "Serving time per clip is 0"],
  ["trainingHours", "-5", "Training run per retrain must be 0 or more"],
  ["trainingOverhead", "0.5", "multiplier of 1 or more"],
  ["prototypeClips", "lots", "is not a number"],
  ["pricePerHour", "-1", "Price per accelerator-hour must be 0 or more"],
])("%s = %p says what to fix next to the field", (id, text, message) => {
  const reading = readForm({ ...initial, [id]: text });
  expect(reading.plan).toBeUndefined();
  expect(reading.errors[id as keyof typeof reading.errors]).toContain(message);
});

test("optional fields left blank take their defaults; typed ones are used", () => {
  expect(readForm({ ...initial, launchClips: "", scaleClips: "" }).plan).toEqual(EXAMPLE_PLAN);
  const typed = readForm({ ...initial, launchClips: "60,000,000", pricePerHour: "2.50", currency: "USD" }).plan!;
  expect(typed.launchClips).toBe(6e7);
  expect(typed.pricePerHour).toBe(2.5);
  expect(typed.currency).toBe("USD");
});

test("a plan that overflows is refused as a whole", () => {
  const reading = readForm({ ...initial, scaleClips: "1e308", secondsPerClip: "1e10" });
  expect(reading.plan).toBeUndefined();
  expect(reading.planError).toMatch(/too large/);
});

describe("messages that tell the truth, naming the pane's own fields", () => {
  test("a training overhead that overflows with the run names both fields by their labels", () => {
    const reading = readForm({ ...initial, trainingOverhead: "1e308" });
    expect(reading.plan).toBeUndefined();
    expect(reading.errors.trainingOverhead).toBe(
      "Training run per retrain × Training overhead: failed runs and sweeps is over 1.8e308 accelerator-hours," +
        " too large to compute; check the units.",
    );
    expect(JSON.stringify(reading)).not.toMatch(/training_hours|Training_hours/);
  });

  test("clips per second that overflow over the interval are named when scale is left blank", () => {
    const reading = readForm({ ...initial, clipsPerSecond: "1e300", intervalDays: "1e10" });
    expect(reading.errors.intervalDays).toContain("Scale: clips per second × Retrain interval is over 1.8e308 clips");
    expect(readForm({ ...initial, clipsPerSecond: "1e300", intervalDays: "1e10", scaleClips: "5" }).plan).toBeDefined();
  });

  test.each(["1e-400", `0.${"0".repeat(400)}1`])("%s is refused as too small, not read as 0", (text) => {
    expect(parseNumber(text)).toBe("That number is too small to compute (below 5e-324); enter 0 or a larger number.");
  });

  test("0, 0.000 and 0e5 are still 0; 5e-324 is still accepted", () => {
    expect([parseNumber("0"), parseNumber("0.000"), parseNumber("0e5"), parseNumber("5e-324")]).toEqual([
      0, 0, 0, 5e-324,
    ]);
  });

  test("a retrain interval of 0 is refused for the true reason: nothing divides by it", () => {
    const message = readForm({ ...initial, intervalDays: "0" }).errors.intervalDays;
    expect(message).toBe("Retrain interval must be more than 0; got 0.");
    expect(message).not.toContain("divides");
  });

  test("a currency is cut to eight characters, never half of an emoji", () => {
    const currency = readForm({ ...initial, pricePerHour: "2", currency: "💶💶💶💶💶💶💶💶💶💶" }).plan!.currency!;
    expect(currency).toBe("💶".repeat(8));
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(currency)).toBe(false);
  });
});
