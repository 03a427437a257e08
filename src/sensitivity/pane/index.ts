/**
 * sensitivity/pane's face: the sensitivity section and its figures, which the annual and what-if tabs both show.
 * Import this, never a file behind it.
 */
export { defaultSensitivitySettings, ownRangesSentence } from "./sensitivityFigures";
export type { SettingsReading } from "./sensitivityFigures";
export type { SensitivitySection } from "./sensitivitySection";
export { buildSensitivitySection } from "./sensitivityDom";
export { NO_FIGURE, formatChange, formatOutput, formatSeconds, parsePercent } from "./outputFigures";
