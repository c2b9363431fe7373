import type { FastifyInstance } from "fastify";
import { messageOf, operationsErrors } from "../../contract/errors.ts";
import type { Lifecycle } from "./health.ts";

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  graceMs: number;
  timeoutMs: number;
  exit?: (code: number) => void;
}

/**
 * SIGTERM (an orchestrator, a deploy): /readyz turns 503 at once and every request is still answered for `graceMs`,
 * while load balancers notice and stop sending any (answers carry `Connection: close` meanwhile: buildServer). Then the server closes: it stops listening, closes idle connections, waits for requests in
 * flight and the outbox's current delivery, closes the store and exits 0. SIGINT (Ctrl-C at a terminal) skips the grace
 * period. A second signal, or `timeoutMs` in all, exits 1 at once: every acknowledged lead is committed already, and an
 * unfinished delivery is leased, so another instance sends it when the lease runs out.
 */
export function drainOnSignals({ app, lifecycle, graceMs, timeoutMs, exit = process.exit }: ShutdownOptions) {
  let stopping = false;
  const forced = (why: string) => {
    app.log.warn({ code: operationsErrors.drainForced.code }, messageOf(operationsErrors.drainForced, { why }));
    exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return forced(`second ${signal}`);
    stopping = true;
    lifecycle.draining = true;
    const grace = signal === "SIGTERM" ? graceMs : 0;
    app.log.info(
      { code: operationsErrors.drainStarted.code },
      messageOf(operationsErrors.drainStarted, { signal, graceMs: grace, timeoutMs }),
    );
    setTimeout(() => forced(`${timeoutMs} ms deadline`), timeoutMs).unref();
    setTimeout(async () => {
      await app.close();
      app.log.info({ code: operationsErrors.closed.code }, operationsErrors.closed.message);
      exit(0);
    }, grace);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
