import type { LockClaim, PageLock } from "./store.ts";

export { LOCK_HEARTBEAT_MS } from "../protocol.ts";
/** A lock not heard of for this long is let go: the tab closed, the machine slept, the network went. */
export const LOCK_LAPSE_MS = 3 * 60_000;
/** The person a page was taken from may still keep their unsaved edits as their draft for this long. */
export const TAKEN_GRACE_MS = 60_000;

/** Whether a lock still holds at `now`: heard of within the lapse. */
export const isLive = (lock: PageLock, now: number): boolean => lock.heartbeatAt > now - LOCK_LAPSE_MS;

/** The lock of a page if it still holds. */
export const liveLock = (lock: PageLock | undefined, now: number): PageLock | undefined =>
  lock && isLive(lock, now) ? lock : undefined;

/** A person's claim on a page's lock at `now`. */
export const claimOf = (file: string, person: { email: string; name: string }, now: number): LockClaim => ({
  file,
  holder: person.email,
  name: person.name,
  at: now,
  lapsedBefore: now - LOCK_LAPSE_MS,
});

/**
 * The lock that keeps `email` from saving a page, if any: someone else's live lock, unless it was taken from them a
 * moment ago (their editor then saves their unsaved edits as their draft, so that nothing is lost).
 */
export function lockAgainst(lock: PageLock | undefined, email: string, now: number): PageLock | undefined {
  const live = liveLock(lock, now);
  if (!live || live.holder === email) return undefined;
  if (live.takenFrom === email && live.takenAt !== undefined && now - live.takenAt < TAKEN_GRACE_MS) return undefined;
  return live;
}
