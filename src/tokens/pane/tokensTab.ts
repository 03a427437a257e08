/* The "API or own fleet" view's tab: its code and stylesheet load when its tab is first shown (viewList.ts). */
import { paneView } from "../../core/views/paneView";

/** Serving bought by the token: an API against your own fleet, a month's cost each way and the crossover. */
export const tokensTab = paneView<"tokens", undefined, undefined>({
  id: "tokens",
  label: "API or fleet",
  summary: "tokens-summary",
  load: "when shown",
  stylesheets: ["src/tokens/pane/tokens.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "tokens-view" */ "./tokensPane"),
});
