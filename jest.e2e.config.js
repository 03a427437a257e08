/* End-to-end tests: the built task pane in Debian's Chromium (playwright-core), and the
   downloaded workbook recalculated by LibreOffice headless. Needs chromium and
   libreoffice-calc from Debian (.ci/run installs them). Run with npm run test:e2e. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }] },
  testMatch: ["<rootDir>/test/e2e/**/*.e2e.ts"],
  testTimeout: 180_000,
  // As jest.config.js: one cell loop for every catalog row, and Excel's CustomFunctions global.
  moduleNameMapper: {
    "^\\./cellLoop\\?[A-Z]+$": "<rootDir>/src/functions/cellLoop",
    "^\\./wideCellLoop\\?[A-Z]+$": "<rootDir>/src/functions/wideCellLoop",
  },
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
