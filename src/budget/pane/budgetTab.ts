/*
 * The budget view's tab: its code and its own stylesheet (budget.css) load when the tab is first shown, so they
 * stay out of the first load's 100 KB (src/taskpane/viewList.ts lists it).
 */
import { paneView } from "../../core/views/paneView";
import type { BudgetNeeds, BudgetOffers } from "./budgetPane";

/**
 * The budget over time, month by month; it offers its plan, takes inputs measured elsewhere (the bill's) and needs
 * the Estate view's models (its choice of models).
 */
export const budgetTab = paneView<"budget", BudgetOffers, BudgetNeeds>({
  id: "budget",
  label: "Budget",
  summary: "budget-summary",
  load: "when shown",
  stylesheets: ["src/budget/pane/budget.css", "src/ledgers/pane/ledgers.css", "src/tokens/pane/requestSeconds.css"],
  ownStylesheet: true,
  chunk: () => import(/* webpackChunkName: "budget-view" */ "./budgetPane"),
});
