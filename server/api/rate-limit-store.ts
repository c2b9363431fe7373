import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { describeError, leadApiErrors, messageOf } from "../../contract/errors.ts";

/** How often an unreachable Redis is reported while it stays down. */
const REPORT_EVERY_MS = 30_000;
/** How long start-up waits for Redis before serving without it. */
const CONNECT_WAIT_MS = 2000;

/**
 * The Redis client behind @fastify/rate-limit when instances share their limits. It fails fast rather than queueing:
 * while Redis is down a command errors at once (no offline queue, one retry, short timeouts), and the rate limiter,
 * with `skipOnError`, lets the request through. A visitor's lead is never refused or delayed because Redis is away;
 * the outage is logged, once every 30 s while it lasts.
 */
export function sharedRateLimitStore(url: string, log: FastifyBaseLogger) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 500,
    commandTimeout: 500,
    // Keep trying to reconnect, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let reportedAt = Number.NEGATIVE_INFINITY;
  let down = false;
  redis.on("error", (error: Error) => {
    down = true;
    if (Date.now() - reportedAt < REPORT_EVERY_MS) return;
    reportedAt = Date.now();
    log.warn(
      { code: leadApiErrors.rateLimitStoreDown.code },
      describeError(leadApiErrors.rateLimitStoreDown, error.message),
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    reportedAt = Number.NEGATIVE_INFINITY;
    log.info({ code: leadApiErrors.rateLimitStoreBack.code }, messageOf(leadApiErrors.rateLimitStoreBack));
  });
  // The first requests after start-up are counted too: wait until connected, unless Redis is down already.
  const connected = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done).off("error", done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    redis.once("ready", done).once("error", done);
  });
  return {
    redis,
    connected,
    async close() {
      redis.disconnect();
    },
  };
}
