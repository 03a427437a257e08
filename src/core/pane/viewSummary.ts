/*
 * The summary every view leads with (#<view>-summary, class view-summary): its answer in a few figures and one
 * sentence, kept in view under the tab bar while the inputs scroll (pane.css), so that a planner typing in a
 * 350 x 700 pane sees the answer follow each keystroke. The full preview stays below the form.
 */

/** Up to this many characters a figure's note runs on after its value, on the same line. */
const SHORT_NOTE = 10;

/** One figure of a summary: what it is, its value as the formatter wrote it, and an optional note under it. */
export interface SummaryFigure {
  label: string;
  value: string;
  note?: string;
}

/** A view's summary: its figures, a sentence under them, and `stale` while an invalid input keeps them old. */
export interface ViewSummary {
  figures: readonly SummaryFigure[];
  sentence?: string;
  stale?: boolean;
  /** while stale: what to fix, shown in the sentence's place (the banner that says it may be out of sight) */
  staleText?: string;
}

/**
 * Draws `summary` into `container` (a .view-summary element): a description list of its figures, then its
 * sentence. Stale figures stay, greyed (data-stale), as the preview's do; text only, never markup.
 */
export function renderSummary(container: HTMLElement, summary: ViewSummary): void {
  const list = document.createElement("dl");
  list.className = "summary-figures";
  for (const figure of summary.figures) {
    const item = document.createElement("div");
    item.className = "summary-figure";
    const label = document.createElement("dt");
    label.textContent = figure.label;
    const value = document.createElement("dd");
    value.className = "summary-value";
    value.textContent = figure.value;
    item.append(label, value);
    if (figure.note) {
      const note = document.createElement("dd");
      // A short note ("-24.3%") runs on after the value; a longer one takes a line of its own.
      const inline = Array.from(figure.note).length <= SHORT_NOTE;
      note.className = inline ? "summary-note inline" : "summary-note";
      if (inline) value.classList.add("inline");
      note.textContent = figure.note;
      item.append(note);
    }
    list.append(item);
  }
  const parts: HTMLElement[] = [list];
  const staleText = summary.stale ? summary.staleText : undefined;
  if (staleText || summary.sentence) {
    const sentence = document.createElement("p");
    sentence.className = staleText ? "summary-sentence summary-stale" : "summary-sentence";
    sentence.textContent = staleText ?? summary.sentence ?? "";
    parts.push(sentence);
  }
  container.replaceChildren(...parts);
  container.toggleAttribute("data-stale", summary.stale === true);
}
