/* npm stop: end the dev server that npm start left running and, where Excel had the add-in
   sideloaded (Windows, macOS), unregister it. The pid in .dev-server.pid is ended only once the
   dev server itself confirms it: a recorded id may by now belong to an unrelated process. */
const fs = require("fs");
const https = require("https");
const path = require("path");
const { spawnSync } = require("child_process");
const { IDENTITY_PATH } = require("./dev-server");

const PID_FILE = path.resolve(__dirname, "..", ".dev-server.pid");

/**
 * What npm start recorded in the pid file: `{ pid, port, token }`, or null when the file holds
 * anything else, such as the bare pid that older versions wrote and that nothing can confirm.
 */
function readRecord(pidFile) {
  try {
    const record = JSON.parse(fs.readFileSync(pidFile, "utf8"));
    const valid =
      record !== null &&
      typeof record === "object" &&
      Number.isInteger(record.pid) &&
      record.pid > 0 &&
      Number.isInteger(record.port) &&
      typeof record.token === "string" &&
      record.token !== "";
    return valid ? record : null;
  } catch {
    return null;
  }
}

/**
 * Resolves true only when the server at https://localhost:`port` answers with this `token` and
 * `pid`: it is the dev server npm start recorded, still running in that process. Anything else
 * (nothing listening, another program, another dev server, a timeout) resolves false.
 */
function isOurDevServer({ pid, port, token }, timeoutMs = 3000) {
  return new Promise((resolve) => {
    // Only an identity check on the loopback: the token, not the certificate, is what proves it.
    const options = { host: "localhost", port, path: IDENTITY_PATH, rejectUnauthorized: false, agent: false };
    const request = https.get({ ...options, timeout: timeoutMs }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body.length < 4096 ? (body += chunk) : request.destroy()));
      response.on("end", () => resolve(response.statusCode === 200 && identityMatches(body, pid, token)));
      response.on("error", () => resolve(false));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
    // After a destroy (timeout, oversized answer) no other event may come; an earlier resolve wins.
    request.on("close", () => resolve(false));
  });
}

/** Whether the identity endpoint's answer names this token and pid. */
function identityMatches(body, pid, token) {
  try {
    const identity = JSON.parse(body);
    return identity.token === token && identity.pid === pid;
  } catch {
    return false;
  }
}

/**
 * Ends the dev server recorded in `pidFile` if the check confirms it, and removes the file
 * either way: a record that cannot be confirmed is stale. Resolves with whether it sent the signal.
 */
async function stopDevServer(pidFile = PID_FILE, log = console.log) {
  if (!fs.existsSync(pidFile)) {
    log("No dev server to stop.");
    return false;
  }
  const record = readRecord(pidFile);
  const ours = record !== null && (await isOurDevServer(record));
  fs.rmSync(pidFile, { force: true });
  if (!ours) {
    const which = record ? `pid ${record.pid}, port ${record.port}` : "in an unrecognised or old format";
    log(`The process recorded in ${path.basename(pidFile)} (${which}) is not the dev server; stopped nothing.`);
    return false;
  }
  try {
    process.kill(record.pid);
    log(`Stopped the dev server (pid ${record.pid}).`);
    return true;
  } catch {
    log("The dev server was not running.");
    return false;
  }
}

/** Unregisters the sideloaded add-in where desktop Excel had it (Windows, macOS). */
function unregisterAddIn() {
  if (process.platform !== "win32" && process.platform !== "darwin") return;
  spawnSync("npx", ["--yes", "office-addin-debugging@7", "stop", "manifest.xml"], {
    cwd: path.resolve(__dirname, ".."),
    stdio: "inherit",
    shell: process.platform === "win32",
  });
}

if (require.main === module) {
  stopDevServer()
    .then(unregisterAddIn)
    .catch((error) => {
      console.error(error.message || error);
      process.exit(1);
    });
}

module.exports = { isOurDevServer, readRecord, stopDevServer };
