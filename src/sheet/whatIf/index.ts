/** The what-if sheet of the stage view: its layout (scenarios, sensitivity, targets) and its .xlsx. */
export * from "./whatIfLayout";
export * from "./whatIfValidation";
export * from "./whatIfXlsx";
