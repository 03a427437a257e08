/*
 * Where a sheet's tornado is, as data, for every sheet that has a sensitivity table (the what-if sheet's stage
 * view, the annual sheet's year): the layouts fill it in, insertTornado.ts draws it with Office.js.
 */
/**
 * Where a sheet's tornado is: one bar per input, from the output at its low to the output at its
 * high. An .xlsx cannot carry a chart; its notes say how to draw one.
 */
export interface TornadoChart<O extends string = string> {
  /** the chart's title */
  title: string;
  /** the output the bars show */
  output: O;
  /**
   * the inputs' labels, largest swing first: Excel draws a bar chart's first category at the
   * bottom, so the category axis wants its order reversed
   */
  categories: string;
  /** the output with each input at its low: the heading cell (the series' name) and the values */
  low: { name: string; values: string };
  /** the output with each input at its high */
  high: { name: string; values: string };
  /** the output at the base inputs, where the value axis should cross the category axis, and its cell */
  base: { address: string; value: number | undefined };
  /** where the chart goes (rows kept empty for it, or below the sheet); undefined where notes stand in */
  from?: string;
  to?: string;
}
