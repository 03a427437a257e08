/* The scenarios' store: what a planner reads when the stored state cannot be read or used. */
import { loadScenarios } from "../../../src/whatIf/pane/whatIfStore";
import { SettingsStore } from "../../../src/core/host/settingsStore";
import { DEFAULT_STAGE_SCENARIOS } from "../../../src/whatIf/model/scenarios";

const refusing = (failure: unknown): SettingsStore => ({
  read: () => {
    throw failure;
  },
  write: async () => undefined,
});

test("storage that refuses: the defaults, and the reason in a sentence of its own length", () => {
  const reading = loadScenarios(refusing(new Error("The operation is insecure.")));
  expect(reading.state).toEqual(DEFAULT_STAGE_SCENARIOS);
  expect(reading.message).toBe(
    "Saved scenarios could not be read, so the defaults are loaded: The operation is insecure.",
  );
});

test("a reason of a megabyte (a host's own text) is cut, never echoed whole or halfway through a character", () => {
  const reading = loadScenarios(refusing(new Error(`${"\u{1F600}".repeat(500_000)}`)));
  expect(reading.message!.length).toBeLessThan(300);
  expect(reading.message).toMatch(/\.\.\.$/);
  expect(reading.message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
});

test("a stored state with no version says so, not 'version undefined'", () => {
  const store: SettingsStore = { read: () => JSON.stringify({ scenarios: [] }), write: async () => undefined };
  expect(loadScenarios(store).message).toContain("they have no version; this add-in reads version 1.");
});
