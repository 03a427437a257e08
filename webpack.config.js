/* Builds the add-in into dist/: the custom functions bundle with its generated functions.json,
   the task pane, the help page (generated from the model: HelpPagePlugin), the manifest and the icons. */
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const ts = require("typescript");
const CopyPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");

// Where the add-in is served from. Development uses https://localhost:3000; a deployment sets
// ADDIN_ORIGIN and every URL in the manifest, functions.json and the pages follows it.
const origins = require("./scripts/origin");
const origin = origins.originOf(process.env.ADDIN_ORIGIN);
const withOrigin = (content) => origins.withOrigin(content, origin);

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

/**
 * Loads a module of src/ and what it imports, each file transpiled in memory to CommonJS by
 * TypeScript's transpileModule and run in this process. `files` collects every file read.
 *
 * Why this way of running the model at build time: the help page needs plain functions of the
 * model and the catalog, once, in this Node process. transpileModule strips the types of one
 * file at a time (no type check: `npm run typecheck` and ts-loader do that), which is all these
 * modules need, with no second bundle to emit and require (a node-target entry) and no child
 * compilation to wire into webpack's output. The catalog's `require("./cellLoop?<ID>")` asks
 * webpack for a copy of cellLoop.ts; here, as in Jest, the query is dropped and the one module
 * serves every row.
 */
function loadTypeScript(entry, files) {
  const modules = new Map();
  const load = (file) => {
    if (modules.has(file)) return modules.get(file).exports;
    files.add(file);
    const module = { exports: {} };
    modules.set(file, module);
    const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
    });
    const run = vm.runInThisContext(`(function (require, module, exports) {${outputText}\n})`, { filename: file });
    run(
      (request) => (request.startsWith(".") ? load(resolveSource(file, request)) : require(request)),
      module,
      module.exports,
    );
    return module.exports;
  };
  return load(path.resolve(__dirname, entry));
}

/** The .ts file a relative import of `from` names, its webpack query dropped. */
function resolveSource(from, request) {
  const base = path.resolve(path.dirname(from), request.split("?")[0]);
  const file = [`${base}.ts`, path.join(base, "index.ts")].find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`${path.relative(__dirname, from)} imports ${request}, which is not a .ts file`);
  return file;
}

/**
 * Builds dist/help.html from its template src/help/help.html by src/help/page.ts: the worked
 * example and each function's example computed by the model, the function sections from the
 * catalog and from functions.json (the JSDoc's words: one source for Excel's tooltips and the
 * page). A page that cannot be built right fails the build rather than ship wrong figures.
 */
class HelpPagePlugin {
  apply(compiler) {
    const template = path.resolve(__dirname, "src/help/help.html");
    compiler.hooks.thisCompilation.tap("HelpPagePlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "HelpPagePlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        (assets) => {
          // Without functions.json the metadata plugin has already reported why.
          if (!assets["functions.json"]) return;
          // Watched even when rendering fails, so that fixing any of them rebuilds the page.
          const files = new Set([template]);
          try {
            const { renderHelpPage } = loadTypeScript("src/help/page.ts", files);
            const metadata = JSON.parse(assets["functions.json"].source().toString());
            const html = withOrigin(renderHelpPage(fs.readFileSync(template, "utf8"), metadata));
            compilation.emitAsset("help.html", new compiler.webpack.sources.RawSource(html));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(`help.html: ${error.stack || error}`));
          } finally {
            for (const file of files) compilation.fileDependencies.add(file);
          }
        },
      );
    });
  }
}

/**
 * The stylesheets, each made of its parts in a fixed order, so that a page loads one file (the pane's first-load
 * budget, test/e2e/pane.e2e.ts, counts every request): the shared tokens first, read by the pane and the help page
 * alike, then the pane's page, its shared controls and each view's own styles, in the view list's order
 * (src/taskpane/viewList.ts). A later part may build on an earlier one, never the reverse. A view with a stylesheet
 * of its own (budget.css, bill.css) has it loaded with its chunk when its tab is first shown: it builds on
 * taskpane.css's tokens and controls, and stays out of the first load's 100 KB. `files` collects the sources read.
 */
function stylesheets(files) {
  const { VIEWS } = loadTypeScript("src/taskpane/viewList.ts", files);
  const first = VIEWS.filter((view) => !view.ownStylesheet).flatMap((view) => view.stylesheets);
  const own = VIEWS.filter((view) => view.ownStylesheet).map((view) => [`${view.id}.css`, view.stylesheets]);
  return {
    "taskpane.css": [
      ...new Set(["src/core/pane/tokens.css", "src/taskpane/taskpane.css", "src/core/pane/pane.css", ...first]),
    ],
    "help.css": ["src/core/pane/tokens.css", "src/help/help.css"],
    ...Object.fromEntries(own),
  };
}

/** Emits each of the stylesheets as its parts joined, and watches every part and the view list. */
class StylesheetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("StylesheetsPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "StylesheetsPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const sources = new Set();
          let sheets = {};
          try {
            sheets = stylesheets(sources);
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(`stylesheets: ${error.stack || error}`));
          }
          sources.forEach((file) => compilation.fileDependencies.add(file));
          for (const [name, parts] of Object.entries(sheets)) {
            const files = parts.map((part) => path.resolve(__dirname, part));
            files.forEach((file) => compilation.fileDependencies.add(file));
            const css = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
            compilation.emitAsset(name, new compiler.webpack.sources.RawSource(css));
          }
        },
      );
    });
  }
}

/** Builds dist/taskpane.html from its template, with one tab a view of the view list (src/taskpane/viewTabs.ts). */
class TaskpanePagePlugin {
  apply(compiler) {
    const template = path.resolve(__dirname, "src/taskpane/taskpane.html");
    compiler.hooks.thisCompilation.tap("TaskpanePagePlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "TaskpanePagePlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = new Set([template]);
          try {
            const { VIEWS } = loadTypeScript("src/taskpane/viewList.ts", files);
            const { withViewTabs } = loadTypeScript("src/taskpane/viewTabs.ts", files);
            const html = withOrigin(withViewTabs(fs.readFileSync(template, "utf8"), VIEWS));
            compilation.emitAsset("taskpane.html", new compiler.webpack.sources.RawSource(html));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(`taskpane.html: ${error.stack || error}`));
          } finally {
            for (const file of files) compilation.fileDependencies.add(file);
          }
        },
      );
    });
  }
}

/**
 * Files the packages ship minified, which the build emits as they are: ExcelJS's browser build (its own chunk) and
 * DuckDB-Wasm's worker script (an asset). Minifying them again cost the build more time than all of src/ together
 * and saved under 1% of their bytes.
 */
const PREMINIFIED = [
  path.resolve(__dirname, "node_modules/exceljs/dist/exceljs.bare.min.js"),
  path.resolve(__dirname, "node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js"),
];

/**
 * Marks as minimized, before the minimizer runs, each chunk made only of PREMINIFIED modules and each PREMINIFIED
 * asset, so that terser passes them by (webpack's minimizer skips an asset whose info already says `minimized`).
 */
class PreminifiedPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("PreminifiedPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "PreminifiedPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE },
        () => {
          const files = new Set();
          const preminified = (module) => PREMINIFIED.includes(module.resource);
          for (const chunk of compilation.chunks) {
            const modules = compilation.chunkGraph.getChunkModules(chunk);
            if (modules.length > 0 && modules.every(preminified)) chunk.files.forEach((file) => files.add(file));
          }
          for (const module of compilation.modules)
            if (preminified(module) && module.buildInfo && module.buildInfo.filename)
              files.add(module.buildInfo.filename);
          for (const file of files)
            if (compilation.getAsset(file)) compilation.updateAsset(file, (source) => source, { minimized: true });
        },
      );
    });
  }
}

const config = (env, argv) => ({
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
    // Entry files keep their names: the manifest and the pages name them, so a host serves them
    // with no-cache (scripts/release-headers.js). Lazy chunks are named only by taskpane.js, so a
    // production build puts the content hash in their names and under chunks/, where a host may
    // cache them for a year: a new release names new files and never meets a stale copy.
    filename: "[name].js",
    chunkFilename: argv.mode === "development" ? "chunks/[name].js" : "chunks/[name].[contenthash:16].js",
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
        // Types are checked once, by `npm run typecheck` (npm test runs it); the build only strips them.
        use: { loader: "ts-loader", options: { configFile: "tsconfig.build.json", transpileOnly: true } },
      },
      {
        // The bill's engine: DuckDB-Wasm's worker script and WebAssembly module, imported for their URLs
        // (src/bill/engine/duckdbAssets.d.ts) and emitted as they are, content-hashed under chunks/ like the lazy
        // chunks, so a host may cache them for a year. Only the Bill view's chunk names them.
        test: /[\\/]@duckdb[\\/]duckdb-wasm[\\/]dist[\\/]duckdb-(eh\.wasm|browser-eh\.worker\.js)$/,
        type: "asset/resource",
        generator: { filename: "chunks/[name].[contenthash:16][ext]" },
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
    // HTML: each run of whitespace in text becomes one space ("conservative" keeps the space between inline
    // elements, so no word runs into the next); the template's indentation was 1.9 KB of the first load's 100 KB.
    minimizeOptions: {
      javascript: { compress: { passes: 2, reduce_funcs: false } },
      html: { collapseWhitespace: "conservative" },
    },
  },
  plugins: [
    new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/functions.ts" }),
    new FunctionsJsonPlugin(),
    new HelpPagePlugin(),
    new StylesheetsPlugin(),
    new TaskpanePagePlugin(),
    new PreminifiedPlugin(),
    new CopyPlugin({
      patterns: [
        { from: "manifest.xml", to: "manifest.xml", transform: withOrigin },
        { from: "src/functions/functions.html", to: "functions.html" },
        { from: "assets/*.png", to: "assets/[name][ext]" },
      ],
    }),
  ],
});
module.exports = config;
// the stylesheets as the view list makes them, for test/taskpane/viewList.test.ts
module.exports.stylesheets = stylesheets;
