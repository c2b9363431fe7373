import type { FastifyInstance, FastifyReply } from "fastify";
import { type AnyEntry, messageOf, operationsErrors } from "../../contract/errors.ts";
import { statusOf } from "../../contract/refusals.server.ts";
import type { LeadStore } from "../db/store.ts";

/** Shared between the probes and the shutdown: set when a SIGTERM starts draining. */
export interface Lifecycle {
  draining: boolean;
}

export interface HealthOptions {
  store: LeadStore;
  lifecycle: Lifecycle;
  maxEventLoopDelayMs: number;
  /** How often the event loop's lag is measured (tests shorten it). */
  sampleIntervalMs?: number;
}

/** What a probe answers: a load balancer reads the status, an operator the code and message. */
export interface ProbeAnswer {
  status: "ok" | "unavailable";
  code: string;
  message: string;
}

/** A store that does not answer within this delay is down, as far as traffic is concerned. */
export const STORE_TIMEOUT_MS = 2000;

/** Probes are polled every few seconds by every balancer: never logged per request, cached or compressed. */
const PROBE_ROUTE = { logLevel: "silent", compress: false } as const;

/** The answer with `entry`'s code; `message` is the entry's, with its parameters where it has any. */
function answer(reply: FastifyReply, entry: AnyEntry, message = String(entry.message)) {
  const status = statusOf(entry);
  const body: ProbeAnswer = { status: status === 200 ? "ok" : "unavailable", code: entry.code, message };
  return reply.code(status).header("cache-control", "no-store").send(body);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz (liveness: the process keeps up; a restart is the cure otherwise) and GET /readyz (readiness: send it
 * traffic; a restart would not help while the database is away, so a load balancer only routes around it).
 */
export async function health(app: FastifyInstance, options: HealthOptions) {
  const { store, lifecycle, maxEventLoopDelayMs, sampleIntervalMs } = options;

  app.get("/readyz", PROBE_ROUTE, async (_request, reply) => {
    if (lifecycle.draining) return answer(reply, operationsErrors.draining);
    let pending: string[];
    try {
      pending = await withTimeout(store.pendingMigrations(), STORE_TIMEOUT_MS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return answer(reply, operationsErrors.storeDown, messageOf(operationsErrors.storeDown, { reason }));
    }
    if (pending.length > 0) {
      const message = messageOf(operationsErrors.migrationsPending, { names: pending });
      return answer(reply, operationsErrors.migrationsPending, message);
    }
    return answer(reply, operationsErrors.ready);
  });

  const lag = eventLoopLag(sampleIntervalMs);
  app.addHook("onClose", async () => lag.stop());
  app.get("/healthz", PROBE_ROUTE, async (_request, reply) => {
    const delayMs = lag.current();
    if (delayMs <= maxEventLoopDelayMs) return answer(reply, operationsErrors.alive);
    const message = messageOf(operationsErrors.eventLoopStuck, { delayMs, maxMs: maxEventLoopDelayMs });
    return answer(reply, operationsErrors.eventLoopStuck, message);
  });
}

/**
 * How late the event loop runs, in ms: a timer due every `sampleMs` notes how late it fired. The lag is the larger of
 * the last tick's and the time the next tick is overdue now, so a probe answered right after the loop was held sees
 * it, before any timer has had the chance to run. A blocked loop answers no probe at all: the probe's timeout fails.
 */
function eventLoopLag(sampleMs = 500) {
  let expectedAt = Date.now() + sampleMs;
  let lastLag = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    lastLag = Math.max(0, now - expectedAt);
    expectedAt = now + sampleMs;
  }, sampleMs);
  timer.unref();
  return {
    current: () => Math.max(lastLag, Date.now() - expectedAt),
    stop: () => clearInterval(timer),
  };
}
