/** The cost model: pure formulas, input checks and the three-stage table. No Office, no DOM. */
export * from "./problems";
export * from "./checks";
export * from "./units";
export * from "./formulas";
export * from "./dominance";
export * from "./stages";
export * from "./plan";
export * from "./planFields";
