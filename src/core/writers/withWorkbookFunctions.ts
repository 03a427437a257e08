/**
 * `written` (an .xlsx ExcelJS wrote) with the workbook functions (the LAMBDA twins: =CROSSOVER(...) and the
 * others) added as workbook names, so its reader can type them in Excel 365 and 2024 without the add-in. ExcelJS
 * mangles names whose value is a formula (protobi/exceljs 59), so the twins go into xl/workbook.xml after it
 * writes, by the portable file's package edit (loaded on first use, with JSZip).
 */
export async function withWorkbookFunctions(written: ArrayBuffer): Promise<ArrayBuffer> {
  const { portableWorkbook } = await import(/* webpackChunkName: "portable-file" */ "../../portable/file/xlsxPackage");
  const result = await portableWorkbook(written, "lambda");
  if (!result.ok) throw new Error(`The workbook functions could not be added: ${result.message}`);
  const { buffer, byteOffset, byteLength } = result.bytes;
  return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
}
