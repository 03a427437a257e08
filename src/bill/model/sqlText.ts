/*
 * SQL text for the bill's queries. Every name and value that reaches the SQL comes from a file's header or a
 * planner's mapping, so each is quoted here, once, and never pasted in as it stands.
 */

/** A quoted identifier: "Effective""Cost" for a name with a double quote in it. */
export function sqlIdentifier(name: string): string {
  return `"${String(name).replace(/"/g, '""')}"`;
}

/** A quoted string literal: 'O''Brien'. */
export function sqlString(value: string): string {
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Text that matches itself literally inside a regular expression (RE2, as DuckDB and BigQuery use). */
export function regexLiteral(text: string): string {
  return String(text).replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);
}

/** A number as SQL: finite numbers only, as the model has checked them. */
export function sqlNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : "NULL";
}
