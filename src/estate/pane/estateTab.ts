/* The Estate view's tab: its code and its own stylesheet load when the tab is first shown (viewList.ts lists it). */
import { paneView } from "../../core/views/paneView";
import type { EstateNeeds, EstateOffers } from "./estatePane";

/** Several models on one plan: the estate's shares in hours and money, levers ranked across it; it offers its list. */
export const estateTab = paneView<"estate", EstateOffers, EstateNeeds>({
  id: "estate",
  label: "Estate",
  summary: "estate-summary",
  load: "when shown",
  stylesheets: ["src/estate/pane/estate.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "estate-view" */ "./estatePane"),
});
