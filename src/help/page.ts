/*
 * The help page Excel opens from each function's "help on this function" link: the authored
 * template src/help/help.html with its slots filled from the model, FUNCTION_CATALOG and
 * functions.json. webpack.config.js (HelpPagePlugin) calls renderHelpPage at build time and
 * writes dist/help.html; the tests call it with other plans to see the figures follow.
 */
import { EXAMPLE_PLAN } from "../stages/model";
import { FUNCTION_CATALOG } from "../functions";
import { functionExamples } from "./examples";
import { errorsTable } from "./errors";
import { formatFigure } from "./format";
import { callsHtml, escapeHtml } from "./html";
import { anchorOf, functionSection, FunctionsMetadata, metadataOf } from "./sections";
import { ExamplePlan, WorkedExample, workedExample, workedExampleCalls } from "./workedExample";

/** The slots of the template, each written once as <!-- slot:name -->. */
export const SLOTS = ["contents", "worked-example", "functions", "errors"] as const;

/** The worked example's section body: the plan in words, one interval's calls, then the year's. */
function workedExampleHtml(example: WorkedExample): string {
  const { plan, intervalName } = example;
  const every = `every ${formatFigure(plan.intervalDays)} days${intervalName ? ` (a ${intervalName})` : ""}`;
  const calls = workedExampleCalls(example);
  const ratio = formatFigure(example.splitRatio);
  const verdict = {
    serving: `Traffic is ${ratio} times the crossover: serving is the larger half.`,
    training: `Traffic is ${ratio} of the crossover: training is the larger half.`,
    equal: "Traffic is at the crossover: the halves are equal.",
  }[example.dominantSide];
  const year =
    `A year is ${formatFigure(example.retrainsPerYear)} retrains: training ${formatFigure(example.trainingYear)} ` +
    `hours, serving ${formatFigure(example.servingYear)}, ${formatFigure(example.totalYear)} in all.`;
  return [
    `<p>A service retrains ${every}, with a run of ${formatFigure(plan.trainingHours)} accelerator-hours. ` +
      `Scoring one clip takes ${formatFigure(plan.secondsPerClip)} accelerator-seconds, ` +
      `and ${formatFigure(plan.clipsPerSecond)} clips arrive per second on average.</p>`,
    callsHtml(calls.interval),
    `<p>${escapeHtml(verdict)} ${escapeHtml(year)}</p>`,
    callsHtml(calls.year),
  ].join("\n");
}

/** Puts `html` in place of the template's one <!-- slot:name -->. */
function fill(page: string, slot: string, html: string): string {
  const parts = page.split(`<!-- slot:${slot} -->`);
  if (parts.length !== 2) throw new Error(`src/help/help.html must hold <!-- slot:${slot} --> once.`);
  return parts.join(html);
}

/**
 * The whole help page from its template, functions.json (for the JSDoc's words and the help
 * anchors) and a plan (the worked example's inputs; the form's defaults unless a test says
 * otherwise). Throws when the catalog and functions.json disagree, a function has no example,
 * or an example returns an error: a wrong page is never built.
 */
export function renderHelpPage(
  template: string,
  metadata: FunctionsMetadata,
  plan: ExamplePlan = EXAMPLE_PLAN,
): string {
  const example = workedExample(plan);
  const entries = FUNCTION_CATALOG.map((spec) => metadataOf(spec, metadata));
  const sections = FUNCTION_CATALOG.map((spec, i) =>
    functionSection(spec, entries[i], functionExamples(spec, example)),
  );
  const contents = FUNCTION_CATALOG.map(
    (spec, i) => `<li><a href="#${escapeHtml(anchorOf(entries[i]))}">${escapeHtml(spec.id)}</a></li>`,
  );
  const filled: Record<(typeof SLOTS)[number], string> = {
    contents: contents.join("\n"),
    "worked-example": workedExampleHtml(example),
    functions: sections.join("\n"),
    errors: errorsTable(),
  };
  return SLOTS.reduce((page, slot) => fill(page, slot, filled[slot]), template);
}
