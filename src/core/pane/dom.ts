/*
 * The pane's one way of making an element, HTML or the charts' SVG: a tag, its attributes and its text, the text as
 * a text node only, so that a planner's words (a file name, a scenario's name) never reach the page as markup; and
 * the charts' character width; and the setters a redraw in place uses, which write only what changed.
 */

/** An element of `tag` with `attributes` (id, class, aria-*, ...) and `text`, as text only. */
export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Sets `node`'s text only when it differs: a redraw on every keystroke then replaces only the texts that moved, and
 * Chromium lays out again only their boxes (the same text set again is a new text node, and a layout of its own).
 */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Sets an attribute only when it differs, for the same reason (and a MutationObserver hears only a change). */
export function setAttributeIfChanged(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** The element of the page with this id, as the caller knows it to be (a view's own, made by it or the page). */
export const byId = <T extends Element = HTMLElement>(id: string): T => document.getElementById(id) as unknown as T;

const SVG = "http://www.w3.org/2000/svg";

type Attributes = Record<string, string | number>;

type Tag = keyof SVGElementTagNameMap;

/** An SVG element with `attributes`, and `text` as its text (never markup). */
export function el<K extends Tag>(name: K, attributes: Attributes, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/* About 6 px per character at the charts' 10-px font: where a label needs to know its width. */
export const CHARACTER_WIDTH = 6;
