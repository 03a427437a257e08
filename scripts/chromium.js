/*
 * Debian's Chromium as the e2e tests and the benches start it: where its binary is, and the flags this machine
 * needs (no sandbox as root, no GPU, no QUIC, no first-run or background traffic; playwright-core gives each
 * launch a fresh, empty user-data-dir and runs it headless). One list, read by test/e2e/browser.ts and
 * bench/browserHarness.js.
 */
const fs = require("fs");

const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The path of Debian's Chromium binary, or undefined when it is not installed (apt-get install chromium). */
function chromiumExecutable() {
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
}

module.exports = { CHROMIUM_FLAGS, chromiumExecutable };
