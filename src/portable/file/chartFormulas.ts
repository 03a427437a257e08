/*
 * MLCOST calls in charts, found and reported, never rewritten. A chart series names its data with <c:f> inside
 * <c:numRef>/<c:strRef> (ECMA-376 Part 1, DrawingML Charts, CT_NumRef and CT_StrRef): the reference its cached
 * values were read from, which Excel's series dialog takes as a range or a defined name, not a calculation. So
 * there is no portable form of a call to write there (not tried in Excel here: no Excel on this machine). Excel
 * 2016's chartex parts (<cx:f>) and the c15 extensions' <c15:f> hold references too. Each is listed with what to
 * do instead.
 */
import type { CallLeft } from "./sheetFormulas";
import { decodeXmlText } from "./xmlText";
import { localName, nextTag } from "./xmlScan";

/** The content types of chart parts: DrawingML charts and Excel 2016's chartex. */
export const CHART_CONTENT_TYPES = [
  "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
  "application/vnd.ms-office.chartex+xml",
];

const MLCOST = /mlcost/i;
const REASON =
  "A chart series reads cells or a defined name, not a calculation, so no converted call can go here: put the " +
  "formula in cells (it is converted there) and point the series at them.";

/** Every MLCOST call in a chart part's references, by series ("series 2") where one holds it. */
export function callsLeftInChart(xml: string): CallLeft[] {
  if (!MLCOST.test(xml)) return [];
  const left: CallLeft[] = [];
  let series = 0;
  for (let tag = nextTag(xml, 0); tag; tag = nextTag(xml, tag.end)) {
    const local = localName(tag.name);
    if (tag.kind === "open" && (local === "ser" || local === "series")) series++;
    if (tag.kind !== "open" || local !== "f") continue;
    const close = nextTag(xml, tag.end);
    if (!close || close.kind !== "close") break;
    const formula = decodeXmlText(xml.slice(tag.end, close.start));
    if (MLCOST.test(formula))
      left.push({ where: series ? `series ${series}` : "the chart", call: formula, reason: REASON });
    tag = close;
  }
  return left;
}
