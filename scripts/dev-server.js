/*
 * A small static HTTPS server for dist/: what Excel (and a plain browser) loads the add-in
 * from during development. It serves files under one root only, with the right content types
 * and no directory listing.
 */
const https = require("https");
const fs = require("fs");
const path = require("path");

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".xml": "application/xml; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * Starts serving `root` over HTTPS on `port` (0 = any free port) with the given certificate.
 * Resolves with the listening server.
 */
function serveDirectory({ root, port, cert, key, host = "localhost" }) {
  const base = path.resolve(root);
  const server = https.createServer({ cert, key }, (request, response) => {
    const url = new URL(request.url, "https://localhost");
    const relative = decodeURIComponent(url.pathname === "/" ? "/taskpane.html" : url.pathname);
    const file = path.resolve(base, "." + relative);
    if (!file.startsWith(base + path.sep) || request.method !== "GET") {
      response.writeHead(request.method === "GET" ? 403 : 405).end();
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`Not found: ${relative}\n`);
        return;
      }
      response.writeHead(200, {
        "Content-Type": CONTENT_TYPES[path.extname(file)] || "application/octet-stream",
        // Excel fetches functions.json and the icons from its own origin, not this one.
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      response.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

module.exports = { serveDirectory };
