/*
 * The mapping file: what a planner's mapping and counts write, that any of them reads back as it was (a
 * property over generated mappings, hostile text included), and that a wrong file is refused with a sentence.
 */
import fc from "fast-check";
import { ACCELERATOR_TABLE_DATE } from "../../../src/bill/model/accelerators";
import {
  mappingFileTooLarge,
  MAPPING_FORMAT,
  MappingSettings,
  readMappingFile,
  writeMappingFile,
} from "../../../src/bill/model/mappingFile";
import { BILL_ROLES, BillMappingKey, BillRole, DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";

const role = fc.constantFrom(...BILL_ROLES);
const text = (maxLength: number) => fc.string({ unit: "binary", maxLength });
const key: fc.Arbitrary<BillMappingKey> = fc.oneof(
  text(200)
    .filter((name) => name.trim() !== "")
    .map((name) => ({ kind: "tag" as const, name })),
  fc.constantFrom<BillMappingKey>({ kind: "resourceName" }, { kind: "resourceId" }, { kind: "subAccount" }),
);
const settings: fc.Arbitrary<MappingSettings> = fc.record({
  mapping: fc.record(
    {
      key,
      roles: fc.dictionary(text(500), role, { maxKeys: 30 }),
      guess: fc.boolean(),
      unusedCommitmentRole: role,
    },
    { requiredKeys: ["key", "roles", "guess"] },
  ),
  counts: fc.dictionary(
    text(100).filter((t) => t.trim() !== ""),
    fc.integer({ min: 1, max: 64 }),
    { maxKeys: 10 },
  ),
});

describe("a mapping written is the mapping read", () => {
  test("for any mapping and counts (hostile text, __proto__ and all)", () => {
    fc.assert(
      fc.property(settings, (written) => {
        const read = readMappingFile(writeMappingFile(written));
        if (isProblem(read)) throw new Error(read.message);
        expect(read).toEqual(written);
        // and the text is stable: the same mapping writes the same text, whatever the order of its entries
        expect(writeMappingFile(read)).toBe(writeMappingFile(written));
      }),
      { numRuns: 300 },
    );
  });

  test("values that are names of an object's own machinery stay plain values", () => {
    // fromEntries makes "__proto__" an own value, as JSON.parse does, not the object's prototype
    const roles = Object.fromEntries<BillRole>([
      ["__proto__", "training"],
      ["constructor", "serving"],
      ["x' --", "rescan"],
    ]);
    const written: MappingSettings = {
      mapping: {
        key: { kind: "tag", name: "__proto__" },
        roles,
        guess: false,
        unusedCommitmentRole: "other",
      },
      counts: { ["__proto__"]: 8, toString: 2 },
    };
    const read = readMappingFile(writeMappingFile(written));
    if (isProblem(read)) throw new Error(read.message);
    expect(Object.entries(read.mapping.roles)).toEqual(Object.entries(written.mapping.roles));
    expect(Object.getPrototypeOf(read.mapping.roles)).toBe(Object.prototype);
    expect(Object.entries(read.counts)).toEqual([
      ["__proto__", 8],
      ["toString", 2],
    ]);
  });

  test("the default mapping's file, as the document settings hold it", () => {
    const file = writeMappingFile({ mapping: DEFAULT_MAPPING, counts: { "g7e.2xlarge": 1 } });
    expect(JSON.parse(file)).toEqual({
      format: MAPPING_FORMAT,
      version: 2,
      key: { kind: "tag", name: "workload" },
      roles: {},
      guess: true,
      acceleratorCounts: { "g7e.2xlarge": 1 },
    });
  });
});

describe("a file's count that changes the table's is used and said", () => {
  test("an 8-GPU instance given 2, and one the table lacks: the first named with both counts", () => {
    const read = readMappingFile(
      writeMappingFile({ mapping: DEFAULT_MAPPING, counts: { "P4D.24XLARGE": 2, "zz9.house": 4, "g5.xlarge": 1 } }),
    );
    if (isProblem(read)) throw new Error(read.message);
    expect(read.counts).toEqual({ "P4D.24XLARGE": 2, "zz9.house": 4, "g5.xlarge": 1 });
    expect(read.notes).toEqual([
      `The file changes an accelerator count the add-in's table (${ACCELERATOR_TABLE_DATE}) knows: ` +
        "P4D.24XLARGE 2 (the table: 8); the file's counts are used.",
    ]);
  });

  test("counts the table agrees with, or does not know, say nothing", () => {
    const read = readMappingFile(writeMappingFile({ mapping: DEFAULT_MAPPING, counts: { "p4d.24xlarge": 8, a: 3 } }));
    if (isProblem(read)) throw new Error(read.message);
    expect(read.notes).toBeUndefined();
  });
});

describe("a wrong file is refused with a sentence, never thrown", () => {
  const good = JSON.parse(writeMappingFile({ mapping: DEFAULT_MAPPING, counts: {} }));
  const refused = (file: unknown) => {
    const read = readMappingFile(typeof file === "string" ? file : JSON.stringify(file));
    expect(isProblem(read)).toBe(true);
    return (read as { message: string }).message;
  };
  test.each<[string, unknown, RegExp]>([
    ["not JSON", "{ key: tag", /it is not valid JSON\. Export the mapping again from the Bill view\./],
    ["another JSON file", { name: "x" }, /not an MLCost bill mapping/],
    ["an array", "[1, 2]", /not an MLCost bill mapping/],
    [
      "a newer version",
      { ...good, version: 3 },
      /it is version 3, from a newer MLCost; this add-in reads versions 1 to 2\./,
    ],
    ["a version as text", { ...good, version: "1" }, /it is version "1"; this add-in reads versions 1 to 2\./],
    ["an unknown field", { ...good, owner: "me" }, /fields a mapping does not \(owner\)/],
    ["an unknown key", { ...good, key: { kind: "colour" } }, /its key is not a tag/],
    ["a tag without a name", { ...good, key: { kind: "tag", name: " " } }, /its tag has no name/],
    ["an unknown role", { ...good, roles: { "ml-train": "research" } }, /"ml-train" is mapped to "research"/],
    ["roles as a list", { ...good, roles: [["a", "training"]] }, /roles are not a list of values and roles/],
    ["a guess as text", { ...good, guess: "yes" }, /guess is not true or false/],
    ["unused commitment to nowhere", { ...good, unusedCommitmentRole: "idle" }, /unused commitment is mapped/],
    ["a count of 0", { ...good, acceleratorCounts: { "p4d.24xlarge": 0 } }, /p4d\.24xlarge is given 0 accelerators/],
    ["a count of 65", { ...good, acceleratorCounts: { "x.large": 65 } }, /given 65 accelerators; a count is a whole/],
    ["a count of 1.5", { ...good, acceleratorCounts: { "x.large": 1.5 } }, /given 1\.5 accelerators/],
    ["a count as text", { ...good, acceleratorCounts: { "x.large": "8" } }, /given "8" accelerators/],
    ["a count without a type", { ...good, acceleratorCounts: { " ": 8 } }, /names no instance type/],
    ["a huge text", " ".repeat(1_000_001), /1,000,001 characters long, more than an MLCost bill mapping holds/],
    [
      "too many values",
      { ...good, roles: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`v${i}`, "other"])) },
      /maps 10,001 values; at most 10000/,
    ],
    ["not text", 7, /it is not an MLCost bill mapping\./],
  ])("%s", (_, file, message) => {
    expect(refused(file)).toMatch(/^This mapping file cannot be applied: /);
    expect(refused(file)).toMatch(message);
  });

  test("a value that is not text at all (a number) is refused, not thrown", () => {
    const read = readMappingFile(12 as unknown);
    expect(isProblem(read) && read.message).toMatch(/it is not text/);
  });
});

describe("a mapping file too large to read", () => {
  test("says its size and the limit, not 'not JSON'", () => {
    const refused = mappingFileTooLarge(3_400_000);
    expect(refused.code).toBe("badMapping");
    expect(refused.message).toBe(
      "This mapping file cannot be applied: it is 3.4 MB, more than a mapping file holds (at most 2.0 MB: " +
        "10,000 values and 1,000 accelerator counts). Choose the file the Bill view exported.",
    );
  });
});
