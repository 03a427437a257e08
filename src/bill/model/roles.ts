/*
 * Which half of the model a bill row is: training, serving, re-scans or other. The planner picks the key
 * that tells (a tag, the resource name, the resource id or the sub-account), maps its values, and the rest
 * are guessed from their words (train, finetune; serve, inference, endpoint; rescan, backfill). The mapping
 * is plain data, so the pane can save it with the workbook and re-apply it to next month's bill.
 */
import { BillProblem, billProblem, FocusColumnKey, FocusDetection, focusName, listed } from "./focusColumns";
import { BillDialect, billDialect } from "./billDialects";
import { regexLiteral } from "./sqlText";

/**
 * The roles a row can play, in the order the figures list them. A new role is one entry here: the compiler then
 * names the tables that must say something of it (a Record<BillRole, ...>: the pane's words, the actuals sheet's
 * paid row), and every sum over the roles (mappedHoursPaid) counts it.
 */
export const BILL_ROLES = ["training", "serving", "rescan", "other"] as const satisfies readonly string[];

/** A role a row can play: one of BILL_ROLES. */
export type BillRole = (typeof BILL_ROLES)[number];

/** Whether `value` is a role of BILL_ROLES. */
export const isBillRole = (value: unknown): value is BillRole => (BILL_ROLES as readonly unknown[]).includes(value);

/** The roles as a sentence offers them: "training, serving, rescan or other". */
export const BILL_ROLES_LISTED = listed(BILL_ROLES, "or");

/** The kinds of key a planner may group rows by. */
export const MAPPING_KEY_KINDS = [
  "tag",
  "resourceName",
  "resourceId",
  "subAccount",
] as const satisfies readonly string[];

/** A kind of key: one of MAPPING_KEY_KINDS. */
export type BillMappingKeyKind = (typeof MAPPING_KEY_KINDS)[number];

/** The FOCUS column each kind of key reads (a tag reads Tags). */
export const MAPPING_KEY_COLUMNS: Readonly<Record<BillMappingKeyKind, FocusColumnKey>> = {
  tag: "tags",
  resourceName: "resourceName",
  resourceId: "resourceId",
  subAccount: "subAccountName",
};

/** What a planner groups rows by: a tag by its name, or one of the other kinds. */
export type BillMappingKey = { kind: "tag"; name: string } | { kind: Exclude<BillMappingKeyKind, "tag"> };

/**
 * Where a row's model comes from: a key of the same kinds as the role's (a tag such as `model`, the resource
 * name, the resource id or the sub-account), its value the model's name, or, with `pattern`, the first group (else
 * the whole match) of that regular expression in the value ("^(llm-[a-z]+)-" names "llm-chat" from
 * "llm-chat-serve-01"). A row without a value, or whose value the pattern does not match, has no model.
 */
export interface BillModelSource {
  key: BillMappingKey;
  pattern?: string;
}

/** The most characters a model's pattern may have: a pattern, not a program. */
export const MODEL_PATTERN_MAX_LENGTH = 200;

/** A planner's mapping from the key's values to roles. */
export interface BillMapping {
  /** where each row's model comes from; none: the bill is of one model, as before models were read */
  model?: BillModelSource;
  key: BillMappingKey;
  /** values of the key (matched whatever their case and surrounding spaces) and their roles */
  roles: Readonly<Record<string, BillRole>>;
  /** guess the unmapped values' roles from their words; true unless the planner turns it off */
  guess?: boolean;
  /**
   * the role of an unused commitment row the mapping does not place (an unused commitment has no resource and
   * seldom a tag): serving unless the planner says otherwise, as idle reserved capacity is serving's peak
   */
  unusedCommitmentRole?: BillRole;
}

/** The default mapping: a tag named "workload", guessed. */
export const DEFAULT_MAPPING: BillMapping = { key: { kind: "tag", name: "workload" }, roles: {}, guess: true };

/** Words that guess a role (whole words or word starts of the key's value, lower-cased). */
export const ROLE_GUESSES: readonly { role: BillRole; words: readonly string[] }[] = [
  // re-scans first: "rescan-training-set" is a re-scan, not training
  { role: "rescan", words: ["rescan", "re-scan", "backfill", "reprocess", "batch-score"] },
  { role: "training", words: ["train", "training", "finetune", "fine-tune", "finetuning", "pretrain"] },
  { role: "serving", words: ["serve", "serving", "inference", "endpoint", "predict", "prediction", "online"] },
];

/**
 * The role a key's value guesses, from ROLE_GUESSES: "other" when no word matches. The SQL applies the
 * same words (guessSql); this is the one the pane shows beside each value.
 * @example guessedRole("llm-finetune-a100") // "training"
 */
export function guessedRole(value: string | null | undefined): BillRole {
  const text = String(value ?? "").toLowerCase();
  for (const guess of ROLE_GUESSES) if (new RegExp(guessPattern(guess.words)).test(text)) return guess.role;
  return "other";
}

/** A value's words as one pattern: each word at a word start (so "trainer" is training, "restrain" is not). */
function guessPattern(words: readonly string[], literal: (text: string) => string = regexLiteral): string {
  return `(^|[^a-z0-9])(${words.map(literal).join("|")})`;
}

/** Whether a mapping can be applied: a tag has a name, and every role is one of the four. */
export function checkMapping(mapping: BillMapping): string | undefined {
  if (!mapping || typeof mapping !== "object") return "Choose what tells training from serving: a tag, a name.";
  const key = mapping.key;
  if (!key || !(MAPPING_KEY_KINDS as readonly string[]).includes(key.kind)) {
    return "Choose what tells training from serving: a tag, the resource name, the resource id or the sub-account.";
  }
  if (key.kind === "tag" && (typeof key.name !== "string" || key.name.trim() === "")) {
    return "Name the tag that tells training from serving (for example workload).";
  }
  const wrong = Object.entries(mapping.roles ?? {}).find(([, role]) => !isBillRole(role));
  if (wrong) return `The value "${wrong[0]}" is mapped to "${wrong[1]}"; map it to ${BILL_ROLES_LISTED}.`;
  if (mapping.unusedCommitmentRole !== undefined && !isBillRole(mapping.unusedCommitmentRole)) {
    return `Unused commitment must go to ${BILL_ROLES_LISTED}.`;
  }
  return mapping.model === undefined ? undefined : checkModelSource(mapping.model);
}

/** Whether a model source can be applied: a key of the four kinds (a tag with a name), a pattern that reads. */
export function checkModelSource(model: BillModelSource): string | undefined {
  const key = model?.key;
  if (!key || !(MAPPING_KEY_KINDS as readonly string[]).includes(key.kind)) {
    return "Choose where the model comes from: a tag, the resource name, the resource id or the sub-account.";
  }
  if (key.kind === "tag" && (typeof key.name !== "string" || key.name.trim() === "")) {
    return "Name the tag that gives each row's model (for example model).";
  }
  const pattern = model.pattern;
  if (pattern === undefined || pattern === "") return undefined;
  if (typeof pattern !== "string" || pattern.length > MODEL_PATTERN_MAX_LENGTH) {
    return `The model's pattern must be text of at most ${MODEL_PATTERN_MAX_LENGTH} characters.`;
  }
  // the engines' regular expressions (RE2 in DuckDB) read a subset of JavaScript's: lookaround and back-references
  // are refused here, where JavaScript would accept them and the engine would fail on every row
  if (/\\(?:[1-9]|k<)|\(\?<?[=!]/.test(pattern)) {
    return "The model's pattern may not look ahead, look behind or refer back: use a group, as ^(llm-[a-z]+)-.";
  }
  try {
    new RegExp(pattern);
  } catch {
    return `The model's pattern ${JSON.stringify(pattern)} is not a regular expression: check its brackets.`;
  }
  return undefined;
}

/**
 * A mapping's problem with one file: the key's column is not in it (every row then falls to the guess of no
 * value: other, or serving for unused commitment).
 */
export function checkMappingFor(mapping: BillMapping, detection: FocusDetection): BillProblem | undefined {
  const wrong = checkMapping(mapping);
  if (wrong) return billProblem("badMapping", "error", wrong);
  if (keyColumn(mapping.key, detection)) return undefined;
  const column = focusName(MAPPING_KEY_COLUMNS[mapping.key.kind]);
  return billProblem(
    "badMapping",
    "error",
    `This file has no ${column} column, so it cannot be mapped by ` +
      `${mapping.key.kind === "tag" ? `the tag ${mapping.key.name}` : column}: choose another key.`,
  );
}

/**
 * The mapping a file starts on: the planner's own, unless it is the default (the tag workload, nothing mapped) and
 * the file has no Tags, where it starts on a key the file has, the sub-account's name, else the resource's name
 * (else the resource's id); undefined when the mapping stands as it is.
 * @example startingMapping(DEFAULT_MAPPING, detectionWithoutTags)?.key // { kind: "subAccount" }
 */
export function startingMapping(mapping: BillMapping, detection: FocusDetection): BillMapping | undefined {
  const defaultKey = DEFAULT_MAPPING.key as { kind: "tag"; name: string };
  const isDefault =
    mapping?.key?.kind === "tag" &&
    mapping.key.name === defaultKey.name &&
    Object.keys(mapping.roles ?? {}).length === 0;
  if (!isDefault || keyColumn(mapping.key, detection)) return undefined;
  const kinds: Exclude<BillMappingKeyKind, "tag">[] = ["subAccount", "resourceName", "resourceId"];
  const kind = kinds.find((k) => keyColumn({ kind: k }, detection));
  return kind ? { ...mapping, key: { kind } } : undefined;
}

/** A value of the key among the rows the figures count, with the accelerator-hours it paid (keyValuesSql's). */
export interface KeyValueHours {
  value: string | null;
  paidHours: number;
}

/**
 * The error of a key that matches no accelerator row (a tag the file's rows do not carry, "team" where they have
 * "workload"): every row then has no value and falls to one guess, so the shares would read as a measurement of
 * nothing. Undefined when some row has a value, or no row has accelerator-hours.
 */
export function keyMatchProblem(mapping: BillMapping, values: readonly KeyValueHours[]): BillProblem | undefined {
  const paid = values.reduce((sum, v) => sum + (Number.isFinite(v.paidHours) ? v.paidHours : 0), 0);
  if (paid <= 0 || values.some((v) => v.value !== null && v.value !== "")) return undefined;
  const key = mapping.key;
  const named = key.kind === "tag" ? `the tag ${key.name}` : `the ${focusName(MAPPING_KEY_COLUMNS[key.kind])}`;
  return billProblem(
    "badMapping",
    "error",
    `No accelerator row of this file has ${named}, so nothing tells training from serving: the shares below ` +
      "would be a guess, not a measurement. Choose a key the rows carry (another tag, the resource name or the " +
      "sub-account).",
  );
}

/** The column the key reads, as the file spells it; undefined when the file lacks it. */
function keyColumn(key: BillMappingKey, detection: FocusDetection): string | undefined {
  return detection.columns[MAPPING_KEY_COLUMNS[key.kind]];
}

/**
 * The SQL expression of a row's key value (lower-cased, trimmed; NULL when the row has none), in `dialect`
 * (DuckDB unless given). In DuckDB a tag is read from Tags as a JSON object's text ({"workload": "train"}, as
 * CSV exports write it) or a map's text ({workload=train}, as DuckDB prints a Parquet map), with regular
 * expressions, so that no JSON extension is needed; a warehouse reads it from its typed Tags column
 * (billDialects.ts says which type each assumes).
 */
export function keyValueSql(
  key: BillMappingKey,
  detection: FocusDetection,
  dialect: BillDialect = billDialect("duckdb"),
): string {
  const column = keyColumn(key, detection);
  if (!column) return dialect.text("NULL");
  const quoted = dialect.identifier(column);
  if (key.kind !== "tag") return `nullif(lower(trim(${dialect.text(quoted)})), '')`;
  return `nullif(lower(trim(${dialect.tagValue(quoted, key.name.trim())})), '')`;
}

/**
 * The SQL expression of a row's model (the model source's key value, lower-cased and trimmed, or its pattern's
 * first group, else whole match; NULL when the row has none), or NULL for every row when the mapping reads no
 * model: the bill is of one model.
 */
export function modelValueSql(
  mapping: BillMapping,
  detection: FocusDetection,
  dialect: BillDialect = billDialect("duckdb"),
): string {
  const source = mapping.model;
  if (!source || checkModelSource(source)) return dialect.text("NULL");
  const value = keyValueSql(source.key, detection, dialect);
  const pattern = source.pattern ?? "";
  if (pattern === "") return value;
  const group = /\((?!\?)/.test(pattern) ? 1 : 0;
  return `nullif(${dialect.regexExtract(value, pattern, group)}, '')`;
}

/**
 * The SQL expression of a row's role, from its key value `value` (an expression of keyValueSql) and whether it
 * is unused commitment `unused`: the planner's map first, then the unused commitment's role, then the guess.
 */
export function roleSql(
  mapping: BillMapping,
  value: string,
  unused: string,
  dialect: BillDialect = billDialect("duckdb"),
): string {
  const text = dialect.string;
  const mapped = Object.entries(mapping.roles ?? {})
    .map(([v, role]) => [v.trim().toLowerCase(), role] as const)
    .filter(([v]) => v !== "");
  const whens = mapped.map(([v, role]) => `WHEN ${value} = ${text(v)} THEN ${text(role)}`);
  whens.push(`WHEN ${unused} THEN ${text(mapping.unusedCommitmentRole ?? "serving")}`);
  if (mapping.guess !== false) {
    for (const guess of ROLE_GUESSES) {
      const pattern = guessPattern(guess.words, (w) => dialect.regexLiteral(w));
      whens.push(`WHEN ${dialect.regexMatches(value, pattern)} THEN ${text(guess.role)}`);
    }
  }
  return `CASE ${whens.join(" ")} ELSE 'other' END`;
}
