/* SVG for every chart the pane draws: elements built with text as text only, and the charts' character width. */
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
