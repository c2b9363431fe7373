/**
 * `npm run bench:leads`: 5,000 unique lead submissions over 50 connections on loopback against a
 * freshly started server (SQLite by default; DATABASE_URL for PostgreSQL). Passes when
 * rows stored = 2xx responses, with 0 errors, 0 timeouts and 0 non-2xx.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { catalogueError, formatCatalogueError, leadBenchErrors, leadBenchLines } from "../contract/errors.ts";
import { print } from "../toolchain/print.ts";
import { openStore } from "../server/db/index.ts";
import { stderrLog } from "../server/db/store.ts";
import { LEADS_ROUTE } from "../contract/lead-api.ts";
import { freePort, leadHeaders, leadToken, startLeadServer, tempDatabase, uniqueLead } from "./measure/lead-server.ts";

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * CPU time (user + system, ms) from /proc on Linux: on a shared machine, throughput depends on what else runs, while
 * CPU per request says what the server itself costs. `/proc/PID/stat` is the whole process (the event loop plus
 * libuv's pool doing the fsyncs, V8's compiler and garbage collector threads); `/proc/PID/task/PID/stat` is the event
 * loop's thread alone, which is what one core must carry.
 */
function cpuMs(statFile: string): number | undefined {
  try {
    const fields = readFileSync(statFile, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
const serverCpu = (pid: number | undefined) => ({
  process: cpuMs(`/proc/${pid}/stat`),
  eventLoop: cpuMs(`/proc/${pid}/task/${pid}/stat`),
});
const perRequest = (before: number | undefined, after: number | undefined, requests: number) =>
  before === undefined || after === undefined ? undefined : Math.round(((after - before) / requests) * 1000) / 1000;

const sqlitePath = tempDatabase();
const server = await startLeadServer(sqlitePath, await freePort());
const token = await leadToken(server.url);
const cpuBefore = serverCpu(server.child.pid);
const generatorCpuBefore = process.cpuUsage();
const run = randomUUID().slice(0, 8);
let sent = 0;

// autocannon notices the last response only at its next one-second tick (10,000 requests read as 2.02 s or 3.02 s
// for the same speed), so the run is timed here, from the start to the last response.
const started = performance.now();
let lastResponse = started;
const load = autocannon({
  url: `${server.url}${LEADS_ROUTE}`,
  connections: CONNECTIONS,
  amount: TOTAL,
  timeout: 10,
  requests: [
    {
      method: "POST",
      setupRequest: (request) => {
        const n = sent++;
        return {
          ...request,
          headers: leadHeaders(token, randomUUID()),
          body: JSON.stringify(uniqueLead(n, run)),
        };
      },
    },
  ],
});
load.on("response", () => {
  lastResponse = performance.now();
});
const result = await load;
const durationSeconds = (lastResponse - started) / 1000;
const cpuAfter = serverCpu(server.child.pid);
const generatorCpu = process.cpuUsage(generatorCpuBefore);
await server.stop();

const store = await openStore({ databaseUrl: process.env.DATABASE_URL, sqlitePath }, stderrLog);
const rows = (await store.exportLeads()).filter((lead) => lead.companyEmail.startsWith(`load.${run}.`)).length;
await store.close();

const ok = result["2xx"];
const summary = {
  store: process.env.DATABASE_URL ? "postgres" : "sqlite",
  requests: result.requests.sent,
  "2xx": ok,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  rows,
  requestsPerSecond: Math.round(result.requests.sent / durationSeconds),
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  durationSeconds: Math.round(durationSeconds * 100) / 100,
  serverCpuMsPerRequest: perRequest(cpuBefore.process, cpuAfter.process, result.requests.sent),
  serverEventLoopCpuMsPerRequest: perRequest(cpuBefore.eventLoop, cpuAfter.eventLoop, result.requests.sent),
  // The load generator shares the machine's cores with the server: what it takes is not the server's to use.
  loadGeneratorCpuMsPerRequest: perRequest(0, (generatorCpu.user + generatorCpu.system) / 1000, result.requests.sent),
  loadAverage: loadavg()
    .map((load) => load.toFixed(1))
    .join(" "),
};
console.log(JSON.stringify(summary, null, 2));
const passed = rows === ok && ok === TOTAL && result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
if (passed) print(leadBenchLines.loadPassed);
else console.error(formatCatalogueError(catalogueError(leadBenchErrors.loadFailed)));
process.exit(passed ? 0 : 1);
