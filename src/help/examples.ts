/*
 * Each function's example on the help page, drawn from the worked example so the sections and
 * the walk-through tell one story. A function added to the catalog without an example here
 * stops the build (page.ts), which is the reminder to write one.
 */
import { ExampleCall, exampleCall } from "./calls";
import { formatFigure, formatShare } from "./format";
import { perInterval, WorkedExample } from "./workedExample";

/** The AMDAHLCEILING example: the docs' "retrain once a year instead of four times", or half the training. */
function ceilingExample(example: WorkedExample): ExampleCall {
  const { retrainsPerYear: times, trainingYear, totalYear } = example;
  const cut = times > 1 ? (times - 1) / times : 0.5;
  const call = exampleCall("AMDAHLCEILING", [trainingYear, totalYear, cut]);
  const share = formatShare(call.result as number);
  const change = times > 1 ? `retraining once a year instead of ${times} times` : "halving training";
  return { ...call, note: `(${share}): ${change} saves at most that share of a year's bill` };
}

/**
 * The examples of every function, by id, from the worked example's figures.
 * @example functionExamples(workedExample(EXAMPLE_PLAN)).CROSSOVER[0].result // 54000000
 */
export function functionExamples(example: WorkedExample): Readonly<Record<string, readonly ExampleCall[]>> {
  const { clipsPerSecond, intervalDays, prototypeClips, trainingHours: hours, secondsPerClip: seconds } = example.plan;
  const per = perInterval(example);
  const { clips, crossover } = example;
  return {
    CROSSOVER: [exampleCall("CROSSOVER", [hours, seconds], `clips ${per}`)],
    SERVINGHOURS: [
      exampleCall("SERVINGHOURS", [crossover, seconds], "hours: at the crossover, serving costs what training does"),
    ],
    AMDAHLCEILING: [ceilingExample(example)],
    CLIPSPERINTERVAL: [exampleCall("CLIPSPERINTERVAL", [clipsPerSecond, intervalDays], `clips ${per}`)],
    SPLITRATIO: [exampleCall("SPLITRATIO", [clips, seconds, hours], "serving hours per training hour")],
    DOMINANTHALF: [
      exampleCall("DOMINANTHALF", [clips, seconds, hours], `at ${formatFigure(clips)} clips ${per}`),
      exampleCall(
        "DOMINANTHALF",
        [prototypeClips, seconds, hours],
        `at the prototype stage's ${formatFigure(prototypeClips)}`,
      ),
    ],
    STAGETABLE: [
      exampleCall("STAGETABLE", [hours, seconds, prototypeClips, crossover, clips], "launch at the crossover"),
    ],
  };
}
