/* The "API or own fleet" view's tab: its code and stylesheet load when its tab is first shown (viewList.ts). */
import { paneView } from "../../core/views/paneView";
import type { TokensNeeds, TokensOffers } from "./planTraffic";

/** Serving bought by the token: an API against your own fleet at the plan's traffic (the stage or budget view's). */
export const tokensTab = paneView<"tokens", TokensOffers, TokensNeeds>({
  id: "tokens",
  label: "API or fleet",
  summary: "tokens-summary",
  load: "when shown",
  stylesheets: ["src/tokens/pane/tokens.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "tokens-view" */ "./tokensPane"),
});
