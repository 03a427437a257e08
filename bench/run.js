/*
 * npm run bench: how fast the registered custom functions are, as ratios to a bare loop doing
 * the same arithmetic in the same process, and how big every file in dist/ is. It prints
 * figures; it asserts nothing. Functions are taken from the built dist/functions.js through
 * CustomFunctions.associate, exactly as Excel's runtime gets them.
 */
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const dist = path.resolve(__dirname, "../dist");
const registered = new Map();
class ExcelError {
  constructor(code, message) {
    this.code = code;
    this.message = message;
  }
}
globalThis.CustomFunctions = {
  Error: ExcelError,
  ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A", divisionByZero: "#DIV/0!", invalidNumber: "#NUM!" },
  associate: (id, fn) => registered.set(id, fn),
};
vm.runInThisContext(fs.readFileSync(path.join(dist, "functions.js"), "utf8"), { filename: "functions.js" });

/** Median nanoseconds per run of `fn` over `rounds` timed rounds of `repeat` calls. */
function time(fn, repeat, rounds = 7) {
  for (let i = 0; i < repeat; i++) fn(i); // warm up the JIT
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < repeat; i++) fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / repeat);
  }
  return samples.sort((a, b) => a - b)[rounds >> 1];
}

let sink = 0; // keeps results alive so no loop is optimised away
const keep = (v) => {
  sink += typeof v === "number" ? v : 1;
};

// Each function: its arguments, and the same arithmetic as a bare expression of x (the first
// argument). Each bare loop is compiled on its own, so none pays for another's call sites.
const DOMINANT =
  `((r) => r >= 1 ? "serving, " + Number(r.toPrecision(3)) + "x"` +
  ` : "training, " + Number((1 / r).toPrecision(3)) + "x")((x * 0.04) / 3600 / 600)`;
const cases = {
  CROSSOVER: { args: [600, 0.04], bare: "(x * 3600) / 0.04" },
  SERVINGHOURS: { args: [1.944e9, 0.04], bare: "(x * 0.04) / 3600" },
  AMDAHLCEILING: { args: [2400, 2e6, 0.75], bare: "(x * 0.75) / 2e6" }, // total above every part in the grid
  CLIPSPERINTERVAL: { args: [250, 90], bare: "x * 90 * 86400" },
  SPLITRATIO: { args: [1.944e9, 0.04, 600], bare: "(x * 0.04) / 3600 / 600" },
  DOMINANTHALF: { args: [1.944e9, 0.04, 600], bare: DOMINANT },
  STAGETABLE: { args: [600, 0.04, 5000, 54e6, 1.944e9], bare: null },
  TRAININGSHARE: { args: [2400, 86_400, 0], bare: "x / (x + 86400 + 0)" }, // the annual worked example
  LEVERSAVING: { args: [2400, 4, 1], bare: "x * ((4 - 1) / 4)" }, // cadence 4 -> 1
};
// Every registered function has a case: a function added to the catalog without one is said, not skipped.
const uncovered = [...registered.keys()].filter((id) => !(id in cases));
if (uncovered.length > 0) throw new Error(`bench/run.js has no case for ${uncovered.join(", ")}: add one.`);
const bareScalar = (expr) => new Function("x", "keep", `keep(${expr});`);
const bareGrid = (expr) =>
  new Function(
    "grid",
    "keep",
    `const out = new Array(grid.length);
     for (let i = 0; i < grid.length; i++) {
       const row = grid[i];
       const o = new Array(row.length);
       for (let j = 0; j < row.length; j++) { const x = row[j]; o[j] = ${expr}; }
       out[i] = o;
     }
     keep(out[out.length - 1][0]);`,
  );

if (process.argv[2] !== "--range-alone") singleValues();

function singleValues() {
  console.log(
    "Single values: calls per second through the registration, and the cost of one call over the bare arithmetic",
  );
  console.log(
    "function".padEnd(18),
    "calls/s".padStart(12),
    "ns/call".padStart(9),
    "bare ns".padStart(9),
    "ratio".padStart(7),
  );
  for (const [id, c] of Object.entries(cases)) {
    const fn = registered.get(id);
    const wrapped = c.args.map((a) => [[a]]);
    const ns = time(() => keep(fn(...wrapped)[0][0]), 200_000);
    const bare = c.bare && bareScalar(c.bare);
    const bareNs = bare ? time((i) => bare(c.args[0] + (i & 1), keep), 200_000) : NaN;
    console.log(
      id.padEnd(18),
      Math.round(1e9 / ns)
        .toLocaleString("en-US")
        .padStart(12),
      ns.toFixed(0).padStart(9),
      (c.bare ? bareNs.toFixed(1) : "-").padStart(9),
      (c.bare ? (ns / bareNs).toFixed(1) + "x" : "-").padStart(7),
    );
  }
}

const SIDE = 1000;
const grid = Array.from({ length: SIDE }, (_, i) => Array.from({ length: SIDE }, (_, j) => 1 + i * SIDE + j));

/** ms for one call of `id` on the grid, and for the bare loop, in this process as it stands. */
function rangeFigures(id) {
  const c = cases[id];
  const fn = registered.get(id);
  const args = [grid, ...c.args.slice(1).map((a) => [[a]])];
  const ms = time(() => keep(fn(...args)[SIDE - 1][SIDE - 1]), 1, 9) / 1e6;
  const bare = bareGrid(c.bare);
  const bareMs = time(() => bare(grid, keep), 1, 9) / 1e6;
  return { ms, bareMs };
}

const rangeIds = Object.keys(cases).filter((id) => cases[id].bare);
if (process.argv[2] === "--range-alone") {
  // A child process: this function is the only one the runtime has called so far.
  process.stdout.write(JSON.stringify(rangeFigures(process.argv[3])));
  process.exit(0);
}

// A busy machine swings a single pass 2-4x: every figure is the median of ROUNDS passes, and the
// spread (lowest-highest ratio) is printed beside it. Alone: a fresh process per pass.
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`\nOne call on a ${SIDE} x ${SIDE} range (first argument), the others single values, against a bare loop`);
console.log(`  median ratio of ${ROUNDS} rounds, with the lowest-highest ratio seen`);
console.log("  alone: a fresh process that has called only this function (a workbook that uses one MLCOST function)");
console.log("  mixed: this process, after every function has run (a workbook that uses them all)");
console.log(
  "function".padEnd(18),
  "alone ms".padStart(9),
  "ratio".padStart(7),
  "range".padStart(13),
  " ",
  "mixed ms".padStart(9),
  "ratio".padStart(7),
  "range".padStart(13),
);
const alone = [];
const mixed = [];
const summary = (passes) => {
  const ratios = passes.map((f) => f.ms / f.bareMs);
  return {
    ms: median(passes.map((f) => f.ms)),
    ratio: median(ratios),
    low: Math.min(...ratios),
    high: Math.max(...ratios),
  };
};
const columns = (f) =>
  [
    f.ms.toFixed(1).padStart(9),
    (f.ratio.toFixed(2) + "x").padStart(7),
    `${f.low.toFixed(1)}-${f.high.toFixed(1)}x`.padStart(13),
  ].join(" ");
for (const id of rangeIds) {
  const alonePasses = [];
  const mixedPasses = [];
  for (let round = 0; round < ROUNDS; round++) {
    const child = require("child_process").execFileSync(process.execPath, [__filename, "--range-alone", id], {
      encoding: "utf8",
    });
    alonePasses.push(JSON.parse(child));
    mixedPasses.push(rangeFigures(id));
  }
  const a = summary(alonePasses);
  const m = summary(mixedPasses);
  alone.push(a.ratio);
  mixed.push(m.ratio);
  console.log(id.padEnd(18), columns(a), " ", columns(m));
}
const worst = (ratios) => `${Math.max(...ratios).toFixed(2)}x`;
console.log(`worst median ratio alone: ${worst(alone)} (target 3x), mixed: ${worst(mixed)} (target 10x)`);

console.log("\nFiles in dist/ (bytes)");
const files = [];
(function walk(dir) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) walk(full);
    else files.push([path.relative(dist, full), fs.statSync(full).size]);
  }
})(dist);
for (const [name, size] of files.sort()) console.log(name.padEnd(28), String(size).padStart(9));
const functionsJs = fs.statSync(path.join(dist, "functions.js")).size;
console.log(
  `\nfunctions.js: ${functionsJs} B, no polyfill bundle. Official template: 528 B functions.js` +
    " + 244 KB core-js polyfill = ~250,400 B to load the functions.",
);
if (sink === 42) console.log("");
