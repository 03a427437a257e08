/*
 * The portable workbook's tab: its code loads when the tab is first shown, as its controls are wired for the host
 * then (src/taskpane/viewList.ts lists it); its styles are in taskpane.css, its panel in taskpane.html.
 */
import { paneView } from "../../core/views/paneView";

/** Workbooks that work without the add-in: MLCOST calls converted in a file or in the open workbook. */
export const portableTab = paneView({
  id: "portable",
  label: "Portable workbook",
  load: "when shown",
  stylesheets: ["src/portable/pane/portable.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "portable-view" */ "./portablePane"),
});
