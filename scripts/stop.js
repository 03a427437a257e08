/* npm stop: end the dev server that npm start left running and, where Excel had the add-in
   sideloaded (Windows, macOS), unregister it. */
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const pidFile = path.resolve(__dirname, "..", ".dev-server.pid");
if (fs.existsSync(pidFile)) {
  const pid = Number(fs.readFileSync(pidFile, "utf8"));
  try {
    process.kill(pid);
    console.log(`Stopped the dev server (pid ${pid}).`);
  } catch {
    console.log("The dev server was not running.");
  }
  fs.rmSync(pidFile);
} else {
  console.log("No dev server to stop.");
}
if (process.platform === "win32" || process.platform === "darwin") {
  spawnSync("npx", ["--yes", "office-addin-debugging@7", "stop", "manifest.xml"], {
    cwd: path.resolve(__dirname, ".."),
    stdio: "inherit",
    shell: process.platform === "win32",
  });
}
