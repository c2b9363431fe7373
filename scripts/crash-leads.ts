/**
 * `npm run crash:leads`: submits unique leads from 50 concurrent clients, kills the server with
 * SIGKILL mid-load, restarts it on the same store and checks that every acknowledged lead is
 * stored, and client retries with the same Idempotency-Keys create no duplicates (each acknowledged
 * key replays its original id). SQLite by default (plus `PRAGMA integrity_check`); PostgreSQL with
 * DATABASE_URL, e.g. `bash scripts/test-pg.sh -- npm run crash:leads`.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { catalogueError, formatCatalogueError, leadBenchErrors, leadBenchLines } from "../contract/errors.ts";
import { print } from "../toolchain/print.ts";
import { openStore } from "../server/db/index.ts";
import { CLAIM_TIMEOUT_MS, stderrLog } from "../server/db/store.ts";
import { LEADS_ROUTE, type LeadApiAnswer, type LeadReceipt, REPLAYED_HEADER } from "../contract/lead-api.ts";
import { freePort, leadHeaders, leadToken, startLeadServer, tempDatabase, uniqueLead } from "./measure/lead-server.ts";

const CLIENTS = 50;
const KILL_AFTER_MS = Number(process.env.CRASH_AFTER_MS ?? 3000);

interface Attempt {
  key: string;
  body: string;
  ackedId?: string;
}

async function post(
  url: string,
  token: string,
  attempt: Attempt,
): Promise<{ status: number; id?: string; replayed: boolean }> {
  const response = await fetch(`${url}${LEADS_ROUTE}`, {
    method: "POST",
    headers: leadHeaders(token, attempt.key),
    body: attempt.body,
  });
  const body = (await response.json()) as LeadApiAnswer<LeadReceipt>;
  return {
    status: response.status,
    id: body.success ? body.data.id : undefined,
    replayed: response.headers.get(REPLAYED_HEADER) === "true",
  };
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const sqlitePath = tempDatabase();
const port = await freePort();
const run = randomUUID().slice(0, 8);
let server = await startLeadServer(sqlitePath, port);
let token = await leadToken(server.url);

const attempts: Attempt[] = [];
let killed = false;
let counter = 0;
const clients = Array.from({ length: CLIENTS }, async () => {
  while (!killed) {
    const attempt: Attempt = { key: randomUUID(), body: JSON.stringify(uniqueLead(counter++, run)) };
    attempts.push(attempt);
    try {
      const result = await post(server.url, token, attempt);
      if (result.status === 201 && result.id) attempt.ackedId = result.id;
    } catch {
      // Connection reset by the crash: the client does not know whether the lead was stored.
    }
  }
});

await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
const inFlightAtKill = attempts.filter((attempt) => !attempt.ackedId).length;
// Listened for before the kill: the clients may take longer to notice than the process takes to die.
const exited = new Promise((resolve) => server.child.once("exit", resolve));
server.child.kill("SIGKILL");
killed = true;
await Promise.all(clients);
await exited;

const acked = attempts.filter((attempt) => attempt.ackedId);
const unknown = attempts.length - acked.length;

/** This run's leads in the store (a PostgreSQL database may hold other runs' too). */
async function storedLeads() {
  const store = await openStore({ databaseUrl, sqlitePath }, stderrLog);
  try {
    return (await store.exportLeads()).filter((lead) => lead.companyEmail.startsWith(`load.${run}.`));
  } finally {
    await store.close();
  }
}

server = await startLeadServer(sqlitePath, port);
token = await leadToken(server.url);
const storedIds = new Set((await storedLeads()).map((lead) => lead.id));
const lostAcked = acked.filter((attempt) => !storedIds.has(attempt.ackedId!)).length;
const rowsAfterCrash = storedIds.size;

/**
 * A client's retry, as the API asks: on 409 (the key's claim is still held; on PostgreSQL a claim left by the killed
 * process is taken over after 30 s) it waits for Retry-After and tries again.
 */
let waitedForClaims = 0;
async function retry(attempt: Attempt) {
  const deadline = Date.now() + CLAIM_TIMEOUT_MS + 15_000;
  for (let first = true; ; first = false) {
    const result = await post(server.url, token, attempt);
    if (result.status !== 409 || Date.now() > deadline) return result;
    if (first) waitedForClaims++;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// Every client retries everything it sent, acknowledged or not, with the same key and body.
let replayedSameId = 0;
let retryFailures = 0;
for (let i = 0; i < attempts.length; i += CLIENTS) {
  await Promise.all(
    attempts.slice(i, i + CLIENTS).map(async (attempt) => {
      const result = await retry(attempt);
      if (result.status !== 201) retryFailures++;
      else if (attempt.ackedId) {
        if (result.replayed && result.id === attempt.ackedId) replayedSameId++;
        else retryFailures++;
      }
    }),
  );
}
await server.stop();

const finalLeads = await storedLeads();
const rowsFinal = finalLeads.length;
const distinctEmails = new Set(finalLeads.map((lead) => lead.companyEmail)).size;
let integrity = "n/a (PostgreSQL)";
if (!databaseUrl) {
  const check = new Database(sqlitePath);
  integrity = String(check.pragma("integrity_check", { simple: true }));
  check.close();
}

const summary = {
  store: databaseUrl ? "postgres" : "sqlite",
  submitted: attempts.length,
  inFlightAtKill,
  acknowledgedBeforeKill: acked.length,
  unacknowledged: unknown,
  rowsAfterRestart: rowsAfterCrash,
  acknowledgedButLost: lostAcked,
  retriesReplayedWithSameId: replayedSameId,
  retriesThatWaitedForAClaim: waitedForClaims,
  retryFailures,
  rowsAfterRetries: rowsFinal,
  duplicateRows: rowsFinal - distinctEmails,
  integrityCheck: integrity,
};
console.log(JSON.stringify(summary, null, 2));
const passed =
  lostAcked === 0 &&
  retryFailures === 0 &&
  replayedSameId === acked.length &&
  rowsFinal === attempts.length &&
  rowsFinal === distinctEmails &&
  (databaseUrl !== undefined || integrity === "ok");
if (passed) print(leadBenchLines.crashPassed);
else console.error(formatCatalogueError(catalogueError(leadBenchErrors.crashFailed)));
process.exit(passed ? 0 : 1);
