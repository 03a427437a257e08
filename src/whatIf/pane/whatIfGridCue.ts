/*
 * The scenario grid in a narrow pane: the labels stay at the left and the base scenario's column stays in view
 * (sticky, whatIf.css), and the other scenarios scroll sideways under them. This says which scenarios are out of
 * view and where, as buttons that bring each into view ("Aggressive →"), and marks the edge the grid continues
 * past (data-more) for its shadow. Nothing shows while every scenario fits, as at 800 px.
 */

/** A scenario's column counts as out of view when less than this share of it shows. */
const SHOWN_SHARE = 0.5;

/** The width of [from, to] inside [left, right]. */
const overlap = (from: number, to: number, left: number, right: number) =>
  Math.max(0, Math.min(to, right) - Math.max(from, left));

/** One scenario out of view: its column's heading and which way it lies. */
interface OutOfView {
  heading: HTMLElement;
  side: "left" | "right";
}

/** The scenarios of the grid in `wrap` that are mostly out of view, left or right of what shows. */
function scenariosOutOfView(wrap: HTMLElement): OutOfView[] {
  const headings = Array.from(wrap.querySelectorAll<HTMLElement>("thead th.scenario"));
  const corner = wrap.querySelector<HTMLElement>("thead th:first-child");
  const base = headings.find((th) => th.classList.contains("base"));
  if (!corner || headings.length === 0) return [];
  const box = wrap.getBoundingClientRect();
  const left = corner.getBoundingClientRect().right;
  const right = box.right;
  const baseBox = base?.getBoundingClientRect();
  const found: OutOfView[] = [];
  for (const heading of headings) {
    if (heading === base) continue;
    const own = heading.getBoundingClientRect();
    if (own.width === 0) continue;
    // What shows of it: inside the grid's box, right of the labels, and not under the base's pinned column.
    const under = baseBox
      ? overlap(own.left, own.right, Math.max(left, baseBox.left), Math.min(right, baseBox.right))
      : 0;
    const shown = overlap(own.left, own.right, left, right) - under;
    if (shown < SHOWN_SHARE * own.width)
      found.push({ heading, side: own.left < (baseBox?.left ?? left) ? "left" : "right" });
  }
  return found;
}

/**
 * Scrolls the grid so that `heading`'s column sits just right of the pinned columns (the labels, and the base's
 * when it comes first), then moves focus to its name, which is then in view.
 */
function bringIntoView(wrap: HTMLElement, heading: HTMLElement): void {
  const corner = wrap.querySelector<HTMLElement>("thead th:first-child");
  const base = wrap.querySelector<HTMLElement>("thead th.scenario.base");
  const baseBefore = base && base.offsetLeft < heading.offsetLeft ? base.offsetWidth : 0;
  wrap.scrollLeft = heading.offsetLeft - (corner?.offsetWidth ?? 0) - baseBefore;
  heading.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
}

/** The scenario's name as its column's heading holds it (the name input's text, or its place). */
const nameOf = (heading: HTMLElement, index: number) =>
  heading.querySelector<HTMLInputElement>("input")?.value.trim() || `Scenario ${index + 1}`;

/**
 * Follows the grid in `wrap` as it scrolls and resizes, keeping `cue` (a paragraph) saying which scenarios are out
 * of view; returns the function to call after the grid is rebuilt.
 */
export function followGridScroll(wrap: HTMLElement, cue: HTMLElement): () => void {
  let shownKey = "";
  const refresh = () => {
    const hidden = scenariosOutOfView(wrap);
    wrap.toggleAttribute(
      "data-more-left",
      hidden.some((h) => h.side === "left"),
    );
    wrap.toggleAttribute(
      "data-more-right",
      hidden.some((h) => h.side === "right"),
    );
    const headings = Array.from(wrap.querySelectorAll<HTMLElement>("thead th.scenario"));
    const names = hidden.map((h) => {
      const index = headings.indexOf(h.heading);
      return { ...h, index, name: nameOf(h.heading, index) };
    });
    const key = names.map((n) => `${n.side}:${n.index}:${n.name}`).join("|");
    if (key === shownKey) return;
    shownKey = key;
    cue.hidden = names.length === 0;
    const buttons = names.map(({ index, side, name }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link-button";
      button.textContent = side === "left" ? `← ${name}` : `${name} →`;
      // The column is looked up when clicked: the grid is rebuilt (a scenario added, the base moved) under the cue.
      button.addEventListener("click", () => {
        const heading = wrap.querySelectorAll<HTMLElement>("thead th.scenario")[index];
        if (heading) bringIntoView(wrap, heading);
      });
      return button;
    });
    const lead =
      names.length === 1
        ? "1 more scenario; scroll the grid sideways:"
        : `${names.length} more scenarios; scroll the grid sideways:`;
    cue.replaceChildren(lead, ...buttons.flatMap((button) => [" ", button]));
  };
  wrap.addEventListener("scroll", refresh, { passive: true });
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(refresh).observe(wrap);
  return refresh;
}
