// @vitest-environment node
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER } from "../../contract/lead-api.ts";
import { freePort, leadToken, startLeadServer, tempDatabase } from "../../scripts/measure/lead-server.ts";
import { VALID_LEAD } from "../../tests/support/lead-api-suite.ts";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

async function start(env: Record<string, string>) {
  const server = await startLeadServer(tempDatabase(), await freePort(), env);
  children.push(server.child);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    server.child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  return { ...server, exited };
}

/** One request on a connection of its own, as a new visitor (or a load balancer's probe) makes it. */
function get(url: string): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
        );
      })
      .on("error", reject);
  });
}

/** A lead whose body arrives in two halves: the request is in flight between them. */
function slowLead(url: string, token: string) {
  const body = JSON.stringify(VALID_LEAD);
  let finish!: () => void;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${url}${LEADS_ROUTE}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          [TOKEN_HEADER]: token,
          [IDEMPOTENCY_HEADER]: `drain-${Date.now()}`,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 20));
    finish = () => request.end(body.slice(20));
  });
  return { answered, finish: () => finish() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("draining on SIGTERM (a real server process)", () => {
  it("finishes a request in flight after SIGTERM, then exits 0", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "0" });
    const token = await leadToken(server.url);
    const lead = slowLead(server.url, token);
    await sleep(200);
    server.child.kill("SIGTERM");
    await sleep(300);
    expect(server.child.exitCode).toBeNull();
    lead.finish();
    const answer = await lead.answered;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.exited).code).toBe(0);
  });

  it("turns /readyz 503 first, answers new requests during the grace period, then exits 0", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "1500" });
    expect((await get(`${server.url}/readyz`)).status).toBe(200);
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await sleep(100);
    const readiness = await get(`${server.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({
      status: "unavailable",
      code: "OPS004",
      message: "Shutting down: finishing current requests, taking no new traffic",
    });
    const page = await get(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1>Home</h1>");
    expect(page.connection).toBe("close");
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(1500);
    await expect(get(`${server.url}/`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("exits at once, with status 1, on a second SIGTERM", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "60000" });
    server.child.kill("SIGTERM");
    await sleep(200);
    expect(server.child.exitCode).toBeNull();
    const secondAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - secondAt).toBeLessThan(1000);
  });

  it("exits with status 1 when the deadline passes before it could close", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "60000", SHUTDOWN_TIMEOUT_MS: "800" });
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(800);
    expect(exit.at - signalledAt).toBeLessThan(5000);
  });
});
