/*
 * A tiny static HTTPS host for a release's site/, on loopback, sending the headers
 * docs/deploy.md documents (scripts/release-headers.js), with faults a test can switch on to
 * stand for a host set up wrong: a file left out, a header dropped or changed, a redirect, or a
 * file whose bytes differ from the release.
 */
import { readFile } from "fs/promises";
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
}

export interface StaticHost {
  port: number;
  faults: Faults;
  close(): Promise<void>;
}

/** Serves `root` over HTTPS on 127.0.0.1 with the given certificate; `host.faults` may change between requests. */
export async function startStaticHost(root: string, cert: Buffer, key: Buffer): Promise<StaticHost> {
  const base = resolve(root);
  const host: StaticHost = { port: 0, faults: {}, close: async () => undefined };
  const server: Server = createServer({ cert, key }, (request, response) => {
    const file = decodeURIComponent(new URL(request.url ?? "/", "https://host").pathname).replace(/^\/+/, "");
    const full = resolve(join(base, file));
    const { missing = [], headers = {}, redirects = {}, bodies = {} } = host.faults;
    if (!full.startsWith(base + sep) || missing.includes(file)) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    if (redirects[file]) {
      response.writeHead(301, { Location: redirects[file] }).end();
      return;
    }
    readFile(full).then(
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
  host.close = () => new Promise<void>((done) => server.close(() => done()));
  return host;
}
