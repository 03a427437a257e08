/** Unit, contract, engine and manifest tests: everything that needs only npm packages. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
