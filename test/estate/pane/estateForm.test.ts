/* The Estate view's reading of typed texts and its words for the levers, without a DOM. */
import { EXAMPLE_ESTATE } from "../../../src/estate/model";
import { copyName, modelTextsOf, newModelName, readEstate, trafficTextsOf } from "../../../src/estate/pane/estateForm";
import { estateSummary, leverName, rankingSentence } from "../../../src/estate/pane/estateSummary";

const traffic = trafficTextsOf(EXAMPLE_ESTATE);
const models = EXAMPLE_ESTATE.models.map(modelTextsOf);

test("the worked example's texts read back as the example's estate and its figures", () => {
  const reading = readEstate(traffic, models);
  expect(reading.plan).toEqual(EXAMPLE_ESTATE);
  expect(reading.figures?.year.total.hours).toBe(191_200);
  expect(reading.modelErrors.every((errors) => Object.keys(errors).length === 0)).toBe(true);
});

test("a field that does not read, or fails its check, is named beside it; no figures then", () => {
  const typed = models.map((m, i) => (i === 2 ? { ...m, texts: { ...m.texts, shareScored: "1.5" } } : m));
  const reading = readEstate(traffic, typed);
  expect(reading.figures).toBeUndefined();
  expect(reading.modelErrors[2].shareScored).toBe("Share of clips scored must be between 0 and 1; got 1.5.");
  const text = readEstate({ ...traffic, clipsPerSecond: "lots" }, models);
  expect(text.trafficErrors.clipsPerSecond).toMatch(/is not a number/);
  const seconds = models.map((m, i) => (i === 0 ? { ...m, texts: { ...m.texts, secondsPerClip: "40 ms" } } : m));
  expect(readEstate(traffic, seconds).plan?.models[0].secondsPerClip).toBe(0.04);
});

test("a blank proposal is no change; a duplicated name is refused beside the second", () => {
  const blank = models.map((m, i) => (i === 1 ? { ...m, texts: { ...m.texts, retireProposed: "" } } : m));
  expect(readEstate(traffic, blank).figures?.levers.rows.some((row) => row.lever === "retire")).toBe(false);
  const twins = models.map((m, i) => (i === 1 ? { ...m, texts: { ...m.texts, name: "A policy classifier" } } : m));
  expect(readEstate(traffic, twins).modelErrors[1].name).toMatch(/Two models are called/);
});

test("a copy's and a new model's names are never one the estate has", () => {
  expect(copyName("B", ["A", "B"])).toBe("B (copy)");
  expect(copyName("B", ["B", "B (copy)"])).toBe("B (copy 2)");
  expect(newModelName(["A", "B", "C"])).toBe("Model 4");
  expect(newModelName(["Model 4", "B", "C"])).toBe("Model 5");
});

test("the summary and the sentence say where money and hours rank the levers apart", () => {
  const figures = readEstate(traffic, models).figures!;
  expect(leverName(figures.levers.rows[0])).toBe("C escalation: share of clips scored, 5% to 4% of clips");
  expect(rankingSentence(figures)).toBe(
    "In money, C escalation: share of clips scored, 5% to 4% of clips comes first; in hours it is number 3, and " +
      "B second opinion: retired leads. Money is what a budget holder acts on.",
  );
  const summary = estateSummary(figures, "USD");
  expect(summary.figures.map((f) => [f.value, f.note])).toEqual([
    ["191,200 h", "350,080.00 USD"],
    ["3.97% of hours", "8.68% of the money"],
    ["43,200.00 USD a year", "12.34% of the estate, against a ceiling of 61.7%"],
  ]);
});
