/*
 * Where the add-in is served from: https://localhost:3000 in development, a deployment's origin
 * (ADDIN_ORIGIN, or npm run release --origin) otherwise. The build writes the development origin
 * into the files below and rewrites it to the deployment's: this is that one rewrite, used by
 * webpack.config.js and by the release tests that release the build npm test already made.
 */
const DEV_ORIGIN = "https://localhost:3000";

/** The built files that name the origin (every other file is the same for any origin). */
const FILES_NAMING_ORIGIN = ["manifest.xml", "functions.json", "taskpane.html", "help.html"];

/** The origin for a setting such as ADDIN_ORIGIN: the development one when unset, without a trailing slash. */
function originOf(setting) {
  return (setting || DEV_ORIGIN).replace(/\/$/, "");
}

/** `content` (text or a Buffer) with every development URL moved to `origin`. */
function withOrigin(content, origin) {
  return content.toString().split(DEV_ORIGIN).join(origin);
}

module.exports = { DEV_ORIGIN, FILES_NAMING_ORIGIN, originOf, withOrigin };
