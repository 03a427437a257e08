/*
 * The form's reading of typed text where it meets a planner's habits: a serving time typed in milliseconds, a
 * unit the field cannot take, and the one line a folded group shows for its values.
 */
import { foldedValues, parseNumber, parseQuantity, readFields } from "../../../src/core/pane/formReading";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";

describe("a seconds field", () => {
  test.each([
    ["40 ms", 0.04],
    ["40ms", 0.04],
    ["30 MS", 0.03],
    ["0.04 s", 0.04],
    ["0.04s", 0.04],
    ["1,500 ms", 1.5],
    ["0.04", 0.04],
  ])("reads %p as %p seconds", (text, seconds) => {
    expect(parseQuantity(text, "seconds")).toBe(seconds);
  });

  test("says seconds are wanted, with the worked example's 40 ms, for text it cannot read", () => {
    const message = parseQuantity("40 min", "seconds");
    expect(message).toContain('"40 min" is not a number.');
    expect(message).toContain("Type seconds: 0.04 for 40 ms");
  });

  test("keeps a unit out of other fields: 40 ms is no number of hours or clips", () => {
    expect(parseQuantity("40 ms", "hours")).toBe('"40 ms" is not a number.');
    expect(parseQuantity("5 s", "clips")).toBe('"5 s" is not a number.');
  });

  test("the stage form reads a serving time typed in ms into the plan in seconds", () => {
    const { values, errors } = readFields(PLAN_FIELDS, { secondsPerClip: "40 ms" });
    expect(errors.secondsPerClip).toBeUndefined();
    expect(values.secondsPerClip).toBe(0.04);
  });

  test("a wrong ms value is still checked as seconds by the model (0 ms is 0 s)", () => {
    expect(parseQuantity("0 ms", "seconds")).toBe(0);
    expect(parseQuantity("ms", "seconds")).toContain("Type seconds");
  });
});

describe("a folded group's summary", () => {
  test("names each field shortly with its value as typed", () => {
    const values = [
      { name: "overhead", text: "1" },
      { name: "peak-to-mean", text: " 2 " },
    ];
    expect(foldedValues(values)).toBe("overhead 1, peak-to-mean 2");
  });

  test("says blank for an empty field and shows an invalid one as typed", () => {
    expect(
      foldedValues([
        { name: "price", text: "" },
        { name: "currency", text: "USD" },
      ]),
    ).toBe("price blank, currency USD");
    expect(foldedValues([{ name: "overhead", text: "abc" }])).toBe("overhead abc");
  });

  test("cuts a long text with an ellipsis, never half of a character", () => {
    const line = foldedValues([{ name: "currency", text: "Zimbabwe dollars 😀😀" }]);
    expect(line).toBe("currency Zimbabwe do…");
    expect(foldedValues([{ name: "c", text: "😀".repeat(13) }])).toBe(`c ${"😀".repeat(11)}…`);
  });
});

describe("a minus sign as Word and Excel's autocorrect type it", () => {
  test.each([
    ["\u22125", -5],
    ["\u2212 0.5", -0.5],
    ["1e\u22123", 0.001],
  ])("%s reads as %s", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
});

describe("a number with a space or an underscore inside (issue 27: 4 2 read as 42, 3_2 as 32)", () => {
  test.each([
    "4 2",
    "3_2",
    "1 0.5",
    "1234 567",
    "1_0000",
    "5 000_000",
    "5,000 000",
    "1.5 e9",
    "1e 9",
    "4\u00a02",
    "0.1 2",
  ])("%p is refused with a sentence, not read as another number", (text) => {
    const read = parseNumber(text);
    expect(typeof read).toBe("string");
    expect(read).toMatch(/^[A-Z"].*\.$/);
  });

  test("the sentence says what to type instead", () => {
    expect(parseNumber("4 2")).toBe(
      '"4 2" is not one number: type its digits together, or group thousands in threes (5 000).',
    );
  });

  test.each([
    ["5 000", 5000],
    ["1 944 000 000", 1.944e9],
    ["250_000", 250000],
    ["5\u202f000", 5000],
    ["5\u00a0000.25", 5000.25],
    ["- 5", -5],
    ["\u2212 0.5", -0.5],
  ])("thousands grouped in threes still read: %p is %p", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
});
