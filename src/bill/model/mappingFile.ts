/*
 * The planner's mapping (roles.ts: the key, the values' roles, whether to guess, unused commitment's role) and
 * accelerator counts (accelerators.ts) as one versioned JSON text: what the workbook's document settings hold,
 * and the file a planner exports and re-applies to next month's bill. The reader takes nothing on trust: a text
 * of the wrong format or version, a field of the wrong shape, a role that is not one of the four, a count
 * outside 1 to 64, or a text too large to be a mapping is refused with a sentence, and nothing here throws.
 */
import { AcceleratorCounts, isAcceleratorCount } from "./accelerators";
import { BillProblem, billProblem } from "./focusColumns";
import { BILL_ROLES, BillMapping, BillMappingKey, BillRole } from "./roles";

/** What the text says it is, so that another JSON file is told apart. */
export const MAPPING_FORMAT = "mlcost-bill-mapping";
/** The version this reader writes and reads. */
export const MAPPING_VERSION = 1;

/** Bounds that keep a settings value small (Office's document settings are a few MB in all). */
export const MAPPING_LIMITS = {
  characters: 1_000_000,
  values: 10_000,
  valueCharacters: 500,
  counts: 1_000,
  instanceTypeCharacters: 100,
  tagCharacters: 200,
} as const;

/** A planner's mapping with the accelerator counts they gave. */
export interface MappingSettings {
  mapping: BillMapping;
  counts: AcceleratorCounts;
}

import { MAPPING_KEY_KINDS as KEY_KINDS } from "./roles";
const FIELDS = ["format", "version", "key", "roles", "guess", "unusedCommitmentRole", "acceleratorCounts"];

/** Entries sorted by name, so that the same mapping always writes the same text. */
const sorted = <T>(record: Readonly<Record<string, T>> = {}) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The mapping and counts as the file's text (JSON, two-space indented, entries sorted).
 * @example writeMappingFile({ mapping: DEFAULT_MAPPING, counts: {} }) // '{\n  "format": "mlcost-bill-mapping", ...'
 */
export function writeMappingFile(settings: MappingSettings): string {
  const { mapping, counts } = settings;
  const key = mapping.key.kind === "tag" ? { kind: "tag", name: mapping.key.name } : { kind: mapping.key.kind };
  const file: Record<string, unknown> = {
    format: MAPPING_FORMAT,
    version: MAPPING_VERSION,
    key,
    roles: sorted(mapping.roles),
    guess: mapping.guess !== false,
  };
  if (mapping.unusedCommitmentRole !== undefined) file.unusedCommitmentRole = mapping.unusedCommitmentRole;
  file.acceleratorCounts = sorted(counts);
  return JSON.stringify(file, null, 2);
}

const refuse = (why: string): BillProblem =>
  billProblem("badMapping", "error", `This mapping file cannot be applied: ${why}`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The mapping and counts a file's text holds, or a BillProblem saying why it is refused.
 * @example readMappingFile(writeMappingFile(settings)) // settings, as written
 */
export function readMappingFile(text: unknown): MappingSettings | BillProblem {
  try {
    return readFile(text);
  } catch {
    return refuse("it could not be read.");
  }
}

function readFile(text: unknown): MappingSettings | BillProblem {
  if (typeof text !== "string") return refuse("it is not text.");
  if (text.length > MAPPING_LIMITS.characters) {
    return refuse(`it has ${text.length.toLocaleString("en-US")} characters, more than a mapping holds.`);
  }
  let file: unknown;
  try {
    file = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return refuse("it is not JSON. Export the mapping again from the Bill view.");
  }
  if (!isRecord(file) || file.format !== MAPPING_FORMAT) {
    return refuse("it is not an MLCost bill mapping. Export the mapping again from the Bill view.");
  }
  if (file.version !== MAPPING_VERSION) {
    const newer = typeof file.version === "number" && file.version > MAPPING_VERSION;
    return refuse(
      newer
        ? `it is version ${file.version}, from a newer MLCost; this one reads version ${MAPPING_VERSION}.`
        : `its version is ${JSON.stringify(file.version)?.slice(0, 20)}; this MLCost reads version ${MAPPING_VERSION}.`,
    );
  }
  const unknown = Object.keys(file).filter((name) => !FIELDS.includes(name));
  if (unknown.length > 0) return refuse(`it has fields a mapping does not (${unknown.slice(0, 3).join(", ")}).`);

  const key = file.key;
  if (!isRecord(key) || !KEY_KINDS.includes(key.kind as BillMappingKey["kind"])) {
    return refuse("its key is not a tag, the resource name, the resource id or the sub-account.");
  }
  let mappingKey: BillMappingKey;
  if (key.kind === "tag") {
    if (typeof key.name !== "string" || key.name.trim() === "" || key.name.length > MAPPING_LIMITS.tagCharacters) {
      return refuse(`its tag has no name, or one longer than ${MAPPING_LIMITS.tagCharacters} characters.`);
    }
    if (Object.keys(key).some((k) => k !== "kind" && k !== "name")) return refuse("its key has fields a key does not.");
    mappingKey = { kind: "tag", name: key.name };
  } else {
    if (Object.keys(key).some((k) => k !== "kind")) return refuse("its key has fields a key does not.");
    mappingKey = { kind: key.kind as Exclude<BillMappingKey["kind"], "tag"> };
  }

  if (!isRecord(file.roles)) return refuse("its roles are not a list of values and roles.");
  const roles = Object.entries(file.roles);
  if (roles.length > MAPPING_LIMITS.values) {
    return refuse(`it maps ${roles.length.toLocaleString("en-US")} values; at most ${MAPPING_LIMITS.values} are kept.`);
  }
  for (const [value, role] of roles) {
    if (value.length > MAPPING_LIMITS.valueCharacters) {
      return refuse(`a value is longer than ${MAPPING_LIMITS.valueCharacters} characters.`);
    }
    if (!BILL_ROLES.includes(role as BillRole)) {
      return refuse(
        `the value "${value.slice(0, 60)}" is mapped to ${JSON.stringify(role)?.slice(0, 40)}, ` +
          "not training, serving, rescan or other.",
      );
    }
  }
  if (file.guess !== undefined && typeof file.guess !== "boolean") return refuse("its guess is not true or false.");
  const unused = file.unusedCommitmentRole;
  if (unused !== undefined && !BILL_ROLES.includes(unused as BillRole)) {
    return refuse("unused commitment is mapped to a role that is not training, serving, rescan or other.");
  }

  const counts = file.acceleratorCounts ?? {};
  if (!isRecord(counts)) return refuse("its accelerator counts are not a list of instance types and counts.");
  const entries = Object.entries(counts);
  if (entries.length > MAPPING_LIMITS.counts) {
    return refuse(`it gives ${entries.length.toLocaleString("en-US")} accelerator counts; at most 1,000 are kept.`);
  }
  for (const [instanceType, count] of entries) {
    if (instanceType.trim() === "" || instanceType.length > MAPPING_LIMITS.instanceTypeCharacters) {
      return refuse(`an accelerator count names no instance type, or one too long.`);
    }
    if (!isAcceleratorCount(count)) {
      return refuse(
        `${instanceType.slice(0, 60)} is given ${JSON.stringify(count)?.slice(0, 20)} accelerators; ` +
          "a count is a whole number from 1 to 64.",
      );
    }
  }

  const mapping: BillMapping = {
    key: mappingKey,
    roles: Object.fromEntries(roles) as Record<string, BillRole>,
    guess: file.guess !== false,
    ...(unused !== undefined ? { unusedCommitmentRole: unused as BillRole } : {}),
  };
  return { mapping, counts: Object.fromEntries(entries) as Record<string, number> };
}
