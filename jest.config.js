/** Unit, contract, engine and manifest tests: everything that needs only npm packages. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  // Each catalog row asks webpack for its own copy of the cell loop; here all are the one module.
  moduleNameMapper: { "^\\./cellLoop\\?[A-Z]+$": "<rootDir>/src/functions/cellLoop" },
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
