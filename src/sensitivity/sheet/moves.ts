/*
 * A sensitivity's moves as the sheets write them: the what-if sheet (stage view) and the annual
 * sheet each have two named moves, -20% and +20% by default, and each input's low and high is its
 * base value moved by them unless a planner typed ends of their own. One format, one formula and
 * one rule for both sheets, each mirroring the model (src/sensitivity/model/sensitivity.ts); the
 * formula's arithmetic is sensitivityFormulas.ts's movedEnd, held to defaultSwingRange in its test.
 */
import * as sensitivityExcel from "./sensitivityFormulas";

/** A move, as the cell shows it: +20%, -20%, 0%. */
export const MOVE_FORMAT = "+0%;-0%;0%";

/**
 * The formula of an input's end: the base cell moved by the named move, base x (1 + move). A
 * factor (1 = none) never goes below 1, as the model's defaultSwingRange keeps it; the model's other
 * fallback (a value the field refuses becomes the base) cannot happen here: every other field is 0
 * or more, or more than 0, and a move is more than -100%.
 */
export function movedEndFormula(base: string, move: string, factor: boolean): string {
  return factor ? sensitivityExcel.movedFactorEnd(base, move) : sensitivityExcel.movedEnd(base, move);
}

/** The headings of the blue cells where a planner types an end of their own (blank follows the move). */
export const OWN_HEADINGS = { low: "Your low", high: "Your high" } as const;

/**
 * The end used: the planner's own (a blue input, blank unless typed) or, while it is blank, the base moved.
 * FAST keeps an input cell for typed values only, so the moved default lives here, beside it, never in it.
 * @example ownOrMoved("D12", "C12*(1+Low)") // "IF(ISBLANK(D12),C12*(1+Low),D12)"
 */
export function ownOrMoved(own: string, moved: string): string {
  return `IF(ISBLANK(${own}),${moved},${own})`;
}

/** The rule on a move cell, as the model's checkFraction: a number above -1 (at -100% every input would be 0). */
export const MOVE_RULE = {
  operator: "greaterThan",
  bound: -1,
  text: "more than -100%",
  prompt: (side: "low" | "high") => ({
    title: "A percentage, above -100%",
    message: `How far each input moves for its ${side} value: -20% is 20% lower, 20% is 20% higher.`,
  }),
  error: { title: "Enter a percentage above -100%", message: "A move must be more than -100% (-1)." },
} as const;

/**
 * The inputs whose ends a planner typed, each with which: "Training run (low and high)", "Clips per
 * second (high)", for the note that says those cells do not follow the moves.
 */
export function ownEnds(varied: readonly { label: string; editedEnds: { low: boolean; high: boolean } }[]): string[] {
  return varied
    .filter((input) => input.editedEnds.low || input.editedEnds.high)
    .map(({ label, editedEnds }) => {
      const ends = editedEnds.low && editedEnds.high ? "low and high" : editedEnds.low ? "low" : "high";
      return `${label} (${ends})`;
    });
}
