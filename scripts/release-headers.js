/*
 * The HTTP headers a host must send for a release, in one place: the release writes them into
 * the host configuration files it generates (Netlify/Cloudflare `_headers`, Azure Static Web
 * Apps `staticwebapp.config.json`), the release check expects them, the tests' static host
 * sends them, and docs/deploy.md lists them.
 *
 * Caching: the files under chunks/ carry a content hash in their names (webpack.config.js), so a
 * new release never reuses a name and they may be cached for a year. Every other file is named
 * by the manifest, by the pages or by the entry scripts under a fixed name, so a host must make
 * the client revalidate it (no-cache: it may keep a copy, but must ask the host before using
 * it; with an ETag or Last-Modified that costs a 304). Without a Cache-Control header, browsers
 * cache heuristically (a tenth of the file's age), and a pane could run a week-old taskpane.js
 * that names chunks the host no longer has.
 */

/** Where the content-hashed files live; everything else keeps a fixed name. */
const HASHED_DIRECTORY = "chunks/";

const LONG_LIVED = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Excel on the web fetches the custom functions metadata from its own origin: CORS. */
const CORS_FILES = ["functions.json"];
const CORS_HEADER = "Access-Control-Allow-Origin";

/** Media types by file extension, as a host should send them (the parameters aside). */
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  // the bill's engine: WebAssembly.instantiateStreaming accepts only this type
  ".wasm": "application/wasm",
};

/** Media types a client accepts for each extension: hosts differ on JavaScript and XML. */
const ACCEPTED_TYPES = {
  ".html": ["text/html"],
  ".js": ["text/javascript", "application/javascript", "application/x-javascript"],
  ".json": ["application/json"],
  ".css": ["text/css"],
  ".png": ["image/png"],
  ".xml": ["application/xml", "text/xml"],
  ".txt": ["text/plain"],
  ".wasm": ["application/wasm"],
};

/** The extension of a release-relative path, with its dot ("" for none). */
function extensionOf(file) {
  const match = /\.[^./]+$/.exec(file);
  return match ? match[0].toLowerCase() : "";
}

/** Whether `file` (a path relative to the release root, no leading slash) has a content-hashed name. */
function isContentHashed(file) {
  return file.startsWith(HASHED_DIRECTORY);
}

/**
 * The headers a host sends with `file`, a path relative to the release root ("taskpane.html",
 * "chunks/exceljs.0123456789abcdef.js").
 */
function headersFor(file) {
  const headers = {
    "Content-Type": CONTENT_TYPES[extensionOf(file)] || "application/octet-stream",
    "Cache-Control": isContentHashed(file) ? LONG_LIVED : REVALIDATE,
    "X-Content-Type-Options": "nosniff",
  };
  if (CORS_FILES.includes(file)) headers[CORS_HEADER] = "*";
  return headers;
}

/**
 * What is wrong with the Cache-Control a host sent for `file`, or null when nothing is. Only a
 * fixed-name file cached without revalidation is an error (a client could run a stale release);
 * a hashed file without a long lifetime only costs downloads, and is reported as a warning.
 */
function cacheProblem(file, cacheControl) {
  const directives = String(cacheControl || "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  const maxAge = directives.map((d) => /^max-age=(\d+)$/.exec(d)).find(Boolean);
  if (isContentHashed(file)) {
    if (directives.includes("no-store") || directives.includes("no-cache") || !maxAge || Number(maxAge[1]) < 86400) {
      return { severity: "warning", message: `should be long-lived ("${LONG_LIVED}"), got "${cacheControl || ""}"` };
    }
    return null;
  }
  const revalidates =
    directives.includes("no-cache") || directives.includes("no-store") || (maxAge && Number(maxAge[1]) === 0);
  if (!revalidates) {
    return {
      severity: "error",
      message: `must not be cached unrevalidated ("${REVALIDATE}"), got "${cacheControl || ""}"`,
    };
  }
  return null;
}

/** Whether a Content-Type header is an accepted media type for `file`'s extension. */
function contentTypeAccepted(file, contentType) {
  const accepted = ACCEPTED_TYPES[extensionOf(file)];
  const mediaType = String(contentType || "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  return accepted ? accepted.includes(mediaType) : true;
}

/**
 * Netlify's (and Cloudflare Pages') `_headers` file for the files of a release. Every
 * fixed-name file gets a rule of its own and no rule overlaps another: Cloudflare Pages gives a
 * request the headers of every rule that matches it, so a catch-all no-cache rule would also
 * reach chunks/ (https://developers.cloudflare.com/pages/configuration/headers/).
 */
function netlifyHeaders(files) {
  const rules = [`/${HASHED_DIRECTORY}*\n  Cache-Control: ${LONG_LIVED}\n  X-Content-Type-Options: nosniff`];
  for (const file of files.filter((f) => !isContentHashed(f)).sort()) {
    const lines = Object.entries(headersFor(file))
      .filter(([name]) => name !== "Content-Type")
      .map(([name, value]) => `  ${name}: ${value}`);
    rules.push([`/${file}`, ...lines].join("\n"));
  }
  const title = "# Generated by npm run release (scripts/release-headers.js): the headers docs/deploy.md lists.";
  return `${title}\n${rules.join("\n")}\n`;
}

/**
 * Azure Static Web Apps' `staticwebapp.config.json`: no-cache and nosniff for every response,
 * overridden for chunks/ (a route header replaces the global header of the same name), CORS for
 * functions.json, and the media types of the release's extensions.
 */
function staticWebAppConfig() {
  return {
    globalHeaders: { "Cache-Control": REVALIDATE, "X-Content-Type-Options": "nosniff" },
    routes: [
      { route: `/${HASHED_DIRECTORY}*`, headers: { "Cache-Control": LONG_LIVED } },
      ...CORS_FILES.map((file) => ({ route: `/${file}`, headers: { [CORS_HEADER]: "*" } })),
    ],
    mimeTypes: Object.fromEntries(
      Object.entries(CONTENT_TYPES).map(([extension, type]) => [extension, type.split(";")[0]]),
    ),
  };
}

/** The host configuration files a release carries; they are configuration, not served files. */
const HOST_CONFIG_FILES = ["_headers", "staticwebapp.config.json"];

module.exports = {
  HASHED_DIRECTORY,
  LONG_LIVED,
  REVALIDATE,
  CORS_FILES,
  CORS_HEADER,
  CONTENT_TYPES,
  HOST_CONFIG_FILES,
  extensionOf,
  isContentHashed,
  headersFor,
  cacheProblem,
  contentTypeAccepted,
  netlifyHeaders,
  staticWebAppConfig,
};
