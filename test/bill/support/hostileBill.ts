/*
 * Hostile bills built in the tests: FOCUS CSV text from rows given as the columns they change, every other column
 * that of the accelerator fixture's first row (a January hour of a p4d.24xlarge, training on demand, 320 USD).
 */
import { readFileSync } from "fs";
import { join } from "path";

const FIXTURE = readFileSync(join(__dirname, "../fixtures/accelerators.csv"), "utf8").trimEnd().split("\n");

/** A CSV line's fields (RFC 4180: quoted fields, doubled quotes). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The fixture's columns, in its order. */
export const HEADER = csvFields(FIXTURE[0]);
const DEFAULTS = csvFields(FIXTURE[1]);

const quoted = (field: string) => (/[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/** One CSV line of the fixture's columns: the first row's values, with `changes` by column name. */
export function billLine(changes: Readonly<Record<string, string>> = {}): string {
  return HEADER.map((name, i) => quoted(name in changes ? changes[name] : DEFAULTS[i])).join(",");
}

/** A FOCUS CSV of the fixture's header and one line a row. */
export function billCsv(rows: readonly Readonly<Record<string, string>>[]): string {
  return [HEADER.join(","), ...rows.map(billLine)].join("\n") + "\n";
}
