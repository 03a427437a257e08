/*
 * The estate's one formula of its own: the serving hours of one model of several, which scores a share of the
 * plan's clips (docs/cost-model.md, "Several models in one plan": serving hours_i = C x fraction scored_i x
 * seconds per clip_i / 3,600, x peak-to-mean_i for paid). MLCOST.MODELSERVINGHOURS computes it; the estate's year
 * reaches the same hours through annual's year over the model's share of the traffic.
 */
import { productRatio } from "../../core/model/arithmetic";
import { checkFactor, checkFraction, checkNonNegative, finiteResult } from "../../core/model/checks";
import { Problem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";

/**
 * Paid serving hours of a model that scores `shareScored` of `clips`: clips x share x seconds_per_clip / 3600 x
 * peak_to_mean. The share is what a planner forgets by hand: an escalation model at 0.5 s a clip that sees one
 * clip in twenty costs 54,000 h a year at 250 clips/s, not 1,080,000.
 * @example modelServingHours(7.776e9, 0.05, 0.5, 1) // 54000
 */
export function modelServingHours(
  clips: number,
  shareScored: number,
  secondsPerClip: number,
  peakToMean: number,
): number | Problem {
  const bad =
    checkNonNegative(clips, "clips") ??
    checkFraction(shareScored, "share_scored") ??
    checkNonNegative(secondsPerClip, "seconds_per_clip") ??
    checkFactor(peakToMean, "peak_to_mean");
  if (bad) return bad;
  const consumed = productRatio(clips, shareScored, secondsPerClip, SECONDS_PER_HOUR, 1);
  return finiteResult(consumed * peakToMean, "Serving hours");
}
