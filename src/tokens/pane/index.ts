/**
 * tokens/pane's face: the "seconds per clip | tokens per request" control a view that asks for seconds per clip
 * builds on its seconds field (issue 32). The API-or-fleet view itself loads through its declaration, tokensTab.ts,
 * never through this face. Import this, never a file behind it.
 */
export { secondsControl } from "./requestSecondsControl";
export type { SecondsControl } from "./requestSecondsControl";
export { keepServingTime, type ServingTimeKeeper } from "./servingTimeKept";
