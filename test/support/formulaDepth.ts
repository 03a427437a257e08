/*
 * How deep a formula nests its functions, as a reviewer counts it: IF(SUM(A1:A3)=0,"OK",INDEX(A:A,MATCH(1,B:B,0)))
 * is three deep (IF, INDEX, MATCH); a bracket that groups arithmetic is no function, and text constants are skipped.
 */

/** The deepest nesting of function calls in `formula` (without its "="). */
export function formulaDepth(formula: string): number {
  const text = formula.replace(/"(?:[^"]|"")*"/g, '""');
  const open: boolean[] = [];
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") {
      const call = /[A-Za-z0-9_.]/.test(text[i - 1] ?? "");
      open.push(call);
      if (call) deepest = Math.max(deepest, ++depth);
    } else if (text[i] === ")" && open.pop()) depth--;
  }
  return deepest;
}
