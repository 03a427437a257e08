/* The stage view's tab: the pane's first, built with the first load (src/taskpane/viewList.ts lists it). */
import { paneView } from "../../core/views/paneView";

/** The stage view: training against serving at three stages, the pane's first view. */
export const stagesTab = paneView({
  id: "stages",
  label: "Cost stages",
  summary: "stages-summary",
  load: "first load",
  stylesheets: ["src/stages/pane/stages.css", "src/tokens/pane/requestSeconds.css"],
  ownStylesheet: false,
  chunk: () => import(/* webpackMode: "eager" */ "./stagesPane"),
});
