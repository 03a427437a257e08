// ESLint: the recommended rules of ESLint and typescript-eslint, over sources, tests and scripts; Microsoft's Office.js
// rules over the add-in's sources.
import js from "@eslint/js";
import officeAddins from "eslint-plugin-office-addins";
import globals from "globals";
import tseslint from "typescript-eslint";

// The rules of Microsoft's templates (plugin:office-addins/recommended in Office-Addin-TaskPane and
// Excel-Custom-Functions), without the rest of that config: its Prettier rule and parser settings are this project's
// own here. Each is an error, where the template warns of four, since a warning would not stop `npm run lint`. They
// know a round trip only as `context.sync()`: so the writers write every sync out (src/core/writers/officeSync.ts).
const OFFICE_ADDIN_RULES = {
  "office-addins/call-sync-after-load": "error",
  "office-addins/call-sync-before-read": "error",
  "office-addins/load-object-before-read": "error",
  "office-addins/no-context-sync-in-loop": "error",
  "office-addins/no-empty-load": "error",
  "office-addins/no-navigational-load": "error",
  "office-addins/no-office-initialize": "error",
  "office-addins/test-for-null-using-isNullObject": "error",
};

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-artifacts/", "release/", "test/schemas/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      // Excel hands custom functions untyped cells: `any` is the honest type at that border only.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Prettier wraps code at 120; this catches what it cannot wrap (comments, strings, templates).
      "max-len": ["error", { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Office.js is the sources' alone: the tests' workbooks are ExcelJS's and the fake host's, whose getCell() and
    // plain properties these rules would take for Office.js proxies that need load() and sync().
    files: ["src/**/*.ts"],
    plugins: { "office-addins": officeAddins },
    rules: OFFICE_ADDIN_RULES,
  },
  {
    // Node: build and dev scripts, the benchmark, the configs (CommonJS where .js).
    files: ["scripts/**", "bench/**", "*.js", "*.mjs", "test/support/*.js", "test/bill/fixtures/*.js"],
    languageOptions: { globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  { files: ["**/*.js"], ignores: ["test/e2e/fakeExcelHost.js"], languageOptions: { sourceType: "commonjs" } },
  {
    // Injected into the page before the pane loads.
    files: ["test/e2e/fakeExcelHost.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    // Tests load the CommonJS scripts they test.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
