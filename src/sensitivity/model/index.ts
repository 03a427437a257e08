/**
 * sensitivity/model's face: the what-if view's shape (WhatIfView) and the swings (sensitivity), for the views that
 * plug in (stages, annual) and the tabs that show them. Import this, never a file behind it.
 */
export type { OutputQuantity, OutputValues, WhatIfOutput, WhatIfView } from "./whatIfView";
export { DEFAULT_HIGH_FRACTION, DEFAULT_LOW_FRACTION, sensitivity } from "./sensitivity";
export type { OutputSensitivity, Sensitivity, SwingRange, SwingRow } from "./sensitivity";
