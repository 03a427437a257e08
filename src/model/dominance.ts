import { checkNonNegative } from "./checks";
import { servingHours } from "./formulas";
import { Problem, problem } from "./problems";

/** Rounds to `digits` significant figures. */
export function roundSignificant(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

/**
 * Which half of the bill dominates and by how much, from hours: "serving, 36x",
 * "training, 10.8x" (the larger half over the smaller, three significant figures), or "equal"
 * when that rounds to 1. A half of 0 hours has no finite lead, so it is a division by zero.
 * @example dominantHalfOfHours(21600, 600) // "serving, 36x"
 */
export function dominantHalfOfHours(servingHoursValue: number, trainingHours: number): string | Problem {
  const bad = checkNonNegative(servingHoursValue, "serving hours") ?? checkNonNegative(trainingHours, "training_hours");
  if (bad) return bad;
  if (servingHoursValue === 0 || trainingHours === 0) {
    return problem(
      "divisionByZero",
      servingHoursValue === trainingHours
        ? "Both halves are 0 hours; there is nothing to compare."
        : `${servingHoursValue === 0 ? "Serving" : "Training"} hours are 0,` +
            " so the other half's lead is not a finite ratio.",
    );
  }
  const servingLeads = servingHoursValue >= trainingHours;
  const lead = servingLeads ? servingHoursValue / trainingHours : trainingHours / servingHoursValue;
  if (!Number.isFinite(lead))
    return problem("invalidNumber", "One half is too many times the other to show as a ratio.");
  const rounded = roundSignificant(lead, 3);
  if (rounded === 1) return "equal";
  return `${servingLeads ? "serving" : "training"}, ${rounded}x`;
}

/**
 * DOMINANTHALF from traffic: which half dominates when scoring `clips` at `secondsPerClip`
 * against `trainingHours` per interval.
 * @example dominantHalf(1.944e9, 0.04, 600) // "serving, 36x"
 */
export function dominantHalf(clips: number, secondsPerClip: number, trainingHours: number): string | Problem {
  const serving = servingHours(clips, secondsPerClip);
  if (typeof serving !== "number") return serving;
  return dominantHalfOfHours(serving, trainingHours);
}
