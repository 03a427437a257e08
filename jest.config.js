/** Unit, contract, engine and manifest tests: everything that needs only npm packages. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  // src/functions/runners.ts asks webpack for one copy of the cell loop per function; here all are the one.
  moduleNameMapper: { "^\\./cellLoop\\?[A-Z]+$": "<rootDir>/src/functions/cellLoop" },
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
