/*
 * What `npm start` serves: dist/ over HTTPS with Microsoft's development certificates, every
 * file the manifest names reachable, nothing outside dist/, and no request able to end it.
 * And what `npm stop` ends: the recorded dev server only, never a process that reused its id.
 */
import { FUNCTION_CATALOG } from "../../src/functions/catalog";
import { ChildProcess, spawn } from "child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { request, Server } from "https";
import { tmpdir } from "os";
import { join, resolve } from "path";
import { AddressInfo, createServer } from "net";
import { connect } from "tls";
import { generateCertificates } from "office-addin-dev-certs";
import { ENGINE_START_MS } from "../support/deadlines";
const { serveDirectory } = require("../../scripts/dev-server");
const { isOurDevServer, stopDevServer } = require("../../scripts/stop");

const TOKEN = "5eed0fc0ffee5eed0fc0ffee5eed0fc0";
const DEV_SERVER = resolve(__dirname, "../../scripts/dev-server.js");
const DIST = resolve(__dirname, "../../dist");

let dir: string;
let server: Server;
let port: number;
let ca: Buffer;
let certPath: string;
let keyPath: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mlcost-certs-"));
  let caPath: string;
  [caPath, certPath, keyPath] = ["ca.crt", "localhost.crt", "localhost.key"].map((f) => join(dir, f));
  await generateCertificates(caPath, certPath, keyPath);
  ca = readFileSync(caPath);
  const cert = readFileSync(certPath);
  server = await serveDirectory({ root: DIST, port: 0, cert, key: readFileSync(keyPath), token: TOKEN });
  port = (server.address() as AddressInfo).port;
}, ENGINE_START_MS);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  // The folder holds a private key: it must not outlive the run.
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
});

function get(path: string, method = "GET", at = port): Promise<{ status: number; type: string; body: string }> {
  return new Promise((done, fail) => {
    // The CA is trusted for this request only: the certificate chain is checked for real.
    const req = request({ host: "localhost", port: at, path, ca, method }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** Sends `head` as is over TLS (no client library to tidy the target) and resolves with the status. */
function raw(head: string, at = port): Promise<number> {
  return new Promise((done, fail) => {
    let answer = "";
    const socket = connect({ host: "localhost", port: at, ca, servername: "localhost" }, () => socket.write(head));
    socket.setEncoding("utf8");
    socket.setTimeout(3000, () => socket.destroy());
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", fail);
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
      if (status) done(Number(status[1]));
      else fail(new Error(`No HTTP answer: ${JSON.stringify(answer)}`));
    });
  });
}

const rawGet = (target: string, at = port) =>
  raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, at);

/**
 * The dev server in a process of its own, as npm start runs it: an exception escaping its
 * handler ends that process, where inside jest it would only leave the request unanswered.
 */
async function devServerProcess(): Promise<{ child: ChildProcess; port: number }> {
  const [devServer, root, cert, key] = [DEV_SERVER, DIST, certPath, keyPath].map((s) => JSON.stringify(s));
  const script = `const { readFileSync } = require("fs");
    require(${devServer}).serveDirectory({
      root: ${root}, port: 0, token: "${TOKEN}", cert: readFileSync(${cert}), key: readFileSync(${key}),
    }).then((server) => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const listening = new Promise<number>((done, fail) => {
    child.stdout!.once("data", (data) => done(Number(`${data}`)));
    child.once("exit", (code) => fail(new Error(`The dev server process ended (${code}) before listening.`)));
  });
  return { child, port: await listening };
}

/** A process that is not the dev server, standing for one that reused the recorded id. */
function bystander(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return new Promise((done, fail) => child.once("spawn", () => done(child)).once("error", fail));
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function pidFileWith(content: string): string {
  const file = join(dir, ".dev-server.pid");
  writeFileSync(file, content);
  return file;
}

test("serves what the manifest names, with content types, over a certificate that verifies", async () => {
  const json = await get("/functions.json");
  expect(json.status).toBe(200);
  expect(json.type).toContain("application/json");
  expect(JSON.parse(json.body).functions.map((f: { id: string }) => f.id)).toEqual(
    FUNCTION_CATALOG.map((spec) => spec.id),
  );
  const named = ["/functions.js", "/functions.html", "/taskpane.html", "/help.html", "/manifest.xml"];
  for (const path of [...named, "/assets/icon-32.png"]) {
    expect((await get(path)).status).toBe(200);
  }
});

test("refuses paths outside dist/ and answers 404 for missing files", async () => {
  expect((await get("/%2e%2e/package.json")).status).not.toBe(200);
  expect((await get("/..%2fpackage.json")).status).toBe(403);
  expect((await get("/nothing.js")).status).toBe(404);
  expect((await get("/taskpane.html", "POST")).status).toBe(405);
});

test(
  "answers 400 to malformed request targets and keeps serving",
  async () => {
    const { child, port: at } = await devServerProcess();
    for (const target of ["/%", "/taskpane.html%00", "/assets%00/icon-32.png", "/%E0%A4%A", "http://[zz/"]) {
      expect([target, await rawGet(target, at).catch(String)]).toEqual([target, 400]);
    }
    const page = await get("/taskpane.html", "GET", at);
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    expect(alive(child)).toBe(true);
    child.kill();
  },
  ENGINE_START_MS,
);

test("answers 400 to a request the HTTP parser rejects and keeps serving", async () => {
  expect(await raw("NOT HTTP AT ALL\r\n\r\n")).toBe(400);
  expect((await get("/taskpane.html")).status).toBe(200);
});

test("answers HEAD like GET, without the body", async () => {
  const head = await get("/taskpane.html", "HEAD");
  expect(head.status).toBe(200);
  expect(head.type).toContain("text/html");
  expect(head.body).toBe("");
});

test("npm stop recognises the dev server by its token and its pid", async () => {
  expect(await isOurDevServer({ pid: process.pid, port, token: TOKEN })).toBe(true);
  expect(await isOurDevServer({ pid: process.pid, port, token: "0".repeat(32) })).toBe(false);
  expect(await isOurDevServer({ pid: process.pid + 1, port, token: TOKEN })).toBe(false);
  // A port nothing listens on any more.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, "localhost", done));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  expect(await isOurDevServer({ pid: process.pid, port: closedPort, token: TOKEN })).toBe(false);
});

test("npm stop kills nothing when the recorded process is not the dev server, and removes the record", async () => {
  const log = jest.fn();
  const child = await bystander();
  const records = [
    { pid: child.pid, port, token: "0".repeat(32) }, // another server's token
    { pid: child.pid, port, token: TOKEN }, // the right server, but the id now names another process
  ];
  for (const record of records) {
    const file = pidFileWith(JSON.stringify(record));
    expect(await stopDevServer(file, log)).toBe(false);
    expect(existsSync(file)).toBe(false);
  }
  // A bare pid, as older versions wrote: nothing can confirm it.
  const old = pidFileWith(String(child.pid));
  expect(await stopDevServer(old, log)).toBe(false);
  expect(existsSync(old)).toBe(false);
  expect(log.mock.calls.every(([line]) => String(line).includes("is not the dev server"))).toBe(true);
  await new Promise((done) => setTimeout(done, 200));
  expect(alive(child)).toBe(true);
});

test(
  "npm stop ends a dev server that confirms the record",
  async () => {
    const { child, port: childPort } = await devServerProcess();
    const exited = new Promise((done) => child.once("exit", (_code, signal) => done(signal)));
    const file = pidFileWith(JSON.stringify({ pid: child.pid, port: childPort, token: TOKEN }));
    expect(await stopDevServer(file, jest.fn())).toBe(true);
    expect(await exited).toBe("SIGTERM");
    expect(existsSync(file)).toBe(false);
  },
  ENGINE_START_MS,
);
