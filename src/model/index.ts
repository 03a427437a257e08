/** The cost model: pure formulas, input checks and the three-stage table. No Office, no DOM. */
export * from "./problems";
export * from "./checks";
export * from "./units";
export * from "./formulas";
export * from "./dominance";
export * from "./stages";
export * from "./plan";
export * from "./planFields";
export * from "./annualFields";
export * from "./annual";
export * from "./levers";
export * from "./whatIfView";
export * from "./sensitivity";
export * from "./targets";
export * from "./scenarios";
export * from "./pricePresets";
export * from "./annualWhatIf";
