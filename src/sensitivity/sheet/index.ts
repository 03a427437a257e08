/**
 * sensitivity/sheet's face: the moved ends, their formats and rule, and the tornado chart, for the annual and
 * what-if sheets. Import this, never a file behind it.
 */
export type { TornadoChart } from "./tornadoChart";
export { MOVE_FORMAT, MOVE_RULE, movedEndFormula, OWN_HEADINGS, ownEnds, ownOrMoved } from "./moves";
export { tornadoSheetChart } from "./insertTornado";
