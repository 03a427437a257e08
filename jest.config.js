/** Unit, contract, engine and manifest tests: everything that needs only npm packages. */
module.exports = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
    // IronCalc's bindings are an ES module; Jest runs CommonJS (test/support/esmToCommonjs.js).
    "/node_modules/@ironcalc/.+\\.js$": "<rootDir>/test/support/esmToCommonjs.js",
  },
  transformIgnorePatterns: ["/node_modules/(?!@ironcalc/)"],
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  // Each catalog row asks webpack for its own copy of the cell loop; here all are the one module.
  moduleNameMapper: { "^\\./cellLoop\\?[A-Z]+$": "<rootDir>/src/functions/cellLoop" },
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
