/*
 * The planner's mapping (roles.ts: the key, the values' roles, whether to guess, unused commitment's role) and
 * accelerator counts (accelerators.ts) as one versioned JSON text: what the workbook's document settings hold,
 * and the file a planner exports and re-applies to next month's bill. Read by the one versioned reader
 * (src/core/model/savedState.ts), which takes nothing on trust: a text of the wrong format or version, a field of
 * the wrong shape, a role that is not one of the four, a count outside 1 to 64, or a text too large to be a
 * mapping is refused with a sentence; an older version would be migrated and said so; nothing here throws.
 */
import {
  ACCELERATOR_TABLE_DATE,
  AcceleratorCounts,
  acceleratorCountTable,
  isAcceleratorCount,
  normalisedInstanceType,
} from "./accelerators";
import { shortened } from "../../core/model/shortened";
import { BillProblem, billProblem } from "./focusColumns";
import { sizeText } from "./billFiles";
import { BILL_ROLES, BillMapping, BillMappingKey, BillRole } from "./roles";
import { isRefusal, readSavedState, SavedStateFormat, savedStateMarks } from "../../core/model/savedState";

/** What the text says it is, so that another JSON file is told apart. */
export const MAPPING_FORMAT = "mlcost-bill-mapping";
/** The version this reader writes and reads. */
export const MAPPING_VERSION = 2;

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

import { MAPPING_KEY_KINDS as KEY_KINDS, BillModelSource, checkModelSource } from "./roles";
/** The file's fields; `model` (where each row's model comes from) is optional: a file written before lacks it. */
const FIELDS = ["format", "version", "key", "model", "roles", "guess", "unusedCommitmentRole", "acceleratorCounts"];

/** Entries sorted by name, so that the same mapping always writes the same text. */
const sorted = <T>(record: Readonly<Record<string, T>> = {}) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The mapping file, declared once for the versioned reader (src/core/model/savedState.ts). Version 2 may say
 * where each row's model comes from (`model`); a version 1 file has no such field and reads as it did, every row
 * without a model. The version was raised so that an earlier release refuses a file naming a model as "written by
 * a newer MLCost" rather than as a field it does not know. A new version adds its step to `migrations`.
 */
export const MAPPING_FILE: SavedStateFormat<MappingSettings> = {
  format: MAPPING_FORMAT,
  what: "The mapping",
  it: "it",
  kind: "an MLCost bill mapping",
  version: MAPPING_VERSION,
  migrations: [
    {
      from: 1,
      change: "a mapping may now say where each row's model comes from; this one names none, so no row has a model",
      migrate: (file) => (isRecord(file) ? file : "it is not a mapping."),
    },
  ],
  check: (file) => checkMapping(file),
  maxCharacters: MAPPING_LIMITS.characters,
  advice: "Export the mapping again from the Bill view.",
};

/**
 * The mapping and counts as the file's text (JSON, two-space indented, entries sorted).
 * @example writeMappingFile({ mapping: DEFAULT_MAPPING, counts: {} }) // '{\n  "format": "mlcost-bill-mapping", ...'
 */
export function writeMappingFile(settings: MappingSettings): string {
  const { mapping, counts } = settings;
  const key = mapping.key.kind === "tag" ? { kind: "tag", name: mapping.key.name } : { kind: mapping.key.kind };
  const file: Record<string, unknown> = { ...savedStateMarks(MAPPING_FILE), key };
  if (mapping.model) {
    const { key: modelKey, pattern } = mapping.model;
    file.model = {
      key: modelKey.kind === "tag" ? { kind: "tag", name: modelKey.name } : { kind: modelKey.kind },
      ...(pattern ? { pattern } : {}),
    };
  }
  Object.assign(file, {
    roles: sorted(mapping.roles),
    guess: mapping.guess !== false,
  });
  if (mapping.unusedCommitmentRole !== undefined) file.unusedCommitmentRole = mapping.unusedCommitmentRole;
  file.acceleratorCounts = sorted(counts);
  return JSON.stringify(file, null, 2);
}

const refuse = (why: string): BillProblem =>
  billProblem("badMapping", "error", `This mapping file cannot be applied: ${why}`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A mapping read: the settings, and what the planner should be told of it (migrated from an older version). */
export interface MappingReading extends MappingSettings {
  /** set when there is something to say: the sentence that the file was migrated */
  notes?: readonly string[];
}

/** The most bytes of a mapping file the pane reads: MAPPING_LIMITS.characters of text, some of it not ASCII. */
export const MAPPING_FILE_MAX_BYTES = 2_000_000;

/**
 * The refusal of a mapping file too large to read (over MAPPING_FILE_MAX_BYTES), with its size and the limit.
 * @example mappingFileTooLarge(3_400_000).message // "This mapping file cannot be applied: it is 3.4 MB, ..."
 */
export function mappingFileTooLarge(sizeBytes: number): BillProblem {
  return refuse(
    `it is ${sizeText(sizeBytes)}, more than a mapping file holds (at most ${sizeText(MAPPING_FILE_MAX_BYTES)}: ` +
      `${MAPPING_LIMITS.values.toLocaleString("en-US")} values and ${MAPPING_LIMITS.counts.toLocaleString("en-US")} ` +
      "accelerator counts). Choose the file the Bill view exported.",
  );
}

/**
 * The mapping and counts a file's text holds, or a BillProblem saying why it is refused. Never throws.
 * @example readMappingFile(writeMappingFile(settings)) // settings, as written
 */
export function readMappingFile(text: unknown): MappingReading | BillProblem {
  if (typeof text !== "string") return refuse("it is not text.");
  const reading = readSavedState(MAPPING_FILE, text);
  if (isRefusal(reading)) return refuse(reading.refused);
  const notes = [...reading.notes, ...changedCountNotes(reading.value.counts)];
  return notes.length > 0 ? { ...reading.value, notes } : reading.value;
}

/**
 * The sentence for a file's counts that change a count the add-in's table knows, or none. The file's count is
 * used (a planner may know a variant the table does not), but never silently: a hand-edited or stranger's file
 * could otherwise turn an 8-GPU instance's hours into a quarter of them.
 */
function changedCountNotes(counts: AcceleratorCounts): string[] {
  const table = acceleratorCountTable();
  const changed = Object.entries(counts).flatMap(([instanceType, count]) => {
    const known = table.get(normalisedInstanceType(instanceType));
    return known !== undefined && known !== count ? [`${shortened(instanceType)} ${count} (the table: ${known})`] : [];
  });
  if (changed.length === 0) return [];
  const more = changed.length > 5 ? ` and ${changed.length - 5} more` : "";
  return [
    `The file changes ${changed.length === 1 ? "an accelerator count" : `${changed.length} accelerator counts`} ` +
      `the add-in's table (${ACCELERATOR_TABLE_DATE}) knows: ${changed.slice(0, 5).join(", ")}${more}; ` +
      "the file's counts are used.",
  ];
}

/** The current version's shape: every field known, the key, the roles and the counts each checked. */
function checkMapping(file: Record<string, unknown>): MappingSettings | string {
  const unknown = Object.keys(file).filter((name) => !FIELDS.includes(name));
  if (unknown.length > 0) return `it has fields a mapping does not (${unknown.slice(0, 3).join(", ")}).`;
  const mappingKey = checkKey(file.key);
  if (typeof mappingKey === "string") return mappingKey;
  const roles = checkRoles(file);
  if (typeof roles === "string") return roles;
  const counts = checkCounts(file.acceleratorCounts ?? {});
  if (typeof counts === "string") return counts;
  const model = file.model === undefined ? undefined : checkModel(file.model);
  if (typeof model === "string") return model;
  const unused = file.unusedCommitmentRole as BillRole | undefined;
  const mapping: BillMapping = {
    ...(model ? { model } : {}),
    key: mappingKey,
    roles,
    guess: file.guess !== false,
    ...(unused !== undefined ? { unusedCommitmentRole: unused } : {}),
  };
  return { mapping, counts };
}

/** The key rows are mapped by: a named tag, or one of the other kinds, with no field a key does not have. */
function checkKey(key: unknown): BillMappingKey | string {
  if (!isRecord(key) || !KEY_KINDS.includes(key.kind as BillMappingKey["kind"])) {
    return "its key is not a tag, the resource name, the resource id or the sub-account.";
  }
  if (key.kind === "tag") {
    if (typeof key.name !== "string" || key.name.trim() === "" || key.name.length > MAPPING_LIMITS.tagCharacters) {
      return `its tag has no name, or one longer than ${MAPPING_LIMITS.tagCharacters} characters.`;
    }
    if (Object.keys(key).some((k) => k !== "kind" && k !== "name")) return "its key has fields a key does not.";
    return { kind: "tag", name: key.name };
  }
  if (Object.keys(key).some((k) => k !== "kind")) return "its key has fields a key does not.";
  return { kind: key.kind as Exclude<BillMappingKey["kind"], "tag"> };
}

/** Where each row's model comes from: a key as the roles' is, and a pattern the engine can read, if any. */
function checkModel(model: unknown): BillModelSource | string {
  if (!isRecord(model) || Object.keys(model).some((k) => k !== "key" && k !== "pattern")) {
    return "its model is not a key and a pattern.";
  }
  const key = checkKey(model.key);
  if (typeof key === "string") return `its model's ${key.replace(/^its /, "")}`;
  if (model.pattern !== undefined && typeof model.pattern !== "string") return "its model's pattern is not text.";
  const source: BillModelSource = { key, ...(model.pattern ? { pattern: model.pattern } : {}) };
  const wrong = checkModelSource(source);
  return wrong ? `${wrong.charAt(0).toLowerCase()}${wrong.slice(1)}` : source;
}

/** The values' roles, the guess and unused commitment's role: each role one of the four. */
function checkRoles(file: Record<string, unknown>): Record<string, BillRole> | string {
  if (!isRecord(file.roles)) return "its roles are not a list of values and roles.";
  const roles = Object.entries(file.roles);
  if (roles.length > MAPPING_LIMITS.values) {
    return `it maps ${roles.length.toLocaleString("en-US")} values; at most ${MAPPING_LIMITS.values} are kept.`;
  }
  for (const [value, role] of roles) {
    if (value.length > MAPPING_LIMITS.valueCharacters) {
      return `a value is longer than ${MAPPING_LIMITS.valueCharacters} characters.`;
    }
    if (!BILL_ROLES.includes(role as BillRole)) {
      return (
        `the value "${value.slice(0, 60)}" is mapped to ${JSON.stringify(role)?.slice(0, 40)}, ` +
        "not training, serving, rescan or other."
      );
    }
  }
  if (file.guess !== undefined && typeof file.guess !== "boolean") return "its guess is not true or false.";
  const unused = file.unusedCommitmentRole;
  if (unused !== undefined && !BILL_ROLES.includes(unused as BillRole)) {
    return "unused commitment is mapped to a role that is not training, serving, rescan or other.";
  }
  return Object.fromEntries(roles) as Record<string, BillRole>;
}

/** The accelerator counts: at most 1,000, each a named instance type and a whole number from 1 to 64. */
function checkCounts(counts: unknown): AcceleratorCounts | string {
  if (!isRecord(counts)) return "its accelerator counts are not a list of instance types and counts.";
  const entries = Object.entries(counts);
  if (entries.length > MAPPING_LIMITS.counts) {
    return `it gives ${entries.length.toLocaleString("en-US")} accelerator counts; at most 1,000 are kept.`;
  }
  for (const [instanceType, count] of entries) {
    if (instanceType.trim() === "" || instanceType.length > MAPPING_LIMITS.instanceTypeCharacters) {
      return `an accelerator count names no instance type, or one too long.`;
    }
    if (!isAcceleratorCount(count)) {
      return (
        `${instanceType.slice(0, 60)} is given ${JSON.stringify(count)?.slice(0, 20)} accelerators; ` +
        "a count is a whole number from 1 to 64."
      );
    }
  }
  return Object.fromEntries(entries) as Record<string, number>;
}
