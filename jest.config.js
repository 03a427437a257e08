/** Unit, contract, engine and manifest tests: everything that needs only npm packages. */
const os = require("os");

module.exports = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
    // IronCalc's bindings and the Parquet reader (hyparquet, its compressors, and hyparquet-writer for the
    // fixtures) are ES modules; Jest runs CommonJS (test/support/esmToCommonjs.js).
    "/node_modules/(@ironcalc|hyparquet|hyparquet-compressors|hyparquet-writer|hysnappy)/.+\\.js$":
      "<rootDir>/test/support/esmToCommonjs.js",
  },
  transformIgnorePatterns: ["/node_modules/(?!(@ironcalc|hyparquet|hyparquet-compressors|hyparquet-writer|hysnappy)/)"],
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  // Every test and hook, engine start-ups included (DuckDB-Wasm, IronCalc, LibreOffice), on a loaded 2-core
  // machine such as CI's: Jest's 5 s default failed 45 tests there. Longer steps say so with
  // test/support/deadlines.ts.
  testTimeout: 120_000,
  // Jest's default is one worker fewer than the CPUs: one on a 2-core machine such as CI's, which left a core idle
  // while the parent process waits. Every file is independent (temporary directories from mkdtemp, servers on port
  // 0, LibreOffice in a fresh profile each call, dist/ only read), so two run side by side there.
  maxWorkers: Math.max(2, (os.availableParallelism ? os.availableParallelism() : os.cpus().length) - 1),
  // Each catalog row asks webpack for its own copy of a cell loop; here each loop is its one module.
  moduleNameMapper: {
    "^\\./cellLoop\\?[A-Z]+$": "<rootDir>/src/functions/cellLoop",
    "^\\./wideCellLoop\\?[A-Z]+$": "<rootDir>/src/functions/wideCellLoop",
  },
  setupFiles: ["<rootDir>/test/support/customFunctionsGlobal.ts"],
};
