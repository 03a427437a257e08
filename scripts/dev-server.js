/*
 * A small static HTTPS server for dist/: what Excel (and a plain browser) loads the add-in
 * from during development. It serves files under one root only, with the right content types
 * and no directory listing. A bad request gets a 4xx answer; none may end the process, since
 * that would also end the rebuild watcher and leave a stale .dev-server.pid behind.
 */
const https = require("https");
const fs = require("fs");
const path = require("path");

// One list of media types for the dev server and a release's hosts (scripts/release-headers.js); source maps are
// the dev build's own.
const CONTENT_TYPES = { ...require("./release-headers").CONTENT_TYPES, ".map": "application/json; charset=utf-8" };

/** Where npm stop asks whether the process on the port is the dev server that npm start recorded. */
const IDENTITY_PATH = "/__mlcost-dev-server";

/** Ends the response with a short plain-text body (none for HEAD). */
function sendText(request, response, status, text, headers = {}) {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  response.end(request.method === "HEAD" ? undefined : text);
}

/**
 * The decoded path the request target names, or null when it names none: the target cannot
 * be parsed (`http://[zz/`), its percent-encoding is broken (`/%`) or it decodes to a NUL
 * byte, which no file name holds and which the file system calls reject by throwing.
 */
function decodedPath(target) {
  try {
    const { pathname } = new URL(target, "https://localhost");
    const decoded = decodeURIComponent(pathname === "/" ? "/taskpane.html" : pathname);
    return decoded.includes("\0") ? null : decoded;
  } catch {
    return null;
  }
}

/** Answers one request. Throws only on a bug; the caller turns that into a 500. */
function handle(base, token, request, response) {
  const relative = decodedPath(request.url);
  if (relative === null) return sendText(request, response, 400, "Bad request target\n");
  if (request.method !== "GET" && request.method !== "HEAD") {
    return sendText(request, response, 405, "Method not allowed\n", { Allow: "GET, HEAD" });
  }
  if (token && relative === IDENTITY_PATH) {
    // The pid lets npm stop check that the process it would end is this one, not only the port's owner.
    const identity = JSON.stringify({ token, pid: process.pid });
    return sendText(request, response, 200, identity, { "Content-Type": "application/json; charset=utf-8" });
  }
  const file = path.resolve(base, "." + relative);
  if (!file.startsWith(base + path.sep)) return sendText(request, response, 403, "Forbidden\n");
  fs.readFile(file, (error, body) => {
    // This callback runs outside the request handler's guard: it needs its own.
    guarded(request, response, () => sendFile(request, response, file, relative, error, body));
  });
}

/** Sends a file read by `handle`, or 404 when there was none to read. */
function sendFile(request, response, file, relative, error, body) {
  if (error) return sendText(request, response, 404, `Not found: ${relative}\n`);
  response.writeHead(200, {
    "Content-Type": CONTENT_TYPES[path.extname(file)] || "application/octet-stream",
    // Excel fetches functions.json and the icons from its own origin, not this one.
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": body.length,
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** Runs `work`; an exception it throws becomes a 500 for this request instead of ending the process. */
function guarded(request, response, work) {
  try {
    work();
  } catch (error) {
    console.error(`Dev server: ${request.method} ${request.url} failed: ${error.stack || error}`);
    if (!response.headersSent) sendText(request, response, 500, "Internal error\n");
    else response.destroy();
  }
}

/** Answers a request the HTTP parser rejected with 400, then drops the connection. */
function rejectClient(error, socket) {
  // As Node's own handler does: no 400 into the middle of a response already under way on a kept-alive socket.
  const answering = socket._httpMessage && socket._httpMessage.headersSent;
  if (error.code === "ECONNRESET" || !socket.writable || answering) return socket.destroy();
  socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", () => socket.destroy());
}

/**
 * Starts serving `root` over HTTPS on `port` (0 = any free port) with the given certificate.
 * With a `token`, GET /__mlcost-dev-server answers `{ token, pid }` so that npm stop can tell
 * this server from a process that reused its id. Resolves with the listening server.
 */
function serveDirectory({ root, port, cert, key, host = "localhost", token }) {
  const base = path.resolve(root);
  const server = https.createServer({ cert, key }, (request, response) => {
    guarded(request, response, () => handle(base, token, request, response));
  });
  server.on("clientError", rejectClient);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

module.exports = { serveDirectory, IDENTITY_PATH };
