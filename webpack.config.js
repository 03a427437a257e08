/* Builds the add-in into dist/: the custom functions bundle with its generated functions.json,
   the task pane, the help page, the manifest and the icons. */
const path = require("path");
const CopyPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");

// Where the add-in is served from. Development uses https://localhost:3000; a deployment sets
// ADDIN_ORIGIN and every URL in the manifest, functions.json and the pages follows it.
const DEV_ORIGIN = "https://localhost:3000";
const origin = (process.env.ADDIN_ORIGIN || DEV_ORIGIN).replace(/\/$/, "");
const withOrigin = (content) => content.toString().split(DEV_ORIGIN).join(origin);

/**
 * Finishes the generated functions.json. Microsoft's generator does not write the top-level
 * `allowErrorForDataTypeAny`, and without it Excel never hands a custom function an error value
 * from an input cell, so the error pass-through the functions implement would never run
 * ("Manually create JSON metadata for custom functions", allowErrorForDataTypeAny:
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json#allowerrorfordatatypeany).
 * Then rewrites the dev origin in its help URLs for a deployment.
 */
class FunctionsJsonPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("FunctionsJsonPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "FunctionsJsonPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        (assets) => {
          if (!assets["functions.json"]) return;
          const { functions, ...flags } = JSON.parse(assets["functions.json"].source().toString());
          const finished = { ...flags, allowErrorForDataTypeAny: true, functions };
          const text = withOrigin(JSON.stringify(finished, null, 2) + "\n");
          compilation.updateAsset("functions.json", new compiler.webpack.sources.RawSource(text));
        },
      );
    });
  }
}

module.exports = (env, argv) => ({
  mode: argv.mode || "production",
  devtool: argv.mode === "development" ? "source-map" : false,
  // ES2016: on Windows the functions run in the JavaScript-only runtime, which Microsoft documented
  // as ECMAScript 2016 for Office before Version 2403 and perpetual Office through 2021
  // (docs/testing/runtimes.md in office-js-docs-pr, 2024). test/functions/es2016.test.ts parses it.
  target: ["web", "es2016"],
  entry: {
    functions: "./src/functions/functions.ts",
    taskpane: "./src/taskpane/taskpane.ts",
  },
  output: {
    path: path.resolve(__dirname, "dist"),
    filename: "[name].js",
    chunkFilename: "[name].chunk.js",
    clean: true,
  },
  resolve: {
    extensions: [".ts", ".js"],
    // ExcelJS's browser build without its bundled polyfills: the pane's engines need none.
    alias: { exceljs$: path.resolve(__dirname, "node_modules/exceljs/dist/exceljs.bare.min.js") },
  },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: { loader: "ts-loader", options: { configFile: "tsconfig.build.json" } },
      },
    ],
  },
  performance: { hints: false },
  optimization: {
    // terser by default turns a function called once into a function expression at its call
    // site, so a small check used by one formula (checkFraction in amdahlCeiling) became a
    // closure built on every call: AMDAHLCEILING on a 1000 x 1000 range went from 1.7x to 11x a
    // bare loop (npm run bench). test/functions/bundle.test.ts checks the bundle has no such
    // call-site closure.
    minimizeOptions: { javascript: { compress: { passes: 2, reduce_funcs: false } } },
  },
  plugins: [
    new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/functions.ts" }),
    new FunctionsJsonPlugin(),
    new CopyPlugin({
      patterns: [
        { from: "manifest.xml", to: "manifest.xml", transform: withOrigin },
        { from: "src/functions/functions.html", to: "functions.html" },
        { from: "src/taskpane/taskpane.html", to: "taskpane.html", transform: withOrigin },
        { from: "src/taskpane/taskpane.css", to: "taskpane.css" },
        { from: "src/help/help.html", to: "help.html" },
        { from: "src/help/help.css", to: "help.css" },
        { from: "assets/*.png", to: "assets/[name][ext]" },
      ],
    }),
  ],
});
