/*
 * The task pane's bootstrap: builds the first load's views, loads the others when their tab is first shown (each
 * from the view list, viewList.ts), and chooses the host once (Excel or a plain browser, as Office.js says), then
 * hands it to every view; inside Excel the host dresses the pane in Excel's Office theme. It holds no view of its
 * own, and views reach each other only through the hooks the view list wires.
 */
import { setUpViews } from "../core/views/tabs";
import { choosePaneHost, PaneHost } from "../core/views/paneHost";
import type { MountedView, PaneView } from "../core/views/paneView";
import { needsOf, OffersOf, ViewId, ViewLinks, VIEWS } from "./viewList";

/* How long before a pane still waiting for Excel says so; it keeps waiting all the same. */
const STILL_CONNECTING_MS = 10_000;

/** Resolves after the browser has had a chance to paint (a hidden page paints no frame: the timer answers). */
function nextFrame(): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, 50);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), done()), 0));
  });
}

/**
 * Adds the stylesheet at `href` to the page and resolves once it has loaded (or failed: the view is still built,
 * unstyled, rather than never), so a lazily loaded view is not drawn before its styles.
 */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => done());
    link.addEventListener("error", () => done());
    document.head.append(link);
  });
}

/** A view's panel: the page's, or an empty one made for a view whose panel the page does not write. */
function panelOf(id: ViewId): HTMLElement {
  const written = document.getElementById(`view-${id}`);
  if (written) return written;
  const panel = document.createElement("div");
  panel.id = `view-${id}`;
  panel.className = `view view-${id}`;
  panel.setAttribute("role", "tabpanel");
  panel.setAttribute("aria-labelledby", `tab-${id}`);
  panel.hidden = true;
  document.querySelector("main")?.append(panel);
  return panel;
}

/** The views built so far, in the order they were built, and those on their way (their chunk loading). */
const built = new Map<ViewId, MountedView<unknown>>();
const building = new Map<ViewId, Promise<MountedView<unknown>>>();
/** the host, once chosen */
let host: PaneHost | undefined;
/** shows a view by its panel's id, once the tabs are wired */
let showView: (viewId: string) => void = () => undefined;

/** What one view may ask of another: its offers once built, or to be shown. */
const links: ViewLinks = {
  built: <Id extends ViewId>(id: Id) => built.get(id)?.offers as OffersOf<Id> | undefined,
  show: <Id extends ViewId>(id: Id) => {
    showView(`view-${id}`);
    return build(id).then((view) => view.offers as OffersOf<Id>);
  },
};

/** Loads and builds a view once (its chunk, and its own stylesheet if it has one); tells it the host if known. */
function build(id: ViewId): Promise<MountedView<unknown>> {
  const pending = building.get(id);
  if (pending) return pending;
  const view = VIEWS.find((candidate) => candidate.id === id) as PaneView<ViewId, unknown, unknown>;
  const styles = view.ownStylesheet ? loadStylesheet(`${view.id}.css`) : undefined;
  const mounting = Promise.all([view.chunk(), styles]).then(([code]) => {
    const mounted = code.mount({ panel: panelOf(id), needs: needsOf(id, links) });
    built.set(id, mounted);
    if (host) mounted.useHost(host);
    return mounted;
  });
  building.set(id, mounting);
  return mounting;
}

/** Builds the first load's views and their first paint, then waits for Office.js to say where the pane runs. */
async function start(): Promise<void> {
  // Every view has its panel before the tabs are wired, so that its tab shows and hides it from the first click.
  for (const view of VIEWS) panelOf(view.id);
  // The first load's code is in taskpane.js (eager imports): these resolve before the page paints.
  await Promise.all(VIEWS.filter((view) => view.load === "first load").map((view) => build(view.id)));
  showView = setUpViews((viewId) => {
    const shown = VIEWS.find((view) => `view-${view.id}` === viewId);
    if (shown) void build(shown.id);
  });
  performance.mark("pane-interactive");
  // The form paints first, the preview a frame later: the page's first number format costs 45-70 ms in a fresh
  // Chromium renderer (Intl loads its locale data on first use; measured), and a planner can start typing meanwhile.
  await nextFrame();
  for (const view of built.values()) view.painted?.();
  performance.mark("pane-preview");
  const slow = setTimeout(() => built.forEach((view) => view.stillConnecting?.()), STILL_CONNECTING_MS);
  const chosen = await choosePaneHost();
  clearTimeout(slow);
  useHost(chosen);
}

/** Tells every view built where the pane runs (a view built later hears it as it is built), and marks it ready. */
function useHost(chosen: PaneHost): void {
  host = chosen;
  chosen.applyTheme(document.documentElement);
  for (const view of built.values()) view.useHost(chosen);
  document.body.dataset.ready = chosen.mode;
  performance.mark("pane-ready");
}

void start();
