import { productRatio } from "./arithmetic";
import { checkNonNegative } from "./checks";
import { isProblem, Problem, problem } from "./problems";
import { SECONDS_PER_HOUR } from "./units";

/**
 * Rounds to `digits` significant figures as a person rounds the number's decimal digits, half
 * away from zero, reading the value to 15 significant digits as spreadsheets show it: 10.85
 * rounds to 10.9 although the double nearest 10.85 is 10.8499999.... Spreadsheets' ROUND does
 * the same (Excel, LibreOffice and IronCalc give ROUND(2.675, 2) = 2.68), so a figure the model
 * rounds equals the one a sheet's ROUND shows; toPrecision would round the binary value down.
 * @example roundSignificant(10.85, 3) // 10.9
 */
export function roundSignificant(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const [mantissa, exponent] = Math.abs(value).toExponential(14).split("e");
  const decimals = mantissa.replace(".", "");
  const kept = Number(decimals.slice(0, digits)) + (decimals.charCodeAt(digits) >= 53 /* "5" */ ? 1 : 0);
  const rounded = Number(`${kept}e${Number(exponent) - digits + 1}`);
  return value < 0 ? -rounded : rounded;
}

/** Which half is larger, and by how many times, rounded to three significant figures. */
export interface Dominance {
  /** "equal" when the rounded lead is 1 */
  side: "serving" | "training" | "equal";
  /** the larger half over the smaller, three significant figures; 1 when equal */
  lead: number;
}

/** The dominance for a ratio of serving to training hours. */
function dominanceOfRatio(ratio: number): Dominance | Problem {
  const servingLeads = ratio >= 1;
  const lead = servingLeads ? ratio : 1 / ratio;
  if (!(ratio > 0) || !Number.isFinite(lead)) {
    return problem("invalidNumber", "One half is too many times the other to show as a ratio (over 1.8e308).");
  }
  const rounded = roundSignificant(lead, 3);
  // A lead just under the largest double rounds past it (1.797e308 to 1.80e308), as ROUND does in a sheet.
  if (!Number.isFinite(rounded)) {
    return problem("invalidNumber", "One half is too many times the other to show as a ratio (1.8e308 or more).");
  }
  if (rounded === 1) return { side: "equal", lead: 1 };
  return { side: servingLeads ? "serving" : "training", lead: rounded };
}

/** The text of a dominance: "serving, 36x", "training, 10.8x" or "equal". */
export function dominanceText(dominance: Dominance | Problem): string | Problem {
  if (isProblem(dominance)) return dominance;
  return dominance.side === "equal" ? "equal" : `${dominance.side}, ${dominance.lead}x`;
}

/**
 * Which half dominates, from hours: the side and the lead, the larger half over the smaller.
 * A half of 0 hours has no finite lead, so it is a division by zero.
 * @example dominanceOfHours(21600, 600) // { side: "serving", lead: 36 }
 */
export function dominanceOfHours(servingHoursValue: number, trainingHours: number): Dominance | Problem {
  const bad = checkNonNegative(servingHoursValue, "serving hours") ?? checkNonNegative(trainingHours, "training_hours");
  if (bad) return bad;
  if (servingHoursValue === 0 || trainingHours === 0) return zeroHalf(servingHoursValue === 0, trainingHours === 0);
  return dominanceOfRatio(productRatio(servingHoursValue, 1, 1, trainingHours, 1));
}

/** A half of 0 hours has no finite lead over the other: a division by zero. */
function zeroHalf(servingIsZero: boolean, trainingIsZero: boolean): Problem {
  if (servingIsZero && trainingIsZero)
    return problem("divisionByZero", "Both halves are 0 hours; there is nothing to compare.");
  const zero = servingIsZero ? "Serving" : "Training";
  return problem("divisionByZero", `${zero} hours are 0, so the other half's lead is not a finite ratio.`);
}

/**
 * Which half dominates, from traffic: the side and the lead when scoring `clips` at
 * `secondsPerClip` against `trainingHours` per interval. The ratio is taken in one step, so halves
 * too small or too large for a double on their own still compare when their ratio fits.
 * @example dominanceOfTraffic(1.944e9, 0.04, 600) // { side: "serving", lead: 36 }
 */
export function dominanceOfTraffic(clips: number, secondsPerClip: number, trainingHours: number): Dominance | Problem {
  const bad =
    checkNonNegative(clips, "clips") ??
    checkNonNegative(secondsPerClip, "seconds_per_clip") ??
    checkNonNegative(trainingHours, "training_hours");
  if (bad) return bad;
  const servingIsZero = clips === 0 || secondsPerClip === 0;
  if (servingIsZero || trainingHours === 0) return zeroHalf(servingIsZero, trainingHours === 0);
  return dominanceOfRatio(productRatio(clips, secondsPerClip, 1, SECONDS_PER_HOUR, trainingHours));
}

/**
 * DOMINANTHALF from traffic: dominanceOfTraffic as text.
 * @example dominantHalf(1.944e9, 0.04, 600) // "serving, 36x"
 */
export function dominantHalf(clips: number, secondsPerClip: number, trainingHours: number): string | Problem {
  return dominanceText(dominanceOfTraffic(clips, secondsPerClip, trainingHours));
}
