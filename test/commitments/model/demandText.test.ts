/*
 * A demand profile as typed (demandText.ts): levels as accelerators x hours, and the part that does not read named.
 */
import { isProblem } from "../../../src/core/model/problems";
import { cheapestCommitment, parseDemandProfile } from "../../../src/commitments/model";

test("the worked example typed: 10 x 360, 30 x 360 commits 10 at 40% off", () => {
  const demand = parseDemandProfile("10 x 360, 30 x 360");
  expect(demand).toEqual([
    { accelerators: 10, hours: 360 },
    { accelerators: 30, hours: 360 },
  ]);
  const answer = cheapestCommitment({ demand: demand as never, pricePerAcceleratorHour: 2, discount: 0.4 });
  expect(isProblem(answer) ? answer.message : answer.cheapest.committedAccelerators).toBe(10);
});

test("the signs and separators a planner types: ×, *, for, hours, semicolons and lines", () => {
  expect(parseDemandProfile("10 × 360h; 30*360\n2.5 for 12 hours")).toEqual([
    { accelerators: 10, hours: 360 },
    { accelerators: 30, hours: 360 },
    { accelerators: 2.5, hours: 12 },
  ]);
});

test.each([
  ["", /Type the demand as accelerators x hours/],
  ["ten x 360", /"ten x 360" is not accelerators x hours/],
  ["-10 x 360", /"-10 x 360" is not accelerators x hours/],
  ["10 x", /"10 x" is not accelerators x hours/],
])("%p is a Problem in words", (text, message) => {
  const demand = parseDemandProfile(text);
  expect(isProblem(demand)).toBe(true);
  if (isProblem(demand)) expect(demand.message).toMatch(message);
});
