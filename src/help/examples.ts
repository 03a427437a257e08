/*
 * Each function's example on the help page, drawn from the worked example so the sections and
 * the walk-through tell one story. A function added to the catalog without an example here
 * stops the build (page.ts), which is the reminder to write one.
 */
import { EXAMPLE_ANNUAL_PLAN } from "../annual/model/annualFields";
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

/** The TRAININGSHARE examples: a year's bill as consumed, as paid at 2x peak-to-mean, and with one re-scan. */
function trainingShareExamples(example: WorkedExample): ExampleCall[] {
  const { trainingYear, servingYear } = example;
  const rescan = EXAMPLE_ANNUAL_PLAN.rescanHoursEach;
  const shareOf = (call: ExampleCall) => formatShare(call.result as number);
  const consumed = exampleCall("TRAININGSHARE", [trainingYear, servingYear]);
  const paid = exampleCall("TRAININGSHARE", [trainingYear, 2 * servingYear]);
  const rescanned = exampleCall("TRAININGSHARE", [trainingYear, servingYear, rescan]);
  return [
    { ...consumed, note: `(${shareOf(consumed)}): the most any change to training can take off a year's bill` },
    { ...paid, note: `(${shareOf(paid)}): against serving paid at 2x peak-to-mean` },
    { ...rescanned, note: `(${shareOf(rescanned)}): with one back-catalogue re-scan of ${formatFigure(rescan)} hours` },
  ];
}

/** The LEVERSAVING examples: the docs' "retrain once a year", and a quarter off the time per clip. */
function leverSavingExamples(example: WorkedExample): ExampleCall[] {
  const { retrainsPerYear: times, trainingYear, servingYear } = example;
  const seconds = example.plan.secondsPerClip;
  const [now, proposed] = times > 1 ? [times, 1] : [1, 0.5];
  const cadence = exampleCall("LEVERSAVING", [trainingYear, now, proposed]);
  const change = times > 1 ? `retraining once a year instead of ${times} times` : "retraining half as often";
  const faster = exampleCall("LEVERSAVING", [servingYear, seconds, seconds * 0.75]);
  const multiple = formatFigure((faster.result as number) / trainingYear);
  const ms = (value: number) => `${formatFigure(value * 1000)} ms`;
  return [
    { ...cadence, note: `hours a year: ${change}` },
    {
      ...faster,
      note: `hours a year: ${ms(seconds)} to ${ms(seconds * 0.75)} per clip, ${multiple} times the training half`,
    },
  ];
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
    TRAININGSHARE: trainingShareExamples(example),
    LEVERSAVING: leverSavingExamples(example),
  };
}
