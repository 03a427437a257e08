/*
 * Golden test of functions.json, generated from the JSDoc by Microsoft's own generator, and of
 * the copy the build wrote. Ids, names and argument order are a contract with saved workbooks:
 * a change here is a breaking change unless it only adds. UPDATE_GOLDEN=1 rewrites the golden
 * file after a deliberate change.
 */
import { readFileSync, writeFileSync } from "fs";
import { resolve } from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";

const source = resolve(__dirname, "../../src/functions/functions.ts");
const goldenPath = resolve(__dirname, "functions.golden.json");

test("the generator's functions.json matches the golden file", async () => {
  const generated = await generateCustomFunctionsMetadata([source], true);
  expect(generated.errors).toEqual([]);
  if (process.env.UPDATE_GOLDEN) writeFileSync(goldenPath, generated.metadataJson);
  expect(JSON.parse(generated.metadataJson)).toEqual(JSON.parse(readFileSync(goldenPath, "utf8")));
});

test("the built dist/functions.json is the golden file, plus the flag that lets error values in", () => {
  const built = JSON.parse(readFileSync(resolve(__dirname, "../../dist/functions.json"), "utf8"));
  // Without it Excel never passes an input cell's error to a custom function (webpack.config.js).
  expect(built.allowErrorForDataTypeAny).toBe(true);
  const { allowErrorForDataTypeAny: _flag, ...generated } = built;
  expect(generated).toEqual(JSON.parse(readFileSync(goldenPath, "utf8")));
  // Every argument is `any`, the type the flag applies to.
  for (const f of built.functions) for (const p of f.parameters) expect(p.type).toBe("any");
});

test("the contract: ids, names and argument order", () => {
  const { functions } = JSON.parse(readFileSync(goldenPath, "utf8"));
  const signatures = functions.map(
    (f: any) => `${f.id}=${f.name}(${f.parameters.map((p: any) => (p.optional ? `[${p.name}]` : p.name)).join(", ")})`,
  );
  // Literal on purpose: saved workbooks call these ids with these arguments, in this order.
  expect(signatures).toEqual([
    "CROSSOVER=CROSSOVER(training_hours, seconds_per_clip)",
    "SERVINGHOURS=SERVINGHOURS(clips, seconds_per_clip)",
    "AMDAHLCEILING=AMDAHLCEILING(part_hours, total_hours, [fraction_cut])",
    "CLIPSPERINTERVAL=CLIPSPERINTERVAL(clips_per_second, interval_days)",
    "SPLITRATIO=SPLITRATIO(clips, seconds_per_clip, training_hours)",
    "DOMINANTHALF=DOMINANTHALF(clips, seconds_per_clip, training_hours)",
    "STAGETABLE=STAGETABLE(training_hours, seconds_per_clip, prototype_clips, launch_clips, scale_clips)",
    "TRAININGSHARE=TRAININGSHARE(training_hours, serving_hours, [other_hours])",
    "LEVERSAVING=LEVERSAVING(part_hours, current, proposed)",
    "COSTPER1K=COSTPER1K(training_hours, serving_hours, clips, price)",
    "CLIPSPERMONTH=CLIPSPERMONTH(clips_per_second, [days_per_year])",
    "MARGINALCOSTPER1K=MARGINALCOSTPER1K(seconds_per_clip, price, [peak_to_mean])",
    "MODELSERVINGHOURS=MODELSERVINGHOURS(clips, share_scored, seconds_per_clip, [peak_to_mean])",
    "STALENESSCOST=STALENESSCOST(clips_per_month, drift, cost_per_error, cadence_months)",
    "ECONOMICCADENCE=ECONOMICCADENCE(run_cost, clips_per_month, drift, cost_per_error)",
    "TOKENSECONDS=TOKENSECONDS(input_tokens, output_tokens, input_tokens_per_second, output_tokens_per_second)",
    "APICOST=APICOST(requests, input_tokens, output_tokens, input_price_per_million, output_price_per_million)",
    "APICROSSOVER=APICROSSOVER(min_accelerators, price_per_hour, api_cost_per_request, seconds_per_request, " +
      "peak_to_mean, [hours_per_month])",
  ]);
  for (const f of functions) {
    expect(f.description.length).toBeGreaterThan(20);
    expect(f.helpUrl).toMatch(new RegExp(`^https://localhost:3000/help\\.html#${f.id.toLowerCase()}$`));
    for (const p of f.parameters) expect(p.description.length).toBeGreaterThan(10);
  }
});
