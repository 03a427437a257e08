/*
 * A tiny static HTTPS host for a release's site/, on loopback, sending the headers
 * docs/deploy.md documents (scripts/release-headers.js), with faults a test can switch on to
 * stand for a host set up wrong: a file left out, a header dropped or changed, a redirect, or a
 * file whose bytes differ from the release; and for a hostile or broken one: a file dripped a
 * byte at a time, or an endless body generated as it is sent (nothing that size is stored).
 */
import { readFile } from "fs/promises";
import { ServerResponse } from "http";
import { createServer, Server } from "https";
import { AddressInfo } from "net";
import { join, resolve, sep } from "path";
const { headersFor } = require("../../scripts/release-headers");

export interface Faults {
  /** files answered with 404 */
  missing?: string[];
  /** headers replaced (a value) or removed (null) per file */
  headers?: Record<string, Record<string, string | null>>;
  /** files answered with a 301 to this location */
  redirects?: Record<string, string>;
  /** the body of a file rewritten */
  bodies?: Record<string, (text: string) => string>;
  /** files sent one byte every so many milliseconds (headers at once, no Content-Length) */
  drip?: Record<string, number>;
  /** files answered with this many bytes of zeros, generated as the client reads (no Content-Length) */
  huge?: Record<string, number>;
}

export interface StaticHost {
  port: number;
  faults: Faults;
  /** bytes written per file for the drip and huge faults, to show how soon the client hung up */
  sent: Record<string, number>;
  close(): Promise<void>;
}

/** Serves `root` over HTTPS on 127.0.0.1 with the given certificate; `host.faults` may change between requests. */
export async function startStaticHost(root: string, cert: Buffer, key: Buffer): Promise<StaticHost> {
  const base = resolve(root);
  const host: StaticHost = { port: 0, faults: {}, sent: {}, close: async () => undefined };
  // Each file read once: a check fetches every file, the 34 MB bill engine among them, and a test run makes a dozen
  // checks. What a test serves differently it says through `faults`, never by changing site/ on disk.
  const files = new Map<string, Promise<Buffer>>();
  const read = (full: string) => files.get(full) ?? files.set(full, readFile(full)).get(full)!;
  const server: Server = createServer({ cert, key }, (request, response) => {
    const file = decodeURIComponent(new URL(request.url ?? "/", "https://host").pathname).replace(/^\/+/, "");
    const full = resolve(join(base, file));
    const { missing = [], headers = {}, redirects = {}, bodies = {}, drip = {}, huge = {} } = host.faults;
    if (!full.startsWith(base + sep) || missing.includes(file)) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    if (drip[file] !== undefined || huge[file] !== undefined) {
      host.sent[file] = 0;
      response.writeHead(200, headersFor(file));
      if (drip[file] !== undefined) {
        const timer = setInterval(() => {
          response.write("x");
          host.sent[file] += 1;
        }, drip[file]);
        response.on("close", () => clearInterval(timer));
      } else sendZeros(response, huge[file], (bytes) => (host.sent[file] += bytes));
      return;
    }
    if (redirects[file]) {
      response.writeHead(301, { Location: redirects[file] }).end();
      return;
    }
    read(full).then(
      (body) => {
        const sent = bodies[file] ? Buffer.from(bodies[file](body.toString("utf8"))) : body;
        const answer: Record<string, string> = { ...headersFor(file) };
        for (const [name, value] of Object.entries(headers[file] ?? {})) {
          if (value === null) delete answer[name];
          else answer[name] = value;
        }
        response.writeHead(200, { ...answer, "Content-Length": String(sent.length) }).end(sent);
      },
      () => response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n"),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  host.port = (server.address() as AddressInfo).port;
  host.close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      // A dripping answer the client left open would hold close() for ever.
      server.closeAllConnections();
    });
  return host;
}

/** Writes `total` zero bytes to `response` as fast as the client reads them, and stops when it hangs up. */
function sendZeros(response: ServerResponse, total: number, counted: (bytes: number) => void): void {
  const block = Buffer.alloc(64 * 1024);
  let left = total;
  const pump = () => {
    while (left > 0 && !response.destroyed) {
      const piece = left >= block.length ? block : block.subarray(0, left);
      left -= piece.length;
      counted(piece.length);
      if (!response.write(piece)) return void response.once("drain", pump);
    }
    if (left === 0) response.end();
  };
  pump();
}
