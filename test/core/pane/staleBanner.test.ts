/*
 * The out-of-date banner (core/pane/staleBanner.ts): its sentences, worded alike in every view, and the marks it
 * leaves on the section (data-stale, the banner shown, aria-describedby while stale).
 */
import { fieldList, outOfDate, staleBanner, staleSummary } from "../../../src/core/pane/staleBanner";

test("the fields to fix, named for a sentence, and the banner's words", () => {
  expect(fieldList(["Serving time per clip"])).toBe("Serving time per clip");
  expect(fieldList(["A", "B"])).toBe("A and B");
  expect(fieldList(["A", "B", "C"])).toBe("3 fields");
  expect(outOfDate("Clips per second")).toBe("Out of date: fix Clips per second to update.");
  expect(outOfDate("A and B", undefined, "nothing is saved or written meanwhile")).toBe(
    "Out of date: fix A and B to update; nothing is saved or written meanwhile.",
  );
  expect(outOfDate("", "The crossover is too large.")).toBe("Out of date. The crossover is too large.");
  expect(outOfDate(undefined, "The crossover is too large.")).toBe("Out of date. The crossover is too large.");
});

test("marking a section stale shows the banner, names it as the section's description, and unmarking undoes it", () => {
  const attributes = new Map<string, string>();
  const section = {
    toggleAttribute: (name: string, on: boolean) => (on ? attributes.set(name, "") : attributes.delete(name)),
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  };
  const banner = { id: "annual-stale", hidden: true, textContent: "" };
  const mark = staleBanner(section as unknown as HTMLElement, banner as unknown as HTMLElement);
  mark("Out of date: fix Clips per second to update.");
  expect(banner).toEqual({
    id: "annual-stale",
    hidden: false,
    textContent: "Out of date: fix Clips per second to update.",
  });
  expect(Object.fromEntries(attributes)).toEqual({ "data-stale": "", "aria-describedby": "annual-stale" });
  mark(undefined);
  expect(banner.hidden).toBe(true);
  expect(Object.fromEntries(attributes)).toEqual({});
});

test("the summary's line while stale names what to fix, worded apart from the banner's", () => {
  expect(staleSummary("Clips per second")).toBe("Last valid figures: fix Clips per second to update them.");
  expect(staleSummary(undefined, "The crossover is too large.")).toBe(
    "Last valid figures. The crossover is too large.",
  );
  // Never the banner's own words, which a reader (or a test) would then find twice.
  expect(outOfDate("Clips per second").toLowerCase()).not.toContain(staleSummary("Clips per second").toLowerCase());
  expect(staleSummary("Clips per second").toLowerCase()).not.toContain("out of date");
});
