/*
 * The three members of Excel's custom functions runtime that the adapter uses
 * (CustomFunctions.Error, CustomFunctions.ErrorCode, CustomFunctions.associate), defined the
 * way the runtime defines them, so that adapter code runs under Jest and in the bundle sandbox.
 */
export const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

/** Excel's error value as a custom function returns it. */
export class ExcelError {
  constructor(
    public code: string,
    public message?: string,
  ) {}
}

/** Builds a CustomFunctions global that records what `associate` was given. */
export function makeCustomFunctionsGlobal(associated: Map<string, (...args: unknown[]) => unknown>) {
  return {
    Error: ExcelError,
    ErrorCode,
    associate(id: string | Record<string, (...args: unknown[]) => unknown>, fn?: (...args: unknown[]) => unknown) {
      if (typeof id === "string") associated.set(id, fn!);
      else for (const [key, value] of Object.entries(id)) associated.set(key, value);
    },
  };
}

(globalThis as any).CustomFunctions = makeCustomFunctionsGlobal(new Map());
