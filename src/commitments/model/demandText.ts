/*
 * A demand profile as a planner types it where the bill cannot show one (a daily or monthly bill): levels and
 * their hours, "10 x 360, 30 x 360" (10 accelerators for 360 hours, then 30 for 360). Pure.
 */
import { Problem, problem } from "../../core/model/problems";
import { DemandProfile } from "./commitment";

/** One level as typed: accelerators, a sign between (x, ×, *, "for"), hours. */
const LEVEL = /^(\d+(?:\.\d+)?)\s*(?:x|×|\*|for)\s*(\d+(?:\.\d+)?)\s*(?:h|hours?)?$/i;

/**
 * The profile `text` types, or the Problem with the first part that does not read, in words.
 * @example parseDemandProfile("10 x 360, 30 x 360") // [{ accelerators: 10, hours: 360 }, { accelerators: 30, ... }]
 */
export function parseDemandProfile(text: string): DemandProfile | Problem {
  const parts = String(text ?? "")
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) {
    return problem("invalidValue", "Type the demand as accelerators x hours, such as 10 x 360, 30 x 360.");
  }
  const levels = [];
  for (const part of parts) {
    const found = LEVEL.exec(part);
    if (!found) {
      return problem(
        "invalidValue",
        `"${part.slice(0, 40)}" is not accelerators x hours: type each level as 10 x 360 (10 accelerators for ` +
          "360 hours), with commas between.",
      );
    }
    levels.push({ accelerators: Number(found[1]), hours: Number(found[2]) });
  }
  return levels;
}
