/*
 * The pane's tab list, written into taskpane.html at build (webpack.config.js) from the view list, after the
 * WAI-ARIA tabs pattern: the first view's tab selected and in the tab order, every other one out of it
 * (tabindex -1) until the arrow keys reach it (core/views/tabs.ts). Pure: text in, text out.
 */
import type { PaneView } from "../core/views/paneView";

/** Where taskpane.html's template takes the tabs. */
export const TABS_MARKER = "<!-- the tabs: one a view of src/taskpane/viewList.ts, written at build -->";

const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A tab's words, a hyphenated word kept on one line ("What-if" would break after its hyphen). */
const labelHtml = (label: string) =>
  label
    .split(" ")
    .map((word) => (word.includes("-") ? `<span class="nowrap">${escaped(word)}</span>` : escaped(word)))
    .join(" ");

/** One tab button a view, the first selected. */
export function tabsHtml(views: readonly Pick<PaneView, "id" | "label">[]): string {
  return views
    .map((view, index) => {
      const first = index === 0;
      const attributes = [
        'type="button"',
        'role="tab"',
        `id="tab-${view.id}"`,
        `aria-controls="view-${view.id}"`,
        `aria-selected="${first}"`,
        ...(first ? [] : ['tabindex="-1"']),
      ];
      return `<button ${attributes.join(" ")}>${labelHtml(view.label)}</button>`;
    })
    .join("\n        ");
}

/** taskpane.html's template with the tabs of `views` in place of its marker; refused without the marker. */
export function withViewTabs(template: string, views: readonly Pick<PaneView, "id" | "label">[]): string {
  if (!template.includes(TABS_MARKER)) throw new Error(`taskpane.html has no "${TABS_MARKER}" for the tabs`);
  return template.replace(TABS_MARKER, tabsHtml(views));
}
