/** The .xlsx media type, for downloads and the file picker. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Hands `bytes` to the browser as a download named `fileName`. */
export function saveFile(bytes: ArrayBuffer | Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: XLSX_TYPE }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the URL is let go a little later all the same.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
