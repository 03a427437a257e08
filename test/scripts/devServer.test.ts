/*
 * What `npm start` serves: dist/ over HTTPS with Microsoft's development certificates, every
 * file the manifest names reachable, nothing outside dist/.
 */
import { mkdtempSync, readFileSync } from "fs";
import { request, Server } from "https";
import { tmpdir } from "os";
import { join, resolve } from "path";
import { AddressInfo } from "net";
import { generateCertificates } from "office-addin-dev-certs";
const { serveDirectory } = require("../../scripts/dev-server");

let server: Server;
let port: number;
let ca: Buffer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "mlcost-certs-"));
  const [caPath, certPath, keyPath] = ["ca.crt", "localhost.crt", "localhost.key"].map((f) => join(dir, f));
  await generateCertificates(caPath, certPath, keyPath);
  ca = readFileSync(caPath);
  server = await serveDirectory({ root: resolve(__dirname, "../../dist"), port: 0, cert: readFileSync(certPath), key: readFileSync(keyPath) });
  port = (server.address() as AddressInfo).port;
}, 60_000);

afterAll(() => new Promise<void>((done) => server.close(() => done())));

function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((done, fail) => {
    // The CA is trusted for this request only: the certificate chain is checked for real.
    const req = request({ host: "localhost", port, path, ca, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", fail);
    req.end();
  });
}

test("serves what the manifest names, with content types, over a certificate that verifies", async () => {
  const json = await get("/functions.json");
  expect(json.status).toBe(200);
  expect(json.type).toContain("application/json");
  expect(JSON.parse(json.body).functions.length).toBe(7);
  for (const path of ["/functions.js", "/functions.html", "/taskpane.html", "/help.html", "/manifest.xml", "/assets/icon-32.png"]) {
    expect((await get(path)).status).toBe(200);
  }
});

test("refuses paths outside dist/ and answers 404 for missing files", async () => {
  expect((await get("/%2e%2e/package.json")).status).not.toBe(200);
  expect((await get("/..%2fpackage.json")).status).toBe(403);
  expect((await get("/nothing.js")).status).toBe(404);
});
