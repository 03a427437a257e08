/*
 * npm start: build the add-in (and rebuild on change), serve it at https://localhost:3000,
 * then sideload it into desktop Excel where that exists (Windows, macOS). Elsewhere, such as
 * Linux, say exactly what to do next: the preview URL and the manifest for Excel on the web.
 */
const { randomBytes } = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const webpack = require("webpack");
const devCerts = require("office-addin-dev-certs");
const { serveDirectory } = require("./dev-server");

const PORT = 3000;
const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");
const canSideload = process.platform === "win32" || process.platform === "darwin";

async function certificates() {
  if (canSideload) {
    // Generates and trusts Microsoft's development CA, as Office requires (may prompt once).
    return devCerts.getHttpsServerOptions();
  }
  // On Linux the CA cannot be trusted for Excel without root: generate it, and say how to trust it.
  const dir = path.join(os.homedir(), ".office-addin-dev-certs");
  const files = ["ca.crt", "localhost.crt", "localhost.key"].map((f) => path.join(dir, f));
  const fresh = files.every((f) => fs.existsSync(f)) && Date.now() - fs.statSync(files[1]).mtimeMs < 25 * 86_400_000;
  if (!fresh) await devCerts.generateCertificates(...files);
  return {
    ca: fs.readFileSync(files[0]),
    cert: fs.readFileSync(files[1]),
    key: fs.readFileSync(files[2]),
    caPath: files[0],
  };
}

function build() {
  const config = require("../webpack.config.js")({}, { mode: "development" });
  const compiler = webpack(config);
  return new Promise((resolve, reject) => {
    let first = true;
    compiler.watch({ aggregateTimeout: 300 }, (error, stats) => {
      if (error) return first ? reject(error) : console.error(error);
      const info = stats.toString({ preset: "errors-warnings", colors: false }).trim();
      if (stats.hasErrors()) {
        console.error(info);
        if (first) return reject(new Error("The build failed; fix the errors above."));
      } else if (!first) console.log(`Rebuilt in ${stats.endTime - stats.startTime} ms.`);
      if (first) {
        first = false;
        resolve(compiler);
      }
    });
  });
}

/**
 * Records this process in .dev-server.pid for npm stop, with the port and a random token that
 * only this dev server answers with, and removes the record again when the process ends.
 */
function recordDevServer(pidFile, token) {
  const record = { pid: process.pid, port: PORT, token, startedAt: new Date().toISOString() };
  fs.writeFileSync(pidFile, JSON.stringify(record) + "\n", { mode: 0o600 });
  process.on("exit", () => {
    // Only our own record: a file that names another server is not ours to remove.
    try {
      if (JSON.parse(fs.readFileSync(pidFile, "utf8")).token === token) fs.rmSync(pidFile);
    } catch {
      // Already gone, or never ours.
    }
  });
  // A signal's default action skips "exit" handlers; exiting here runs them, with the usual 128 + n status.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  }
}

async function main() {
  console.log("Building the add-in into dist/ ...");
  await build();
  const cert = await certificates();
  const token = randomBytes(16).toString("hex");
  try {
    await serveDirectory({ root: dist, port: PORT, cert: cert.cert, key: cert.key, token });
  } catch (error) {
    if (error.code === "EADDRINUSE") {
      console.error(
        `Port ${PORT} is in use: another dev server (npm stop) or another program holds it.` +
          ` The manifest points at https://localhost:${PORT}.`,
      );
      process.exit(1);
    }
    throw error;
  }
  recordDevServer(path.join(root, ".dev-server.pid"), token);
  console.log(`\nServing the add-in at https://localhost:${PORT} (rebuilds on change; Ctrl+C or npm stop ends it).`);
  if (canSideload) {
    console.log("Sideloading into desktop Excel ...");
    // Microsoft's sideloading tool is fetched here only: it needs a native module that
    // Linux machines cannot build, so it is not a dependency of the project.
    const result = spawnSync(
      "npx",
      [
        "--yes",
        "office-addin-debugging@7",
        "start",
        "manifest.xml",
        "desktop",
        "--no-debug",
        "--dev-server-port",
        String(PORT),
      ],
      {
        cwd: root,
        stdio: "inherit",
        shell: process.platform === "win32",
      },
    );
    if (result.status !== 0) console.log("Sideloading did not finish; upload manifest.xml by hand as below.");
  }
  console.log(`
Next:
  - Preview the task pane in any browser (works without Excel, as a standalone planner):
      https://localhost:${PORT}/taskpane.html
  - Function reference: https://localhost:${PORT}/help.html
  - Excel on the web: open a workbook, Home > Add-ins > More Add-ins > My Add-ins >
    Upload My Add-in, and choose ${path.join(root, "manifest.xml")}
    Then type =MLCOST.CROSSOVER(600, 0.04) in a cell (54,000,000).${
      cert.caPath
        ? `
  - Your browser must trust the development certificate for Excel to load the add-in:
    import ${cert.caPath} as a certificate authority
    (Chrome: Settings > Privacy and security > Security > Manage certificates > Authorities).`
        : ""
    }`);
}

main().catch((error) => {
  console.error(error.message || error);
  process.exit(1);
});
