/*
 * The pane's views, in their tabs' order: one line a view. The tabs (built into taskpane.html at build,
 * viewTabs.ts), the stylesheets (webpack.config.js), the bootstrap (taskpane.ts) and the tests read this list; a
 * view is declared in its own pane folder (its *Tab.ts), and a new view is its folder plus one line here (and, if
 * it needs another view, one line in VIEW_NEEDS).
 */
import type { PaneView } from "../core/views/paneView";
import { stagesTab } from "../stages/pane/stagesTab";
import { annualTab } from "../annual/pane/annualTab";
import { whatIfTab } from "../whatIf/pane/whatIfTab";
import { budgetTab } from "../budget/pane/budgetTab";
import { billTab } from "../bill/pane/billTab";
import { portableTab } from "../portable/pane/portableTab";
import { estateTab } from "../estate/pane/estateTab";
import { tokensTab } from "../tokens/pane/tokensTab";

/** Every view of the pane, the first shown first. */
export const VIEWS = [
  stagesTab,
  annualTab,
  whatIfTab,
  budgetTab,
  billTab,
  estateTab,
  tokensTab,
  portableTab,
] as const satisfies readonly PaneView[];

/** A view's id: "stages", "budget", ... */
export type ViewId = (typeof VIEWS)[number]["id"];
type ViewOf<Id extends ViewId> = Extract<(typeof VIEWS)[number], { id: Id }>;
/** What a view offers the others (its hooks). */
export type OffersOf<Id extends ViewId> = ViewOf<Id> extends PaneView<Id, infer Offers, unknown> ? Offers : never;
/** What a view needs of the others. */
export type NeedsOf<Id extends ViewId> = ViewOf<Id> extends PaneView<Id, unknown, infer Needs> ? Needs : never;

/** What a view's needs are met from: the others' offers, as the bootstrap holds them. */
export interface ViewLinks {
  /** the offers of a view already built, or undefined before its tab has been shown */
  built<Id extends ViewId>(id: Id): OffersOf<Id> | undefined;
  /** Shows a view (building it first if need be) and resolves to its offers. */
  show<Id extends ViewId>(id: Id): Promise<OffersOf<Id>>;
}

/** The views that need something of the others. */
type Needing = {
  [Id in ViewId]: [NeedsOf<Id>] extends [undefined] ? never : unknown extends NeedsOf<Id> ? never : Id;
}[ViewId];

/** Each view's needs, met from the other views' hooks: one line a view that needs any. */
export const VIEW_NEEDS: { [Id in Needing]: (links: ViewLinks) => NeedsOf<Id> } = {
  estate: (links) => ({
    annualPlan: () => {
      const annual = links.built("annual");
      return annual ? { opened: true, plan: annual.plan() } : { opened: false };
    },
  }),
  budget: (links) => ({
    estatePlan: () => {
      const estate = links.built("estate");
      return estate ? { opened: true, plan: estate.plan() } : { opened: false };
    },
  }),
  bill: (links) => ({
    budgetPlan: () => links.built("budget")?.plan(),
    useInBudget: (inputs) => void links.show("budget").then((budget) => budget.takeInputs(inputs)),
    planPricePerMillion: () => links.built("tokens")?.apiPricePerMillion(),
  }),
  // The budget's traffic where that view is open (its first month and its growth), else the stage view's.
  tokens: (links) => ({
    planTraffic: () => {
      const budget = links.built("budget");
      const plan = budget?.plan();
      if (budget) return plan && { view: "Budget", clipsPerSecond: plan.clipsPerSecond, growth: plan.monthlyGrowth };
      const stages = links.built("stages")?.plan();
      return stages && { view: "Stage", clipsPerSecond: stages.clipsPerSecond };
    },
  }),
};

/** What a view is given as its needs: its line of VIEW_NEEDS, or nothing. */
export function needsOf<Id extends ViewId>(id: Id, links: ViewLinks): NeedsOf<Id> {
  const meet = (VIEW_NEEDS as Partial<Record<ViewId, (links: ViewLinks) => unknown>>)[id];
  return (meet ? meet(links) : undefined) as NeedsOf<Id>;
}
