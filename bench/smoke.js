/*
 * npm run bench:smoke: every bench at a tiny size (BENCH_SMOKE=1; the bill's import at 200 rows, the pane's 4
 * keystrokes), one after another, so that a bench that no longer runs fails CI (.ci/run) instead of rotting until
 * someone next measures. Its figures mean nothing. It builds nothing: it runs after `npm test`, which has just
 * built dist/ (run.js says a stale one).
 */
const { spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const billDir = fs.mkdtempSync(path.join(os.tmpdir(), "mlcost-bench-smoke-"));
const BENCHES = [
  ["functions", ["bench/run.js"]],
  ["portable", ["bench/portable.js"]],
  ["bill import", ["bench/billBrowser.js", billDir, "200"]],
  ["pane keystrokes", ["bench/paneBrowser.js", "--smoke"]],
];

let failed = 0;
for (const [name, args] of BENCHES) {
  const start = Date.now();
  const run = spawnSync(process.execPath, args, {
    cwd: path.resolve(__dirname, ".."),
    env: { ...process.env, BENCH_SMOKE: "1" },
    encoding: "utf8",
  });
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  if (run.status === 0) {
    console.log(`bench smoke: ${name} ran to the end (${seconds} s)`);
  } else {
    failed++;
    console.log(`bench smoke: ${name} FAILED (exit ${run.status}, ${seconds} s)\n${run.stdout}\n${run.stderr}`);
  }
}
fs.rmSync(billDir, { recursive: true, force: true });
process.exitCode = failed > 0 ? 1 : 0;
