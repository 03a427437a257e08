/*
 * The pane's views as tabs, after the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/):
 * one tab in the tab order, arrow keys, Home and End move between tabs and show the view at once. Each view has
 * its own group in the pinned action bar (#actions-<view>), shown with it.
 */

/**
 * Keeps the tab bar's height in the page's --tabs-height, where each view's summary pins itself (pane.css), and
 * the shown summary's in --summary-height, so that keyboard focus scrolls a field clear of both
 * (scroll-padding-top): the tabs wrap to two lines in a narrow pane and a summary's height follows its figures,
 * so no fixed height would do. CSSOM, which the page's CSP allows.
 */
function trackPinnedHeights(): () => void {
  const root = document.documentElement.style;
  const bar = document.querySelector<HTMLElement>(".tabs");
  const observer = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => measure()) : undefined;
  const watched = new Set<Element>();
  const measure = () => {
    // A view may build its summary when first shown (the budget's, inside #budget-root): watch each new one.
    const summaries = Array.from(document.querySelectorAll<HTMLElement>(".view-summary"));
    for (const element of [bar, ...summaries]) {
      if (!element || watched.has(element)) continue;
      watched.add(element);
      observer?.observe(element);
    }
    if (bar) root.setProperty("--tabs-height", `${bar.offsetHeight}px`);
    // A hidden view's summary measures 0: the largest is the shown one's.
    root.setProperty("--summary-height", `${Math.max(0, ...summaries.map((s) => s.offsetHeight))}px`);
  };
  measure();
  // A summary added later (a view built when first shown, after a lazy load) is found at the next frame.
  const main = document.querySelector("main");
  if (main && typeof MutationObserver !== "undefined" && typeof requestAnimationFrame !== "undefined") {
    let queued = false;
    new MutationObserver(() => {
      const known = document.querySelectorAll(".view-summary").length === watched.size - (bar ? 1 : 0);
      if (known || queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        measure();
      });
    }).observe(main, { childList: true, subtree: true });
  }
  return measure;
}

/**
 * Wires the tab list; `onShow` hears the id of every view shown (such as "view-portable"). Returns how the pane
 * shows a view itself (one view's hook asking for another, as the bill's "use in the budget"), by its panel's id,
 * as a click on its tab would, without moving the focus.
 */
export function setUpViews(onShow: (viewId: string) => void = () => undefined): (viewId: string) => void {
  const keepPinnedHeights = trackPinnedHeights();
  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const show = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      const viewId = tab.getAttribute("aria-controls") || "";
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const view = document.getElementById(viewId);
      if (view) view.hidden = !selected;
      const actions = document.getElementById(viewId.replace(/^view-/, "actions-"));
      if (actions) actions.hidden = !selected;
    }
    if (focus) chosen.focus();
    onShow(chosen.getAttribute("aria-controls") || "");
    keepPinnedHeights();
  };
  for (const tab of tabs) {
    tab.addEventListener("click", () => show(tab, false));
    tab.addEventListener("keydown", (event) => {
      const at = tabs.indexOf(tab);
      const next: Record<string, number> = {
        ArrowRight: (at + 1) % tabs.length,
        ArrowLeft: (at - 1 + tabs.length) % tabs.length,
        Home: 0,
        End: tabs.length - 1,
      };
      if (!(event.key in next)) return;
      event.preventDefault();
      show(tabs[next[event.key]], true);
    });
  }
  return (viewId) => {
    const tab = tabs.find((candidate) => candidate.getAttribute("aria-controls") === viewId);
    if (tab) show(tab, false);
  };
}
