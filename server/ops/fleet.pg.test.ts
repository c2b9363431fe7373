// @vitest-environment node
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueError, operationsErrors } from "../../contract/errors.ts";
import { LEADS_ROUTE, TOKEN_ROUTE } from "../../contract/lead-api.ts";
import {
  freePort,
  leadHeaders,
  type RunningServer,
  startLeadServer,
  tempDatabase,
  uniqueLead,
} from "../../scripts/measure/lead-server.ts";

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
/**
 * Per visitor and minute, shared by the instances through Redis. Room for a lead cut by the SIGKILL: its key stays in
 * flight for CLAIM_TIMEOUT_MS (30 s), and its client retries every Retry-After (1 s) from the same address.
 */
const RATE_LIMIT = 40;
/** Leads sent per second while instances restart or die. */
const RATE = 25;
/** Longer than HAProxy needs to see an instance down: 3 failed checks, 500 ms apart. */
const GRACE_MS = 3000;
const LEASE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const processes: ChildProcess[] = [];
afterAll(() => {
  for (const child of processes) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * A slow CRM: each delivery takes `delayMs`, so some are in progress whenever an instance stops. Each instance calls it
 * with `?instance=<n>`: `inProgress` counts the deliveries under way per instance, and `cut` lists the leads whose
 * delivery lost its connection before the answer (its instance was killed).
 */
async function crm() {
  const received: string[] = [];
  const cut: string[] = [];
  const pace = { delayMs: 300 };
  const inProgress = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    const from = new URL(request.url ?? "/", "http://crm").searchParams.get("instance") ?? "";
    request.on("end", () => {
      inProgress.set(from, (inProgress.get(from) ?? 0) + 1);
      response.on("close", () => inProgress.set(from, inProgress.get(from)! - 1));
      const timer = setTimeout(() => {
        received.push(JSON.parse(body).id);
        response.writeHead(204).end();
      }, pace.delayMs);
      response.on("close", () => {
        if (response.writableFinished) return;
        clearTimeout(timer);
        cut.push(JSON.parse(body).id);
      });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/leads`, received, cut, pace, inProgress, close: () => server.close() };
}

/**
 * HAProxy in front of the instances: health checks on /readyz every 500 ms (down after 3 failures, up after 2
 * successes), no connection reuse towards the servers, and a failed attempt retried on another server (`redispatch`):
 * a refused connection, a connection closed with no answer (an instance killed mid-request), a 503. Replaying a POST
 * is safe because every lead carries an Idempotency-Key.
 */
async function balancer(ports: number[]) {
  if (spawnSync("haproxy", ["-v"]).error) throw catalogueError(operationsErrors.haproxyMissing);
  const dir = mkdtempSync(path.join(tmpdir(), "voxa-haproxy-"));
  const port = await freePort();
  const config = `global
  pidfile ${dir}/haproxy.pid
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  option http-server-close
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
frontend site
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  timeout check 2s
  default-server inter 500ms fall 3 rise 2
${ports.map((p, i) => `  server instance${i} 127.0.0.1:${p} check`).join("\n")}
`;
  writeFileSync(path.join(dir, "haproxy.cfg"), config);
  const child = spawn("haproxy", ["-db", "-f", path.join(dir, "haproxy.cfg")], { stdio: ["ignore", "ignore", "pipe"] });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return url;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error("HAProxy did not start");
}

async function instance(port: number, webhook: string): Promise<RunningServer> {
  const server = await startLeadServer(tempDatabase(), port, {
    DATABASE_URL: databaseUrl!,
    REDIS_URL: redisUrl!,
    TRUST_PROXY: "true",
    RATE_LIMIT_MAX: String(RATE_LIMIT),
    RATE_LIMIT_WINDOW_MS: "60000",
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    OUTBOX_LEASE_MS: String(LEASE_MS),
    CRM_WEBHOOK_URL: webhook,
  });
  processes.push(server.child);
  while (!(await fetch(`${server.url}/readyz`)).ok) await sleep(100);
  return server;
}

interface Load {
  sent: number;
  failed: string[];
  acknowledged: Map<string, string>;
  inFlightReplies: number;
  stop(): Promise<void>;
}

/**
 * Leads at a steady rate through the balancer, each from an address of its own (the rate limit is per visitor), as the
 * form sends them: one key per submission, the same key again after a 409 (the key's first attempt died with its
 * instance) once Retry-After has passed.
 */
function sendLeads(url: string, token: string, run: string): Load {
  const load: Load = {
    sent: 0,
    failed: [],
    acknowledged: new Map(),
    inFlightReplies: 0,
    stop: async () => {},
  };
  const pending: Promise<void>[] = [];
  let n = 0;
  const submit = async (index: number) => {
    const key = randomUUID();
    const body = JSON.stringify(uniqueLead(index, run));
    const headers = {
      ...leadHeaders(token, key),
      "x-forwarded-for": `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
    };
    for (let attempt = 0; attempt < 60; attempt++) {
      load.sent++;
      try {
        const response = await fetch(`${url}${LEADS_ROUTE}`, { method: "POST", headers, body });
        const text = await response.text();
        if (!response.headers.get("content-type")?.startsWith("application/json")) {
          load.failed.push(`${response.status} from the balancer: ${text.slice(0, 120)}`);
          return;
        }
        const answer = JSON.parse(text) as { data?: { id: string }; code?: string };
        if (response.status === 201 || response.status === 200) {
          load.acknowledged.set(key, answer.data!.id);
          return;
        }
        if (response.status !== 409) {
          load.failed.push(`${response.status} ${answer.code}`);
          return;
        }
        load.inFlightReplies++;
        await sleep(1000 * Number(response.headers.get("retry-after") ?? 1));
      } catch (error) {
        load.failed.push(String(error));
        return;
      }
    }
    load.failed.push(`key ${key} still in flight`);
  };
  const timer = setInterval(() => pending.push(submit(n++)), 1000 / RATE);
  load.stop = async () => {
    clearInterval(timer);
    await Promise.all(pending);
  };
  return load;
}

async function storedLeads(run: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("SELECT id FROM leads WHERE company_email LIKE $1", [`load.${run}.%`]);
  const undelivered = await client.query(
    "SELECT count(*) AS n FROM outbox JOIN leads ON leads.id = outbox.lead_id WHERE delivered_at IS NULL AND company_email LIKE $1",
    [`load.${run}.%`],
  );
  await client.end();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(String(row.id), (counts.get(String(row.id)) ?? 0) + 1);
  counts.set("undelivered", Number(undelivered.rows[0].n));
  return counts;
}

function report(title: string, load: Load, stored: Map<string, number>, startedAt: number) {
  const rows = [...stored.entries()].filter(([id]) => id !== "undelivered");
  console.log(
    `${title}: ${load.sent} requests sent, ${load.failed.length} failed, ${load.acknowledged.size} leads acknowledged, ` +
      `${rows.length} stored (${rows.filter(([, count]) => count > 1).length} twice), ` +
      `${load.inFlightReplies} answered 409 and retried, ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );
}

if (databaseUrl && redisUrl) {
  describe("a fleet of three instances behind HAProxy (PostgreSQL, Redis)", () => {
    it("restarts each instance with SIGTERM under load without a failed request; survives a SIGKILL", async () => {
      const webhook = await crm();
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      const instances = await Promise.all(ports.map((port, i) => instance(port, `${webhook.url}?instance=${i}`)));
      const url = await balancer(ports);
      const tokenAnswer = await fetch(`${url}${TOKEN_ROUTE}`, {
        method: "POST",
        headers: { "x-forwarded-for": "192.0.2.1" },
      });
      const token = ((await tokenAnswer.json()) as { data: { token: string } }).data.token;

      // Rolling deploy: each instance in turn gets SIGTERM, is replaced, and is ready before the next one goes.
      const rollingRun = randomUUID().slice(0, 8);
      let startedAt = Date.now();
      let load = sendLeads(url, token, rollingRun);
      await sleep(1500);
      for (let i = 0; i < instances.length; i++) {
        await instances[i].stop();
        instances[i] = await instance(ports[i], `${webhook.url}?instance=${i}`);
        // HAProxy sees it up after two good checks.
        await sleep(1500);
      }
      await sleep(1000);
      await load.stop();
      let stored = await storedLeads(rollingRun);
      report("Rolling restart", load, stored, startedAt);
      expect(load.failed).toEqual([]);
      for (const id of load.acknowledged.values()) expect(stored.get(id), id).toBe(1);
      expect(stored.size - 1).toBe(load.acknowledged.size);

      // One shared limit: one visitor's calls, spread over the three instances, are counted together.
      const statuses: number[] = [];
      for (let call = 0; call < RATE_LIMIT + 10; call++) {
        const response = await fetch(`${url}${TOKEN_ROUTE}`, {
          method: "POST",
          headers: { "x-forwarded-for": "198.51.100.7" },
        });
        statuses.push(response.status);
      }
      console.log(
        `Shared rate limit: ${statuses.filter((s) => s === 200).length} of ${statuses.length} calls accepted, limit ${RATE_LIMIT}`,
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      // SIGKILL mid-load: no draining, requests and deliveries cut off.
      // Deliveries of 1.5 s, and the kill when instance 1 has some under way.
      webhook.pace.delayMs = 1500;
      const killRun = randomUUID().slice(0, 8);
      startedAt = Date.now();
      load = sendLeads(url, token, killRun);
      await sleep(2000);
      for (let wait = 0; wait < 200 && !webhook.inProgress.get("1"); wait++) await sleep(50);
      const cutOff = webhook.inProgress.get("1") ?? 0;
      instances[1].child.kill("SIGKILL");
      await sleep(3000);
      await load.stop();
      const deadline = Date.now() + 4 * LEASE_MS + 10_000;
      stored = await storedLeads(killRun);
      while (stored.get("undelivered")! > 0 && Date.now() < deadline) {
        await sleep(500);
        stored = await storedLeads(killRun);
      }
      report("SIGKILL", load, stored, startedAt);
      const delivered = new Set(webhook.received);
      console.log(
        `Outbox after SIGKILL: ${webhook.cut.length} deliveries cut off by the kill, all taken over: ` +
          `${webhook.cut.every((id) => delivered.has(id))}; ${stored.get("undelivered")} undelivered, ` +
          `${webhook.received.length} webhook calls for ${delivered.size} leads, ${(Date.now() - startedAt) / 1000} s`,
      );
      expect(cutOff).toBeGreaterThan(0);
      expect(webhook.cut.length).toBeGreaterThan(0);
      for (const id of webhook.cut) expect(delivered.has(id), `cut delivery of ${id} taken over`).toBe(true);
      expect(load.failed).toEqual([]);
      for (const id of load.acknowledged.values()) {
        expect(stored.get(id), id).toBe(1);
        expect(delivered.has(id), `lead ${id} delivered`).toBe(true);
      }
      expect(stored.get("undelivered")).toBe(0);
      webhook.close();
    }, 240_000);
  });
} else {
  describe("a fleet of three instances behind HAProxy", () => {
    it.skip("skipped: DATABASE_URL or REDIS_URL is unset; run `npm run test:pg`, which starts PostgreSQL and Redis", () => {});
  });
}
