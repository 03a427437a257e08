/*
 * The levers are one row each (LEVERS) beside their proposals' fields (ANNUAL_FIELDS' levers group): the two
 * lists must agree, since the model's arithmetic, the sheet's lever cells and the blanks are all read from them.
 */
import { ANNUAL_FIELDS, annualField, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualFigures, AnnualFigures, LEVERS } from "../../../src/annual/model/levers";

test("each proposal field is one lever's, and each lever's proposal is a field of the levers group", () => {
  const proposals = ANNUAL_FIELDS.filter((field) => field.group === "levers").map((field) => field.key);
  expect(LEVERS.map((lever) => lever.proposedKey)).toEqual(proposals);
  expect(new Set(LEVERS.map((lever) => lever.id)).size).toBe(LEVERS.length);
});

test("a lever's input now is a field of the year, in the same quantity as its proposal", () => {
  for (const lever of LEVERS) {
    if (lever.currentKey === undefined) continue;
    const current = annualField(lever.currentKey);
    expect(current.group).not.toBe("levers");
    expect(current.quantity).toBe(annualField(lever.proposedKey).quantity);
  }
});

test("a blank proposal is no change: the lever's row saves nothing", () => {
  for (const lever of LEVERS) {
    if (annualField(lever.proposedKey).blankMeans === undefined) continue;
    const view = annualFigures({ ...EXAMPLE_ANNUAL_PLAN, [lever.proposedKey]: undefined }) as AnnualFigures;
    const row = view.levers.rows.find((r) => r.lever === lever.id)!;
    expect(row).toMatchObject({ changed: false, hoursSavedPerYear: 0, proposed: row.current });
  }
});
