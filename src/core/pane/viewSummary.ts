/*
 * The summary every view leads with (#<view>-summary, class view-summary): its answer in a few figures and one
 * sentence, kept in view under the tab bar while the inputs scroll (pane.css), so that a planner typing in a
 * 350 x 700 pane sees the answer follow each keystroke. The full preview stays below the form.
 */

import { setText } from "./dom";

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

/** A summary as drawn: the shape it was built for, and the nodes whose texts a redraw of that shape sets. */
interface DrawnSummary {
  shape: string;
  /** its first node, the figures' list: gone from the container when something else replaced the summary */
  list: Node;
  texts: Node[];
}

/** The summaries drawn, by container: a redraw of the same shape sets only the texts that changed. */
const drawn = new WeakMap<HTMLElement, DrawnSummary>();

/** A short note ("-24.3%") runs on after the value; a longer one takes a line of its own. */
const inlineNote = (note: string) => Array.from(note).length <= SHORT_NOTE;

/** The texts of `summary` in the order its nodes hold them: each figure's label, value and note, the sentence. */
function summaryTexts(summary: ViewSummary, staleText: string | undefined): string[] {
  const texts = summary.figures.flatMap((f) => (f.note ? [f.label, f.value, f.note] : [f.label, f.value]));
  if (staleText || summary.sentence) texts.push(staleText ?? summary.sentence ?? "");
  return texts;
}

/** What the nodes of `summary` are: a figure with no note, an inline or a long note, and the sentence's kind. */
function summaryShape(summary: ViewSummary, staleText: string | undefined): string {
  const figures = summary.figures.map((f) => (!f.note ? "-" : inlineNote(f.note) ? "i" : "n")).join("");
  return `${figures}|${staleText ? "stale" : summary.sentence ? "sentence" : ""}`;
}

/**
 * Draws `summary` into `container` (a .view-summary element): a description list of its figures, then its
 * sentence. Stale figures stay, greyed (data-stale), as the preview's do; text only, never markup. A summary of
 * the shape last drawn there (a keystroke's, mostly) keeps its nodes and has only its changed texts set.
 */
export function renderSummary(container: HTMLElement, summary: ViewSummary): void {
  const staleText = summary.stale ? summary.staleText : undefined;
  const shape = summaryShape(summary, staleText);
  const texts = summaryTexts(summary, staleText);
  const last = drawn.get(container);
  if (last && last.shape === shape && last.list.parentNode === container) {
    last.texts.forEach((node, i) => setText(node, texts[i]));
  } else {
    drawn.set(container, { shape, ...buildSummary(container, summary, staleText) });
  }
  container.toggleAttribute("data-stale", summary.stale === true);
}

/** Builds `summary` afresh in `container`; gives its list and its text-holding elements in summaryTexts's order. */
function buildSummary(container: HTMLElement, summary: ViewSummary, staleText: string | undefined) {
  const holders: Node[] = [];
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
    holders.push(label, value);
    if (figure.note) {
      const note = document.createElement("dd");
      const inline = inlineNote(figure.note);
      note.className = inline ? "summary-note inline" : "summary-note";
      if (inline) value.classList.add("inline");
      note.textContent = figure.note;
      item.append(note);
      holders.push(note);
    }
    list.append(item);
  }
  const parts: HTMLElement[] = [list];
  if (staleText || summary.sentence) {
    const sentence = document.createElement("p");
    sentence.className = staleText ? "summary-sentence summary-stale" : "summary-sentence";
    sentence.textContent = staleText ?? summary.sentence ?? "";
    parts.push(sentence);
    holders.push(sentence);
  }
  container.replaceChildren(...parts);
  return { list, texts: holders };
}
