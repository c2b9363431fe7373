import type { SchedulerTimers } from "../../../../editor/team/scheduler.ts";

interface Pending {
  at: number;
  wake: () => void;
}

/**
 * A clock and timers a test moves by hand: a timer fires when the clock is moved past its time, never by waiting.
 * `after` resolves what the woken code started (the scheduler's cycle) before the clock moves on.
 */
export function manualTime(start: number, after: () => Promise<void>) {
  let now = start;
  const pending = new Set<Pending>();
  const timers: SchedulerTimers = {
    set: (wake, ms) => {
      const timer = { at: now + ms, wake };
      pending.add(timer);
      return timer;
    },
    clear: (handle) => void pending.delete(handle as Pending),
  };
  return {
    now: () => now,
    timers,
    /** The times of the timers set, from now. */
    sleeps: () => [...pending].map((timer) => timer.at - now),
    /** Moves the clock to `to`, firing each timer due on the way at its own time. */
    async moveTo(to: number) {
      for (;;) {
        const next = [...pending].filter((timer) => timer.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        pending.delete(next);
        now = next.at;
        next.wake();
        await after();
      }
      now = to;
    },
  };
}
