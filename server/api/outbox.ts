import type { LeadStore, OutboxChannel, OutboxMessage } from "../db/store.ts";
import { describeError, leadApiErrors } from "../../contract/errors.ts";
import { IDEMPOTENCY_HEADER } from "../../contract/lead-api.ts";

/** Delivers one message on its channel; throws when it was not delivered. */
export type OutboxSender = (message: OutboxMessage) => Promise<void>;

export interface OutboxOptions {
  store: LeadStore;
  /** The channels this instance delivers; rows of other channels are left to instances that have them. */
  senders: Partial<Record<OutboxChannel, OutboxSender>>;
  now?: () => number;
  log?: (message: string) => void;
  /** How often due retries are looked for, besides the kick after each new lead. */
  pollMs?: number;
  /**
   * How long a message taken by this instance stays out of other instances' reach: if this one dies mid-delivery,
   * another sends it once the lease has run out.
   */
  leaseMs?: number;
  /** Told of every delivery attempt's outcome (metrics). */
  onAttempt?: (channel: OutboxChannel, delivered: boolean) => void;
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
 * The CRM webhook channel: POSTs the payload with `Idempotency-Key: lead-<id>`, on which the receiver deduplicates
 * (delivery is at least once).
 */
export function webhookSender(webhookUrl: string, send: typeof fetch = fetch): OutboxSender {
  return async (message) => {
    const response = await send(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", [IDEMPOTENCY_HEADER]: `lead-${message.leadId}` },
      body: message.payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}

/**
 * Delivers outbox rows on their channel after their lead is committed: at least once (a crash between sending and
 * `markDelivered` sends it again), retried with backoff until delivered.
 */
export function startOutbox({
  store,
  senders,
  now = Date.now,
  log = () => {},
  pollMs = 5000,
  leaseMs = LEASE_MS,
  onAttempt = () => {},
}: OutboxOptions) {
  const channels = Object.keys(senders) as OutboxChannel[];
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    while (!stopped) {
      const messages = await store.leaseOutbox(now(), now() + leaseMs, BATCH, channels);
      if (messages.length === 0) return;
      await Promise.all(
        messages.map(async (message) => {
          try {
            await senders[message.channel]?.(message);
            await store.markDelivered(message.id, now());
            onAttempt(message.channel, true);
          } catch (error) {
            onAttempt(message.channel, false);
            const attempts = message.attempts + 1;
            const reason = error instanceof Error ? error.message : String(error);
            log(
              describeError(
                leadApiErrors.outboxDeliveryFailed,
                `${message.channel}, lead ${message.leadId}, attempt ${attempts}: ${reason}`,
              ),
            );
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
      .catch((error: unknown) =>
        log(describeError(leadApiErrors.outboxPassFailed, error instanceof Error ? error.message : String(error))),
      )
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
