/*
 * The contract every view of the pane keeps, so that the pane's bootstrap, its tabs, its stylesheets and its tests
 * read one list of views (src/taskpane/viewList.ts) and a new view is its folder plus one line there. A view is
 * declared in its own pane folder, as data and one dynamic import: nothing of its code is loaded before its tab
 * is first shown, unless it is one of the first load's.
 */
import type { PaneHost } from "./paneHost";

/** What a view is given when it is built. */
export interface ViewContext<Needs> {
  /** the view's panel, #view-<id>, in the page */
  panel: HTMLElement;
  /** what the view needs of the other views, wired by the view list (typed hooks, never the other's DOM) */
  needs: Needs;
}

/** A view, built. */
export interface MountedView<Offers> {
  /** what the view offers the others (the budget: its plan, and taking inputs typed elsewhere) */
  offers: Offers;
  /** Tells the view where the pane runs, once, when the entry has chosen the host (Excel may answer late). */
  useHost(host: PaneHost): void;
  /** A first-load view: draws what may wait for the pane's first paint. */
  painted?(): void;
  /** Says, where the view says such things, that Excel has not answered yet; the pane keeps waiting. */
  stillConnecting?(): void;
}

/** A view's code, as its chunk gives it. */
export interface ViewModule<Offers, Needs> {
  /** Builds the view in its panel (and its group of the action bar), before or after the host is known. */
  mount(context: ViewContext<Needs>): MountedView<Offers>;
}

/** When a view's code and styles load. */
export type ViewLoad = "first load" | "when shown";

/** A view of the pane, declared once. */
export interface PaneView<Id extends string = string, Offers = unknown, Needs = unknown> {
  /** the view's name in ids: its tab is #tab-<id>, its panel #view-<id>, its action group #actions-<id> */
  id: Id;
  /** its tab's words */
  label: string;
  /** the id of the element that shows the view's summary, its answer at a glance; none for a view that has none */
  summary?: string;
  /** "first load": built as the pane starts; "when shown": loaded and built when its tab is first shown */
  load: ViewLoad;
  /**
   * The view's stylesheets in src/, in the order they build on each other. A first-load view's, and those of a
   * view whose `ownStylesheet` is false, join taskpane.css; otherwise they make <id>.css, loaded with its chunk.
   */
  stylesheets: readonly string[];
  /** true: the view's styles are <id>.css, kept out of the first load and loaded with its chunk */
  ownStylesheet: boolean;
  /** the view's code: a dynamic import (eager for a first-load view, a lazy chunk otherwise) */
  chunk: () => Promise<ViewModule<Offers, Needs>>;
}

/** Declares a view, checking it against the contract while keeping its id, offers and needs as they are. */
export const paneView = <Id extends string, Offers, Needs>(view: PaneView<Id, Offers, Needs>) => view;
