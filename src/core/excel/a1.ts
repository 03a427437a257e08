/*
 * A1 addresses, the one module for them: column letters from zero-based indexes and back, cell and
 * range addresses, and the absolute references defined names hold. Every sheet layout, writer and
 * the in-Excel conversion use it; Excel's columns run A..XFD, so nothing here stops at Z.
 */

/** The letters of a zero-based column index: 0 -> A, 25 -> Z, 26 -> AA, 16383 -> XFD. */
export function columnLetter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell's A1 address from zero-based indexes. */
export const cellAddress = (row: number, column: number): string => `${columnLetter(column)}${row + 1}`;

/** A rectangle's A1 address ("B2", or "B2:D9") from its zero-based corner and size. */
export function rangeAddress(row: number, column: number, rows: number, columns: number): string {
  const from = cellAddress(row, column);
  return rows === 1 && columns === 1 ? from : `${from}:${cellAddress(row + rows - 1, column + columns - 1)}`;
}

/** Zero-based row and column of an A1 cell address ("B7", "$B$7"); undefined for anything else. */
export function parseCell(address: string): { row: number; column: number } | undefined {
  const match = /^\$?([A-Z]{1,3})\$?([1-9]\d*)$/i.exec(address);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1].toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return { row: Number(match[2]) - 1, column: column - 1 };
}

/** An absolute reference to a cell of a sheet, as defined names hold it: 'Cost stages'!$B$5. */
export function absoluteReference(sheetName: string, address: string): string {
  const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
  return `'${sheetName.replace(/'/g, "''")}'!$${column}$${row}`;
}

/** The row number (1-based) of an A1 cell address: "D12" -> 12. */
export const rowOf = (address: string): number => Number(/\d+$/.exec(address)![0]);
