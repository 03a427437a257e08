/*
 * npm test: the build, the type check, the lint and the format check side by side, and Jest (given any arguments of
 * `npm test -- <args>`) as soon as the build has passed, since Jest reads the build's dist/. The steps read the
 * sources and nothing another writes (the build writes only dist/, which the others ignore; Jest writes only temporary
 * folders), and the type check, the lint and the format check are each one single-threaded process: one after
 * another they left a core of a 2-core machine idle for over a minute. A failed build runs no Jest; any failed step
 * fails npm test. Each step's output is printed whole when it ends, so that the steps' lines never interleave; Jest
 * prints as it goes. Only Node's own modules: it runs on a fresh clone right after npm ci.
 */
const { spawn } = require("child_process");

const STEPS = ["build", "typecheck", "lint", "format:check"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Resolves with a finished child's exit code (1 for a signal or a failure to start). */
const exitOf = (child) =>
  new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** Runs `npm run <step>` with its output kept, and prints the output under a heading when it ends. */
async function runStep(step) {
  const started = Date.now();
  const child = spawn(npm, ["run", "--silent", step], { shell: process.platform === "win32" });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  child.on("error", (error) => output.push(Buffer.from(`${error.stack || error}\n`)));
  const code = await exitOf(child);
  const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`\n> npm run ${step}: ${verdict} in ${seconds} s\n${Buffer.concat(output).toString()}`);
  return code;
}

async function main(jestArgs) {
  const steps = STEPS.map((step) => runStep(step).then((code) => ({ step, code })));
  const jest = steps[0].then(({ code }) => {
    if (code !== 0) return { step: "jest", code: 0, skipped: true };
    process.stdout.write("\n> jest (the build passed; the other steps go on beside it)\n");
    const child = spawn(process.execPath, [require.resolve("jest/bin/jest"), ...jestArgs], { stdio: "inherit" });
    return exitOf(child).then((exit) => ({ step: "jest", code: exit }));
  });
  const results = await Promise.all([...steps, jest]);
  const failed = results.filter((result) => result.code !== 0).map((result) => result.step);
  if (results.some((result) => result.skipped)) process.stdout.write("\nnpm test: the build failed; Jest not run.\n");
  if (failed.length > 0) process.stdout.write(`\nnpm test: ${failed.join(", ")} failed.\n`);
  return failed.length > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
