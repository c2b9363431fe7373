import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A stand-in for the lead API (spec §7) that can also serve a static build, so a browser can send the lead form
 * end to end without the real server or its database. For browser tests and manual checks only.
 *
 *   npx tsx tests/support/stand-in-api.ts --static /tmp/build/client --port 4180
 *
 * To see an error path in the browser, write `stand-in:<status>` in the form's comment (e.g. `stand-in:500`):
 * the lead call answers that status. `stand-in:401` answers 401 to every attempt, so the form's one retry fails too.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StandInOptions {
  port?: number;
  /** A build's client directory to serve next to /api. */
  staticDir?: string;
  /** Lifetime of the tokens issued, in seconds. */
  tokenTtlSeconds?: number;
}

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const REQUIRED = ["firstName", "lastName", "companyEmail", "companyName"];
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".data": "text/x-script",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".mp4": "video/mp4",
};

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function serveStatic(staticDir: string, urlPath: string, response: http.ServerResponse) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  const candidates = [clean, path.join(clean, "index.html"), `${clean}.html`].map((p) => path.join(staticDir, p));
  const file =
    candidates.find((p) => p.startsWith(staticDir) && fs.existsSync(p) && fs.statSync(p).isFile()) ??
    path.join(staticDir, "404", "index.html");
  const found = fs.existsSync(file);
  response.writeHead(found && !file.endsWith(path.join("404", "index.html")) ? 200 : 404, {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
  });
  response.end(found ? fs.readFileSync(file) : "Not found");
}

export function startStandInApi({ port = 0, staticDir, tokenTtlSeconds = 300 }: StandInOptions = {}): Promise<StandIn> {
  const tokens = new Map<string, number>();
  const requests: RecordedRequest[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const body = Buffer.concat(chunks).toString("utf8");
      if (!url.pathname.startsWith("/api/")) {
        if (staticDir) return serveStatic(path.resolve(staticDir), url.pathname, response);
        return send(response, 404, { success: false, message: "Not found" });
      }
      requests.push({ method: request.method ?? "", path: url.pathname, headers: request.headers, body });
      if (request.method !== "POST") return send(response, 405, { success: false, message: "Method not allowed" });

      if (url.pathname === "/api/tokens/lead") {
        const token = randomUUID();
        const expiresAt = Date.now() + tokenTtlSeconds * 1000;
        tokens.set(token, expiresAt);
        return send(response, 200, {
          success: true,
          message: "Token issued",
          data: { token, expiresAt: new Date(expiresAt).toISOString(), expiresIn: tokenTtlSeconds },
        });
      }
      if (url.pathname === "/api/leads") {
        const token = request.headers["x-lead-token"];
        const expiry = typeof token === "string" ? tokens.get(token) : undefined;
        if (!expiry || expiry < Date.now())
          return send(response, 401, { success: false, message: "The lead token is invalid" });
        if (typeof request.headers["idempotency-key"] !== "string")
          return send(response, 400, { success: false, message: "An Idempotency-Key header is required" });
        let lead: Record<string, unknown>;
        try {
          lead = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return send(response, 400, { success: false, message: "The request body is not valid JSON" });
        }
        const forced = /^stand-in:(\d{3})$/.exec(String(lead.comment ?? ""));
        if (forced)
          return send(
            response,
            Number(forced[1]),
            Number(forced[1]) < 300
              ? { success: false, message: "Not created" }
              : { success: false, message: "Forced by the stand-in" },
          );
        if (REQUIRED.some((field) => typeof lead[field] !== "string" || lead[field] === ""))
          return send(response, 400, { success: false, message: "The lead is invalid" });
        return send(response, 201, { success: true, message: "Lead received", data: { id: randomUUID() } });
      }
      return send(response, 404, { success: false, message: "Not found" });
    });
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${actual}`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const standIn = await startStandInApi({ port: Number(arg("port") ?? 4180), staticDir: arg("static") });
  console.log(`Stand-in lead API on ${standIn.url}/api${arg("static") ? `, serving ${arg("static")}` : ""}`);
}
