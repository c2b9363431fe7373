import type { LeadStore } from "../db/store.ts";

export interface OutboxOptions {
  store: LeadStore;
  webhookUrl: string;
  now?: () => number;
  fetch?: typeof fetch;
  log?: (message: string) => void;
  /** How often due retries are looked for, besides the kick after each new lead. */
  pollMs?: number;
}

const BATCH = 20;
/** A leased message is not picked up again (by this or another instance) before this delay. */
const LEASE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Exponential backoff from 1 s, doubled per attempt, capped at one hour, with ±20 % jitter. */
export function backoffMs(attempts: number): number {
  const base = Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Delivers outbox rows to the CRM webhook after their lead is committed: at least once (a crash
 * between the POST and `markDelivered` sends it again), so the receiver deduplicates on the
 * `Idempotency-Key: lead-<id>` header.
 */
export function startOutbox({
  store,
  webhookUrl,
  now = Date.now,
  fetch: send = fetch,
  log = () => {},
  pollMs = 5000,
}: OutboxOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    for (;;) {
      const messages = await store.leaseOutbox(now(), now() + LEASE_MS, BATCH);
      if (messages.length === 0) return;
      await Promise.all(
        messages.map(async (message) => {
          try {
            const response = await send(webhookUrl, {
              method: "POST",
              headers: { "content-type": "application/json", "idempotency-key": `lead-${message.leadId}` },
              body: message.payload,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            if (!response.ok) throw new Error(`webhook answered ${response.status}`);
            await store.markDelivered(message.id, now());
          } catch (error) {
            const attempts = message.attempts + 1;
            const reason = error instanceof Error ? error.message : String(error);
            log(`outbox: lead ${message.leadId} not delivered (attempt ${attempts}): ${reason}`);
            await store.markFailed(message.id, attempts, now() + backoffMs(attempts), reason);
          }
        }),
      );
      if (messages.length < BATCH) return;
    }
  }

  /** Runs a delivery pass now, or right after the current one. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue()
      .catch((error: unknown) => log(`outbox: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();
  void kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type Outbox = ReturnType<typeof startOutbox>;
