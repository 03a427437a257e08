/*
 * The one way a bench starts a browser: dist/ served over HTTPS as the e2e does (test/e2e/browser.ts), and
 * Debian's headless Chromium launched with the flags this machine needs (scripts/chromium.js). The benches
 * that drive the pane (paneBrowser.js, portableChromium.js, billBrowser.js) all start here.
 */
const fs = require("fs");
const os = require("os");
const path = require("path");
const { generateCertificates } = require("office-addin-dev-certs");
const { chromium } = require("playwright-core");
const { serveDirectory } = require("../scripts/dev-server");
const { CHROMIUM_FLAGS, chromiumExecutable } = require("../scripts/chromium");

/**
 * Serves `dist` over HTTPS and starts headless Chromium with `extraFlags` besides the machine's own.
 * Resolves to { browser, origin, version, stop }, or to { skipped: why } when Chromium or the build is missing.
 */
async function startBenchBrowser(dist, extraFlags = []) {
  const executablePath = chromiumExecutable();
  if (!executablePath) return { skipped: "Chromium is not installed (apt-get install chromium; .ci/run does)." };
  if (!fs.existsSync(path.join(dist, "taskpane.html"))) return { skipped: `${dist} has no pane: npm run build.` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mlcost-bench-certs-"));
  const [ca, cert, key] = ["ca.crt", "localhost.crt", "localhost.key"].map((f) => path.join(dir, f));
  await generateCertificates(ca, cert, key);
  const server = await serveDirectory({ root: dist, port: 0, cert: fs.readFileSync(cert), key: fs.readFileSync(key) });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS.concat(extraFlags) });
  return {
    browser,
    origin: `https://localhost:${server.address().port}`,
    version: browser.version(),
    stop: async () => {
      await browser.close();
      await new Promise((done) => server.close(() => done()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startBenchBrowser };
