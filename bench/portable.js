/*
 * node bench/portable.js: how fast the portable file is, and how much memory it takes. It builds
 * a workbook of 100,000 MLCOST formulas over 10 sheets (the package written directly with JSZip,
 * as Excel would save it), then times the pure rewrite (portableFormula over every formula) and
 * the whole conversion of the package, in both modes, against the zip floor (zipFloor: the package unzipped
 * and zipped again, nothing read), and samples the heap while converting:
 * the same workbook as 10 sheets and, for comparison, one of its sheets alone. It prints figures;
 * it asserts nothing. BENCH_ROUNDS (default 3) sets the timed rounds; the median is printed. Then the
 * same workbook end to end in headless Chromium, through the built pane (bench/portableChromium.js).
 *
 * The module is TypeScript: src/portable and what it imports are transpiled on the fly with the
 * TypeScript API into node_modules/.cache (so that require("jszip") resolves), then required.
 */
const fs = require("fs");
const path = require("path");
const v8 = require("v8");
const vm = require("vm");
const ts = require("typescript");
const JSZip = require("jszip");

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");

const root = path.resolve(__dirname, "..");
const out = path.join(root, "node_modules/.cache/mlcost-portable-bench");

/** Transpiles every .ts under src/ to CommonJS in `out`, keeping the tree (what the portable engine imports). */
function transpile(dir = path.join(root, "src")) {
  for (const name of fs.readdirSync(dir)) {
    const from = path.join(dir, name);
    if (fs.statSync(from).isDirectory()) {
      transpile(from);
      continue;
    }
    // A declaration file (the bill engine's asset and codec modules) has no code, and transpileModule fails on it.
    if (!name.endsWith(".ts") || name.endsWith(".d.ts")) continue;
    const to = path.join(out, path.relative(path.join(root, "src"), from)).replace(/\.ts$/, ".js");
    const { outputText } = ts.transpileModule(fs.readFileSync(from, "utf8"), {
      fileName: name,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2019, esModuleInterop: true },
    });
    // Webpack gives each catalog row its own copy of its cell loop (cellLoop, or wideCellLoop for five arguments or
    // more); here the rows share the one module of each.
    const js = outputText.replace(/require\("\.\/(cellLoop|wideCellLoop)\?[A-Z0-9]+"\)/g, 'require("./$1")');
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, js);
  }
}

// BENCH_SMOKE=1 (npm run bench:smoke, CI): a workbook of 2 sheets of 50 rows, one round, so that the bench cannot rot.
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const SHEETS = SMOKE ? 2 : 10;
const ROWS = SMOKE ? 50 : 10000;
const SML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument.spreadsheetml";

/** The formula of row r (no "="), in the forms a saved file holds, nested calls among them. */
function formulaOf(r) {
  switch (r % 5) {
    case 0:
      return `MLCOST.CROSSOVER(A${r},B${r})`;
    case 1:
      return `_xldudf_MLCOST_SERVINGHOURS(C${r},B${r})`;
    case 2:
      return `MLCOST.SPLITRATIO(MLCOST.CLIPSPERINTERVAL(250,90),B${r},A${r})`;
    case 3:
      return `MLCOST.AMDAHLCEILING(A${r},A${r}*100)`;
    default:
      return `IF(A${r}>0,MLCOST.DOMINANTHALF(C${r},B${r},A${r}),"-")&" check"`;
  }
}

const xmlEscape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A worksheet part of ROWS rows: inputs in A:C, the formula in D, a cached value. */
function sheetXml() {
  const rows = [];
  for (let r = 1; r <= ROWS; r++) {
    rows.push(
      `<row r="${r}"><c r="A${r}"><v>${600 + r}</v></c><c r="B${r}"><v>0.04</v></c>` +
        `<c r="C${r}"><v>${r * 1000}</v></c><c r="D${r}"><f>${xmlEscape(formulaOf(r))}</f><v>0</v></c></row>`,
    );
  }
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${SML}" xmlns:r="${REL}">`;
  return `${head}<sheetData>${rows.join("")}</sheetData></worksheet>`;
}

/** The package: `sheets` worksheets and what a workbook needs around them. */
async function workbookBytes(sheets) {
  const zip = new JSZip();
  const indices = Array.from({ length: sheets }, (_, i) => i + 1);
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
      indices
        .map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${CT}.worksheet+xml"/>`)
        .join("") +
      "</Types>",
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${SML}" xmlns:r="${REL}"><sheets>` +
      indices.map((i) => `<sheet name="Sheet ${i}" sheetId="${i}" r:id="rId${i}"/>`).join("") +
      '</sheets><calcPr calcId="191029"/></workbook>',
  );
  zip.file(
    "xl/_rels/workbook.xml.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      indices
        .map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`)
        .join("") +
      "</Relationships>",
  );
  const sheet = sheetXml();
  for (const i of indices) zip.file(`xl/worksheets/sheet${i}.xml`, sheet);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

/**
 * The zip floor: what any conversion of the package must do at least, with JSZip as the converter uses it. Each
 * worksheet is unzipped once and zipped again once (deflate level 1, as a rewritten part is), the package written;
 * no text decoded, checked or rewritten. The converter's time over this is what its checks and rewrite cost.
 */
async function zipFloor(bytes) {
  const zip = await JSZip.loadAsync(bytes);
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))) {
    const single = new JSZip();
    single.file(name, await zip.file(name).async("uint8array"), { binary: true, compression: "DEFLATE" });
    const level1 = { type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 1 } };
    const packed = await JSZip.loadAsync(await single.generateAsync(level1));
    zip.file(name, packed.file(name)._data, { binary: true, compression: "DEFLATE" });
  }
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];
const rounds = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS) || 3;

/** Median milliseconds of `rounds` runs of `fn` (after one warm-up run). */
async function timed(fn) {
  await fn();
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

/** The JavaScript heap and ArrayBuffer memory (where zipped bytes live, outside the heap proper). */
const used = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed, buffers: arrayBuffers };
};

/**
 * Memory while `fn` runs, over the memory before it (after a full GC): the highest heap plus
 * buffers seen, garbage included (sampled every 2 ms), and the live heap and buffers after each
 * sheet (a full GC first).
 */
async function memoryWhile(fn) {
  gc();
  const base = used();
  let peak = 0;
  const sample = () => {
    const now = used();
    peak = Math.max(peak, now.heap + now.buffers - base.heap - base.buffers);
  };
  const live = [];
  const timer = setInterval(sample, 2);
  await fn(() => {
    sample();
    gc();
    const now = used();
    live.push({ heap: now.heap - base.heap, buffers: now.buffers - base.buffers });
  });
  clearInterval(timer);
  sample();
  return { peak, live };
}

async function main() {
  transpile();
  const { portableFormula } = require(path.join(out, "portable/formula/rewrite.js"));
  const { portableWorkbook } = require(path.join(out, "portable/file/xlsxPackage.js"));

  const bytes = await workbookBytes(SHEETS);
  const oneSheet = await workbookBytes(1);
  const formulas = [];
  for (let s = 0; s < SHEETS; s++) for (let r = 1; r <= ROWS; r++) formulas.push(formulaOf(r));
  console.log(`Workbook: ${formulas.length.toLocaleString("en")} MLCOST formulas over ${SHEETS} sheets`);
  console.log(`  package ${mb(bytes.length)} zipped; each sheet ${mb(sheetXml().length)} of XML`);
  console.log(
    `  ${rounds} timed rounds after a warm-up; medians. Node ${process.version}, ${require("os").cpus().length} CPUs`,
  );
  console.log("");
  const floor = await timed(() => zipFloor(bytes));
  console.log(`zip floor (each sheet unzipped and zipped once, nothing read): ${floor.toFixed(0)} ms`);
  console.log(
    "mode".padEnd(8),
    "pure rewrite".padStart(14),
    "per formula".padStart(12),
    "whole file".padStart(12),
    "x floor".padStart(8),
    "output".padStart(9),
  );
  for (const mode of ["lambda", "plain"]) {
    const rewrite = await timed(async () => {
      for (const formula of formulas) portableFormula(formula, mode);
    });
    let outputSize = 0;
    const whole = await timed(async () => {
      const result = await portableWorkbook(bytes, mode);
      if (!result.ok) throw new Error(result.message);
      outputSize = result.bytes.length;
    });
    console.log(
      mode.padEnd(8),
      `${rewrite.toFixed(0)} ms`.padStart(14),
      `${((rewrite * 1000) / formulas.length).toFixed(1)} µs`.padStart(12),
      `${whole.toFixed(0)} ms`.padStart(12),
      `${(whole / floor).toFixed(2)}x`.padStart(8),
      mb(outputSize).padStart(9),
    );
  }
  console.log("");
  console.log("Memory while converting, over the memory before (after a full GC). Peak: heap + buffers, garbage");
  console.log("included. Live after a sheet (after a full GC): heap / array buffers, which hold the zipped parts.");
  for (const mode of ["lambda", "plain"]) {
    const convert = (input) => (afterSheet) => portableWorkbook(input, mode, { onSheet: afterSheet });
    const all = await memoryWhile(convert(bytes));
    const one = await memoryWhile(convert(oneSheet));
    const show = ({ heap, buffers }) => `${mb(heap)} / ${mb(buffers)}`;
    console.log(
      `  ${mode.padEnd(7)} ${SHEETS} sheets: peak ${mb(all.peak)}; live after sheet 1 ${show(all.live[0])},`,
      `after sheet ${SHEETS} ${show(all.live[SHEETS - 1])}.  1 sheet alone: peak ${mb(one.peak)}`,
    );
  }
  console.log(`  process peak resident set: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  await require("./portableChromium").printChromiumBench(bytes, rounds);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
