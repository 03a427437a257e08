/* The what-if view's tab: its code loads when the tab is first shown (src/taskpane/viewList.ts lists it). */
import { paneView } from "../../core/views/paneView";

/** What if: scenarios side by side, sensitivity and targets. */
export const whatIfTab = paneView({
  id: "whatif",
  label: "What-if",
  summary: "whatif-summary",
  load: "when shown",
  stylesheets: ["src/sensitivity/pane/sensitivity.css", "src/whatIf/pane/whatIf.css", "src/ledgers/pane/ledgers.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "whatif-view" */ "./whatIfPane"),
});
