/*
 * Chart text against what is painted behind it: axe-core does not check SVG text, so the e2e tests measure each
 * <text>'s computed fill against the colours composed under its centre (WCAG 2's contrast ratio).
 */
import { Page } from "playwright-core";

/** WCAG's contrast of two sRGB colours. */
export function contrast(a: number[], b: number[]): number {
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** One <text> of a chart: its words, its painted colour and the colour painted behind its centre. */
export interface SvgText {
  chart: string;
  text: string;
  fill: number[];
  behind: number[];
}

/**
 * Every visible chart text of the shown view, each scrolled to the middle of the window: its computed fill, and
 * what lies under its centre, composed from the shapes and boxes below it (fill and opacity) down to the first
 * opaque background.
 */
export const svgTexts = (page: Page): Promise<SvgText[]> =>
  page.evaluate(() => {
    const rgba = (css: string): number[] | undefined => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return undefined;
      const [r, g, b, a] = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a === undefined ? 1 : a];
    };
    const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3]));
    const layerOf = (element: Element): number[] | undefined => {
      const style = getComputedStyle(element);
      const opacity = Number(style.opacity);
      let colour: number[] | undefined;
      if (element instanceof SVGGeometryElement && !(element instanceof SVGTextElement)) {
        // A line or a stroke-only shape paints no ground behind text; a filled shape does.
        if (style.fill === "none" || element.tagName === "line" || element.tagName === "polyline") return undefined;
        colour = rgba(style.fill);
        if (colour) colour[3] *= Number(style.fillOpacity);
      } else if (element instanceof HTMLElement) {
        colour = rgba(style.backgroundColor);
      }
      if (!colour || colour[3] === 0) return undefined;
      colour[3] *= opacity;
      return colour;
    };
    const found: SvgText[] = [];
    const view = document.querySelector<HTMLElement>(".view:not([hidden])")!;
    for (const text of Array.from(view.querySelectorAll<SVGTextElement>("svg text"))) {
      if (!text.textContent?.trim()) continue;
      text.scrollIntoView({ block: "center", inline: "center" });
      const box = text.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(text);
      const fill = rgba(style.fill);
      if (!fill) continue;
      const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const layers: number[][] = [];
      for (const element of stack) {
        if (element === text || text.contains(element)) continue;
        const layer = layerOf(element);
        if (!layer) continue;
        layers.push(layer);
        if (layer[3] >= 1) break;
      }
      let behind = [255, 255, 255];
      for (const layer of layers.reverse()) behind = over(layer, behind);
      fill[3] *= Number(style.fillOpacity) * Number(style.opacity);
      const chart = text.closest("svg")?.id || text.closest("svg")?.getAttribute("aria-label") || "chart";
      found.push({ chart, text: text.textContent.trim(), fill: over(fill, behind), behind });
    }
    return found;
  });
