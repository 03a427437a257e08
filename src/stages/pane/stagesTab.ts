/* The stage view's tab: the pane's first, built with the first load (src/taskpane/viewList.ts lists it). */
import { paneView } from "../../core/views/paneView";
import type { StagesOffers } from "./stagesPane";

/** The stage view: training against serving at three stages, the pane's first view; it offers its plan. */
export const stagesTab = paneView<"stages", StagesOffers, undefined>({
  id: "stages",
  label: "Cost stages",
  summary: "stages-summary",
  load: "first load",
  stylesheets: ["src/stages/pane/stages.css", "src/tokens/pane/requestSeconds.css"],
  ownStylesheet: false,
  chunk: () => import(/* webpackMode: "eager" */ "./stagesPane"),
});
