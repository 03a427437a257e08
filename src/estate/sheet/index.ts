/**
 * estate/sheet's face: the estate sheet's layout, for the tests and any sheet that would read it. The pane loads
 * insertEstate.ts and estateXlsx.ts as chunks of their own. Import this, never a file behind it.
 */
export { ESTATE_SHEET_NAME, estateSheetLayout } from "./estateLayout";
export type { EstateSheetLayout } from "./estateLayout";
