/*
 * The pane's views as tabs, after the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/):
 * one tab in the tab order, arrow keys, Home and End move between tabs and show the view at once. Each view has
 * its own group in the pinned action bar (#actions-<view>), shown with it.
 */

/** Wires the tab list; `onShow` hears the id of every view shown (such as "view-portable"). */
export function setUpViews(onShow: (viewId: string) => void = () => undefined): void {
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
}
