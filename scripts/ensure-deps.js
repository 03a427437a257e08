/*
 * Runs before npm start and npm test (prestart, pretest): on a fresh clone, installs the
 * locked dependencies first, so those two commands are all a new machine needs.
 * It uses only Node's own modules, since nothing else is installed yet.
 */
const { existsSync } = require("fs");
const { join } = require("path");
const { spawnSync } = require("child_process");

const root = join(__dirname, "..");
if (!existsSync(join(root, "node_modules", ".package-lock.json"))) {
  console.log("First run on this clone: installing the locked dependencies (npm ci) ...");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  process.exit(result.status ?? 1);
}
