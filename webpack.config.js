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

/** Rewrites the dev origin in generated JSON assets (functions.json's help URLs). */
class OriginPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("OriginPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "OriginPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        (assets) => {
          if (origin === DEV_ORIGIN) return;
          for (const name of Object.keys(assets).filter((n) => n.endsWith(".json"))) {
            compilation.updateAsset(name, new compiler.webpack.sources.RawSource(withOrigin(assets[name].source())));
          }
        },
      );
    });
  }
}

module.exports = (env, argv) => ({
  mode: argv.mode || "production",
  devtool: argv.mode === "development" ? "source-map" : false,
  target: ["web", "es2017"],
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
  plugins: [
    new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/functions.ts" }),
    new OriginPlugin(),
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
