/*
 * The kept "Serving time given as" choice (issue 32): the record round-trips; a record that is not one, a choice the
 * add-in does not know, and a newer version are refused with their sentences (a newer one flagged, so it is not
 * written over); a field the view does not know is left out and said; nothing stored is nothing kept.
 */
import { chainProblem } from "../../../src/core/model/savedState";
import {
  readServingTimeState,
  SERVING_TIME_STATE,
  servingTimeStateJson,
  ServingTimeState,
} from "../../../src/tokens/model";

const LEAD = "The saved serving time could not be used, so seconds per clip are shown: ";

const annual: ServingTimeState = {
  source: "tokens",
  tokens: { inputTokens: "1,500", outputTokens: "200", inputTokensPerSecond: "10,000", outputTokensPerSecond: "2,000" },
  proposed: { inputTokens: "", outputTokens: "100", inputTokensPerSecond: "", outputTokensPerSecond: "" },
};

test("the format is declared as data: version 1, no migrations, a sound chain", () => {
  expect(SERVING_TIME_STATE).toMatchObject({ format: "mlcost-serving-time", version: 1, migrations: [] });
  expect(chainProblem(SERVING_TIME_STATE)).toBeUndefined();
});

test("a state round-trips, with its proposal and without; an invalid text is kept as typed", () => {
  expect(readServingTimeState(servingTimeStateJson(annual))).toEqual({ state: annual });
  const stage: ServingTimeState = { source: "seconds", tokens: { inputTokens: "abc" } };
  expect(readServingTimeState(servingTimeStateJson(stage))).toEqual({ state: stage });
  const json = JSON.parse(servingTimeStateJson(stage));
  expect(json).toMatchObject({ format: "mlcost-serving-time", version: 1 });
});

test("nothing stored is nothing kept, without a sentence", () => {
  for (const stored of [null, undefined, ""]) expect(readServingTimeState(stored)).toEqual({});
});

test("a newer version is refused with both versions named, and flagged so it is not written over", () => {
  const newer = JSON.stringify({ ...JSON.parse(servingTimeStateJson(annual)), version: 2 });
  expect(readServingTimeState(newer)).toEqual({
    message: `${LEAD}it is version 2, from a newer MLCost; this add-in reads version 1.`,
    newer: true,
  });
});

test("a bad record is refused with its sentence, never thrown", () => {
  expect(readServingTimeState("{not json")).toEqual({ message: `${LEAD}it is not valid JSON.` });
  expect(readServingTimeState(JSON.stringify({ format: "mlcost-api-or-fleet", version: 1 }))).toEqual({
    message: `${LEAD}it is not a serving-time choice: its format is "mlcost-api-or-fleet".`,
  });
  const wrongChoice = JSON.stringify({ ...JSON.parse(servingTimeStateJson(annual)), source: "minutes" });
  expect(readServingTimeState(wrongChoice)).toEqual({
    message: `${LEAD}its choice is neither "seconds" nor "tokens".`,
  });
  const noTokens = JSON.stringify({ format: "mlcost-serving-time", version: 1, source: "tokens", tokens: [1] });
  expect(readServingTimeState(noTokens)).toEqual({ message: `${LEAD}it holds no token texts.` });
  expect(readServingTimeState("x".repeat(2001)).message).toBe(
    `${LEAD}it is 2,001 characters long, more than a serving-time choice holds.`,
  );
});

test("a field the view does not know is left out, and said", () => {
  const record = {
    ...JSON.parse(servingTimeStateJson(annual)),
    tokens: { inputTokens: "1,500", cachedTokens: "9" },
    proposed: { outputTokens: 7 },
  };
  expect(readServingTimeState(JSON.stringify(record))).toEqual({
    state: { source: "tokens", tokens: { inputTokens: "1,500" }, proposed: {} },
    message: "Left out what the view does not know: cachedTokens, proposed outputTokens.",
  });
});
