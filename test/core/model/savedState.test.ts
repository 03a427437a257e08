/*
 * The one versioned reader, on a toy format of four versions (three steps) and on the add-in's own formats:
 * every step n -> n+1 carries a state forward and the reading says so in a sentence; a newer version is refused
 * naming both versions; another format, a bad shape or garbage is refused with a sentence, never thrown.
 */
import fc from "fast-check";
import {
  chainProblem,
  isRefusal,
  oldestVersion,
  readSavedState,
  SavedStateFormat,
  savedStateMarks,
  SavedStateRead,
} from "../../../src/core/model/savedState";
import { MAPPING_FILE } from "../../../src/bill/model/mappingFile";
import { BUDGET_SHEETS } from "../../../src/budget/sheet/budgetRecord";
import { scenarioStateFormat } from "../../../src/whatIf/model/scenarios";
import { STAGE_VIEW } from "../../../src/stages/model";

/** The toy's current shape: a name and a list of hours, each a finite number. */
interface Toy {
  name: string;
  hours: number[];
  unit: string;
}

/**
 * Version 1: { label, hours: 5 }; version 2 renamed label to name; version 3 made hours a list; version 4 added
 * the unit ("h"). Version 1 wrote no format name (as the scenarios' did).
 */
const TOY: SavedStateFormat<Toy> = {
  format: "toy",
  what: "The toy",
  it: "it",
  kind: "a toy",
  version: 4,
  formatNamedFrom: 2,
  migrations: [
    {
      from: 1,
      change: "label is now name",
      migrate: (state) => {
        const { label, ...rest } = state as Record<string, unknown>;
        return typeof label === "string" ? { ...rest, name: label } : "it has no label.";
      },
    },
    {
      from: 2,
      change: "hours are a list",
      migrate: (state) => ({ ...(state as object), hours: [(state as { hours: unknown }).hours] }),
    },
    { from: 3, change: "a unit is named", migrate: (state) => ({ ...(state as object), unit: "h" }) },
  ],
  check: (state, note) => {
    if (typeof state.name !== "string") return "it has no name.";
    if (!Array.isArray(state.hours)) return "its hours are not a list.";
    const hours = state.hours.filter((h): h is number => typeof h === "number" && Number.isFinite(h));
    if (hours.length < state.hours.length)
      note(`${state.hours.length - hours.length} hours that are not numbers are left out.`);
    if (typeof state.unit !== "string") return "it has no unit.";
    return { name: state.name, hours, unit: state.unit };
  },
  maxCharacters: 10_000,
  advice: "Save the toy again.",
};

const read = (stored: unknown) => readSavedState(TOY, stored);
const value = (stored: unknown): SavedStateRead<Toy> => {
  const reading = read(stored);
  if (isRefusal(reading)) throw new Error(reading.refused);
  return reading;
};
const refused = (stored: unknown): string => {
  const reading = read(stored);
  if (!isRefusal(reading)) throw new Error(`read as ${JSON.stringify(reading.value)}`);
  return reading.refused;
};

/** The toy as each version wrote it, for the name and the hours. */
const written = (version: number, name: string, hours: number): Record<string, unknown> => {
  const marks = savedStateMarks(TOY, version);
  if (version === 1) return { ...marks, label: name, hours };
  if (version === 2) return { ...marks, name, hours };
  if (version === 3) return { ...marks, name, hours: [hours] };
  return { ...marks, name, hours: [hours], unit: "h" };
};

describe("the chain", () => {
  test("every format's steps run one version at a time, ending at its version", () => {
    for (const format of [TOY, scenarioStateFormat(STAGE_VIEW), MAPPING_FILE, BUDGET_SHEETS]) {
      expect({ format: format.format, problem: chainProblem(format) }).toEqual({
        format: format.format,
        problem: undefined,
      });
    }
    expect(oldestVersion(TOY)).toBe(1);
    // a chain with a gap is named
    expect(chainProblem({ ...TOY, migrations: [TOY.migrations[0], TOY.migrations[2]] })).toMatch(
      /^toy: step 1 reads version 1, not 2\.$/,
    );
  });

  test("the marks: the format named from the version that first wrote it", () => {
    expect(savedStateMarks(TOY, 1)).toEqual({ version: 1 });
    expect(savedStateMarks(TOY)).toEqual({ format: "toy", version: 4 });
    expect(Object.keys(savedStateMarks(TOY))).toEqual(["format", "version"]);
  });

  test.each([1, 2, 3])("step %i -> %i+1: one step forward, the rest to the current version, and said", (from) => {
    const reading = value(JSON.stringify(written(from, "Run", 600)));
    expect(reading.value).toEqual({ name: "Run", hours: [600], unit: "h" });
    expect(reading.savedVersion).toBe(from);
    const changes = ["label is now name", "hours are a list", "a unit is named"].slice(from - 1).join("; ");
    expect(reading.notes).toEqual([
      `The toy was saved by an earlier MLCost and migrated from version ${from} to version 4: ${changes}.`,
    ]);
    // the step alone gives what the next version writes, less its marks
    const step = TOY.migrations.find((m) => m.from === from)!;
    const { format: _format, version: _version, ...next } = written(from + 1, "Run", 600);
    expect(step.migrate(written(from, "Run", 600))).toMatchObject(next);
  });

  test("the current version reads as written, with nothing to say", () => {
    expect(value(written(4, "Run", 600))).toEqual({
      value: { name: "Run", hours: [600], unit: "h" },
      savedVersion: 4,
      notes: [],
    });
  });

  test("property: any name and hours written by any version read as the current version's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((h) => h + 0),
        (v, name, hours) => {
          const reading = value(JSON.stringify(written(v, name, hours)));
          expect(reading.value).toEqual({ name, hours: [hours], unit: "h" });
          expect(reading.notes.length).toBe(v < 4 ? 1 : 0);
        },
      ),
    );
  });

  test("a step that cannot go on is refused with the step named", () => {
    expect(refused({ version: 1, name: "no label" })).toBe(
      "it could not be migrated from version 1 to version 2: it has no label.",
    );
  });

  test("what the check leaves out is said after the migration", () => {
    const reading = value({ format: "toy", version: 4, name: "Run", hours: [1, "2", 3], unit: "h" });
    expect(reading.value.hours).toEqual([1, 3]);
    expect(reading.notes).toEqual(["1 hours that are not numbers are left out."]);
  });
});

describe("refused, in a sentence naming what it is", () => {
  test("a newer version names both versions, and is marked newer", () => {
    const reading = read({ format: "toy", version: 5, name: "Run" });
    expect(reading).toEqual({
      refused: "it is version 5, from a newer MLCost; this add-in reads versions 1 to 4.",
      newer: true,
    });
    // without its format name too (a toy of version 1's kind from the future is still the future)
    expect(refused({ version: 7 })).toMatch(/^it is version 7, from a newer MLCost/);
  });

  test.each<[string, unknown, string]>([
    ["not JSON", "{name:", "it is not valid JSON. Save the toy again."],
    ["a number", 42, "it is not a toy. Save the toy again."],
    ["an array", [1], "it is not a toy. Save the toy again."],
    ["null inside text", "null", "it is not a toy. Save the toy again."],
    [
      "another format",
      { format: "mlcost-bill-mapping", version: 1 },
      'it is not a toy: its format is "mlcost-bill-mapping". Save the toy again.',
    ],
    [
      "a version that must name its format",
      { version: 3, name: "x", hours: [] },
      "it is not a toy. Save the toy again.",
    ],
    ["no version", { format: "toy", name: "x" }, "it has no version; this add-in reads versions 1 to 4."],
    ["a version as text", { format: "toy", version: "4" }, 'it is version "4"; this add-in reads versions 1 to 4.'],
    ["version 0", { version: 0 }, "it is version 0; this add-in reads versions 1 to 4."],
    ["a fraction", { format: "toy", version: 2.5 }, "it is version 2.5; this add-in reads versions 1 to 4."],
    [
      "a shape the check refuses",
      { format: "toy", version: 4, name: "x", hours: 3, unit: "h" },
      "its hours are not a list.",
    ],
    ["too long", " ".repeat(10_001), "it is 10,001 characters long, more than a toy holds."],
  ])("%s", (_, stored, sentence) => {
    expect(refused(typeof stored === "string" ? stored : JSON.stringify(stored))).toBe(sentence);
  });

  test("a getter that throws is a sentence, not a throw", () => {
    const state = { format: "toy", version: 4, unit: "h", hours: [] };
    Object.defineProperty(state, "name", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(refused(state)).toBe("reading it failed (boom).");
  });

  test("a byte order mark before the text is read past", () => {
    expect(value(`\uFEFF${JSON.stringify(written(4, "Run", 1))}`).value.name).toBe("Run");
  });

  test("property: anything at all is read or refused in a sentence, never thrown", () => {
    const anything = fc.oneof(
      fc.anything(),
      fc.json(),
      fc.string(),
      fc.record({ format: fc.constantFrom("toy", "other"), version: fc.anything() }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(anything, (stored) => {
        const reading = read(stored);
        if (isRefusal(reading)) {
          expect(reading.refused).toMatch(/^(it|its|reading) [\s\S]+\.$/);
        } else {
          expect(typeof reading.value.name).toBe("string");
        }
      }),
      { numRuns: 500 },
    );
  });
});
