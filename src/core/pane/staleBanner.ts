/*
 * The out-of-date banner every view shows over figures it keeps while an input is invalid: the last valid numbers
 * stay, greyed by the section's data-stale, rather than blank under a planner's cursor, and the banner says what
 * to fix. The sentences are made here too, so that every view words them alike.
 */

/** Marks a section out of date with the banner's `text`, or up to date (undefined). */
export type MarkStale = (text: string | undefined) => void;

/**
 * The marker of `section` through its `banner`: while out of date the section is data-stale, the banner shows
 * the text and describes the section (aria-describedby) for a screen reader.
 */
export function staleBanner(section: HTMLElement, banner: HTMLElement): MarkStale {
  return (text) => {
    const stale = text !== undefined;
    section.toggleAttribute("data-stale", stale);
    banner.hidden = !stale;
    banner.textContent = text ?? "";
    if (stale) section.setAttribute("aria-describedby", banner.id);
    else section.removeAttribute("aria-describedby");
  };
}

/** Invalid fields named for a sentence: "Serving time per clip", "A and B", and past two "3 fields". */
export function fieldList(names: readonly string[]): string {
  return names.length > 2 ? `${names.length} fields` : names.join(" and ");
}

/**
 * The banner's sentence: "Out of date: fix <what> to update." with `meanwhile` after a semicolon when given, or,
 * with no field to name (`what` empty), "Out of date. <problem>" for a problem of the whole input.
 */
export function outOfDate(what: string | undefined, problem?: string, meanwhile?: string): string {
  if (!what) return `Out of date. ${problem ?? ""}`;
  return `Out of date: fix ${what} to update${meanwhile ? `; ${meanwhile}` : ""}.`;
}

/**
 * The summary's line while its figures are old: "Last valid figures: fix <what> to update them.", or with no field
 * to name "Last valid figures. <problem>". Worded apart from the banner's, which says the same further down.
 */
export function staleSummary(what: string | undefined, problem?: string): string {
  if (!what) return `Last valid figures. ${problem ?? ""}`.trim();
  return `Last valid figures: fix ${what} to update them.`;
}
