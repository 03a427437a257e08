/*
 * The bill view's tab: its code and its own stylesheet (bill.css) load when the tab is first shown, its engine
 * later still, with the first file (src/taskpane/viewList.ts lists it).
 */
import { paneView } from "../../core/views/paneView";
import type { BillNeeds } from "./billPane";

/** Your bill, measured: a FOCUS export split into training and serving; it needs the budget's plan and inputs. */
export const billTab = paneView<"bill", undefined, BillNeeds>({
  id: "bill",
  label: "Your bill",
  summary: "bill-summary",
  load: "when shown",
  stylesheets: ["src/bill/pane/bill.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "bill-view" */ "./billPane"),
});
