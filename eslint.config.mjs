// ESLint: the recommended rules of ESLint and typescript-eslint, over sources, tests and scripts.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Node: build and dev scripts, the benchmark, the configs (CommonJS where .js).
    files: ["scripts/**", "bench/**", "*.js", "*.mjs", "test/support/*.js"],
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
