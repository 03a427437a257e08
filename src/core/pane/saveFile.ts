/** The .xlsx media type, for downloads and the file picker. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// Each Office Open XML workbook kind's registered media type (ECMA-376 Part 1 for .xlsx and .xltx;
// [MS-OFFMACRO2] for the macro-enabled ones). A download typed as .xlsx but named .xlsm is offered by
// some browsers as "name.xlsm.xlsx", which Excel refuses to open.
const MEDIA_TYPES: { readonly [extension: string]: string } = {
  xlsx: XLSX_TYPE,
  xlsm: "application/vnd.ms-excel.sheet.macroEnabled.12",
  xltx: "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
  xltm: "application/vnd.ms-excel.template.macroEnabled.12",
  xlam: "application/vnd.ms-excel.addin.macroEnabled.12",
  // the bill's text downloads: its mapping (JSON) and its SQL for a warehouse
  json: "application/json",
  sql: "application/sql",
};

/** The workbook kinds the browser conversion opens (and gives back under the same extension). */
export const OPENABLE_EXTENSIONS: readonly string[] = [".xlsx", ".xlsm", ".xltx", ".xltm"];

/** The media type `fileName`'s extension names; .xlsx's when it names none we know. */
export function mediaTypeOf(fileName: string): string {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1].toLowerCase() ?? "";
  return MEDIA_TYPES[extension] ?? XLSX_TYPE;
}

/** Hands `bytes` (or text, as UTF-8) to the browser as a download named `fileName`, typed as its extension says. */
export function saveFile(bytes: ArrayBuffer | Uint8Array | string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mediaTypeOf(fileName) }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the URL is let go a little later all the same.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
