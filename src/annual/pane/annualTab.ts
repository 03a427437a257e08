/* The annual view's tab: its code loads when the tab is first shown (src/taskpane/viewList.ts lists it). */
import { paneView } from "../../core/views/paneView";
import type { AnnualOffers } from "./annualPane";

/** The annual bill: a year of training and serving, and what each lever can be worth. */
export const annualTab = paneView<"annual", AnnualOffers, undefined>({
  id: "annual",
  label: "Annual bill",
  summary: "annual-summary",
  load: "when shown",
  // its sensitivity section's styles, which the what-if view shares (each has them in its own stylesheet)
  stylesheets: [
    "src/annual/pane/annual.css",
    "src/sensitivity/pane/sensitivity.css",
    "src/ledgers/pane/ledgers.css",
    "src/tokens/pane/requestSeconds.css",
  ],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "annual-view" */ "./annualPane"),
});
