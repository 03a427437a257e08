/*
 * npm test: the build, the type check, the lint and the format check side by side, then Jest (given any arguments
 * of `npm test -- <args>`). The four read the sources and nothing another writes (the build writes only dist/, which
 * the other three ignore), and each but the build is one single-threaded process: one after another they left a
 * core of a 2-core machine idle for over a minute. Jest needs the build's dist/, so it runs after them, and only if
 * all four passed, as `a && b && c && d && jest` did. Each step's output is printed whole when it ends, so that
 * four steps' lines never interleave. Only Node's own modules: it runs on a fresh clone right after npm ci.
 */
const { spawn } = require("child_process");

const STEPS = ["build", "typecheck", "lint", "format:check"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs `npm run <step>`; resolves with its exit code, its output (stdout and stderr as they came) and seconds. */
function runStep(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", step], { shell: process.platform === "win32" });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const done = (code) =>
      resolve({ step, code, output: Buffer.concat(output).toString(), seconds: (Date.now() - started) / 1000 });
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.stack || error}\n`));
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Prints a finished step's output under a heading that says how it ended. */
function report({ step, code, output, seconds }) {
  const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
  process.stdout.write(`\n> npm run ${step}: ${verdict} in ${seconds.toFixed(0)} s\n${output}`);
}

async function main(jestArgs) {
  const results = await Promise.all(STEPS.map((step) => runStep(step).then((result) => (report(result), result))));
  const failed = results.filter((result) => result.code !== 0).map((result) => result.step);
  if (failed.length > 0) {
    process.stdout.write(`\nnpm test: ${failed.join(", ")} failed; Jest not run.\n`);
    return 1;
  }
  process.stdout.write("\n> jest\n");
  const jest = spawn(process.execPath, [require.resolve("jest/bin/jest"), ...jestArgs], { stdio: "inherit" });
  return new Promise((resolve) => jest.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

main(process.argv.slice(2)).then((code) => process.exit(code));
