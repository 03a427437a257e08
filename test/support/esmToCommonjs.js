/*
 * A Jest transformer for the ES-module packages the tests load (IronCalc's WebAssembly
 * bindings; hyparquet, its compressors and hyparquet-writer, the bill's Parquet reader and its
 * fixtures' writer; all "type": "module"): Jest runs tests as CommonJS, so each module is rewritten to
 * CommonJS by TypeScript's own transpiler. import.meta.url, used only by IronCalc's default
 * loader (the tests hand it the .wasm bytes instead), becomes this file's URL.
 */
const ts = require("typescript");

module.exports = {
  process(source, filename) {
    const withoutMeta = source.replace(/import\.meta\.url/g, 'require("url").pathToFileURL(__filename).href');
    const { outputText } = ts.transpileModule(withoutMeta, {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, allowJs: true },
    });
    return { code: outputText };
  },
};
