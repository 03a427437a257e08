/*
 * The portable workbook view, built when its tab is first shown: in a browser it converts a chosen file and
 * downloads the copy; inside Excel it scans and converts the open workbook, adds its workbook functions and restores
 * them.
 */
import type { PaneHost } from "../../core/views/paneHost";
import type { MountedView } from "../../core/views/paneView";
import { setUpExcelConversion } from "./portableExcel";
import { setPortableStatus, setUpFileConversion } from "./portableView";

/** The view's controls for the host: the file's in a browser, the open workbook's inside Excel. */
const CONVERSION: Record<PaneHost["mode"], () => void> = {
  browser: setUpFileConversion,
  excel: setUpExcelConversion,
};

/** Builds the view: it says it waits for Excel until the host is known, then shows that host's controls. */
export function mount(): MountedView<undefined> {
  setPortableStatus("Connecting to Excel…");
  return { offers: undefined, useHost: (host) => CONVERSION[host.mode]() };
}
