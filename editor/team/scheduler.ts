import {
  CatalogueError,
  catalogueError,
  editorForgeErrors,
  messageOf,
  scheduleRunErrors,
  schedulerLines,
  takeDownWords,
} from "../../contract/errors.ts";
import type { Forge } from "../forge/forge.ts";
import { auditLog } from "./audit.ts";
import type { NoticeLog, TeamNotices } from "./notices.ts";
import { type ScheduleOutcome, type ScheduleRecord, requestNumberOf } from "./schedule-rows.ts";
import { shownTime } from "./schedule-time.ts";
import type { TeamStore } from "./store.ts";
import { type takeDownRepository, takeDownBranch } from "./take-down.ts";

/** How long a claim on a due schedule lasts: an instance killed while running one leaves it to another after this. */
export const SCHEDULE_LEASE_MS = 5 * 60_000;
/** The longest the scheduler sleeps: schedules other instances added are seen within it. */
export const SCHEDULER_MAX_SLEEP_MS = 30_000;

/** The timers the scheduler sleeps with: the process's own, or a test's that it fires as it moves its clock. */
export interface SchedulerTimers {
  set(wake: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const PROCESS_TIMERS: SchedulerTimers = {
  // A sleeping scheduler keeps no process alive: stopping it is the server's to do.
  set: (wake, ms) => setTimeout(wake, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerOptions {
  store: TeamStore;
  now: () => number;
  timers?: SchedulerTimers;
  /** This instance's name in its claims (unique per process: a restarted instance is another claimant). */
  instance: string;
  /** The review forge of the site's repository, which merges the requests. */
  forge: () => Promise<Forge>;
  /** Where take-downs are built and pushed from (a bare repository of the work folder). */
  takeDowns?: ReturnType<typeof takeDownRepository>;
  /** E-mail to the publisher and the author of a run that failed; none without an SMTP server. */
  notices?: TeamNotices;
  log: NoticeLog & { info: (fields: Record<string, unknown>, message: string) => void };
  leaseMs?: number;
  maxSleepMs?: number;
}

export interface Scheduler {
  /** Runs what is due now, then sleeps until the next schedule's time (at most `maxSleepMs`). */
  start(): void;
  /** Looks again now: a schedule was added or changed on this instance. */
  wake(): void;
  /** Claims the due schedules one by one and runs each; resolves once none is due. */
  runDue(): Promise<void>;
  /** Resolves once the cycle under way, if any, has ended (a test's clock moves on after it). */
  idle(): Promise<void>;
  /** Sleeps no more, and resolves once a run under way has ended. */
  stop(): Promise<void>;
}

type Failure = NonNullable<ScheduleOutcome["failure"]>;
/** How a run ended, and the request a take-down opened for it. */
type Run = Pick<ScheduleOutcome, "state" | "failure"> & { request?: { number: number; url: string } };

const failureOf = (error: CatalogueError): Failure => ({ code: error.code, message: error.message });

/** Why a run failed, in the catalogue's words: the forge's refusal of the merge read as a merge's, not a publication's. */
function reasonOf(error: unknown, number: number, forge: string | undefined, merging: boolean): Failure {
  if (error instanceof CatalogueError) {
    if (forge && error.code === editorForgeErrors.unreachable.code)
      return failureOf(catalogueError(scheduleRunErrors.forgeUnreachable, { number, forge }));
    if (forge && error.code === editorForgeErrors.noPermission.code)
      return failureOf(catalogueError(scheduleRunErrors.noPermission, { number, forge }));
    if (forge && merging && error.code === editorForgeErrors.failed.code)
      return failureOf(catalogueError(scheduleRunErrors.notMergeable, { number, forge }));
    if (error.code !== editorForgeErrors.failed.code) return failureOf(error);
  }
  const reason = error instanceof CatalogueError ? `${error.message} ${error.hint}` : String(error);
  return failureOf(catalogueError(scheduleRunErrors.failed, { number, reason }));
}

/**
 * Scheduled publishing: each instance of the team editor runs one scheduler, and the store gives each due schedule to
 * one of them (a claim with a lease). A run looks the request up on the forge first, so that a run taken over from a
 * killed instance never merges twice: merged already is done, closed or with failing checks is failed; then the forge
 * merges it, atomically, so a refusal (a conflict, an unreachable forge) leaves the site's main branch as it was.
 * Each run is audited; a failed one is e-mailed to the publisher who scheduled it and the request's author, and waits
 * for a person to retry it.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { store, now, instance } = options;
  const timers = options.timers ?? PROCESS_TIMERS;
  const leaseMs = options.leaseMs ?? SCHEDULE_LEASE_MS;
  const maxSleepMs = options.maxSleepMs ?? SCHEDULER_MAX_SLEEP_MS;
  const audit = auditLog(store, now);

  /** What the run of `schedule` comes to, whatever the forge answers; the forge's name for its words. */
  async function publish(number: number, schedule: ScheduleRecord): Promise<Run> {
    let forge: Forge | undefined;
    let merging = false;
    try {
      forge = await options.forge();
      const found = await forge.state(number);
      if (found.state === "merged") return { state: "done" };
      if (found.state === "closed")
        return { state: "failed", failure: failureOf(catalogueError(scheduleRunErrors.closed, { number })) };
      const open = (await forge.listOpen(schedule.baseBranch)).find((request) => request.number === number);
      if (open?.checks === "failing") {
        const checks = (open.failed ?? []).map((check) => check.name).join(", ") || "failing";
        const failure = failureOf(catalogueError(scheduleRunErrors.checksFailing, { number, checks }));
        return { state: "failed", failure };
      }
      merging = true;
      await forge.merge(number);
      return { state: "done" };
    } catch (error) {
      // The forge may have merged it and its answer been lost: what it says now is what happened.
      const after = merging ? await forge?.state(number).catch(() => undefined) : undefined;
      if (after?.state === "merged") return { state: "done" };
      return { state: "failed", failure: reasonOf(error, number, forge?.name, merging) };
    }
  }

  /** What a take-down names, in words: its pages, or a request's change. */
  const whatOf = ({ takeDown }: ScheduleRecord) =>
    takeDown?.change
      ? messageOf(takeDownWords.change, takeDown.change)
      : messageOf(takeDownWords.pages, {
          pages: (takeDown?.pages ?? []).map((page) => `“${page.title}” (${page.path})`).join(", "),
        });

  /**
   * A take-down's run: done when its commit is on the base already (merged by a run that died before saying so); else
   * its change built on the base's tip and pushed to its branch, its request opened (or the one such a run opened
   * reused) and merged. Whatever fails before the merge leaves the base as it was.
   */
  async function takeDown(schedule: ScheduleRecord): Promise<Run> {
    const what = whatOf(schedule);
    const failed = (error: unknown): Run => {
      if (error instanceof CatalogueError && error.code.startsWith("EDIT_SCHEDULE_"))
        return { state: "failed", failure: failureOf(error) };
      const reason = error instanceof CatalogueError ? `${error.message} ${error.hint}` : String(error);
      return {
        state: "failed",
        failure: failureOf(catalogueError(scheduleRunErrors.takeDownFailed, { what, reason })),
      };
    };
    const repository = options.takeDowns;
    if (!repository || !schedule.takeDown) return failed("the editor has no repository to build take-downs in");
    const branch = takeDownBranch(schedule);
    let forge: Forge;
    let open: Awaited<ReturnType<Forge["findOpen"]>>;
    try {
      forge = await options.forge();
      const tip = await repository.fetchBase(schedule.baseBranch);
      if (await repository.merged(tip, schedule)) return { state: "done" };
      const { change } = schedule.takeDown;
      let mergeCommit: string | undefined;
      if (change) {
        const merged = await forge.state(change.number);
        if (merged.state !== "merged")
          return { state: "failed", failure: failureOf(catalogueError(scheduleRunErrors.notLive, change)) };
        mergeCommit = merged.mergeCommit;
        if (!mergeCommit || !(await repository.has(mergeCommit))) {
          const failure = catalogueError(scheduleRunErrors.noMergeCommit, { number: change.number, forge: forge.name });
          return { state: "failed", failure: failureOf(failure) };
        }
      }
      const title = messageOf(takeDownWords.title, { what });
      const built = await repository.build(
        { key: schedule, takeDown: schedule.takeDown, author: schedule.scheduledBy, message: title },
        tip,
        mergeCommit,
      );
      // Built on the tip of now, it replaces what a run that died pushed (on an older tip, it could conflict).
      await repository.push(built.commit, branch);
      const redirects = built.redirects.map(({ from, to }) => `- ${from} → ${to}`).join("\n");
      const time = shownTime(schedule.localTime, schedule.timeZone);
      const body = messageOf(takeDownWords.body, { what, by: schedule.scheduledBy.name, time, redirects });
      open =
        (await forge.findOpen(branch)) ?? (await forge.open({ head: branch, base: schedule.baseBranch, title, body }));
    } catch (error) {
      return failed(error);
    }
    return { ...(await merge(open.number, forge)), request: open };
  }

  /** Merges request `number` (found open): done, or failed with the forge's reason; a lost answer is read again. */
  async function merge(number: number, forge: Forge): Promise<Run> {
    try {
      await forge.merge(number);
      return { state: "done" };
    } catch (error) {
      const after = await forge.state(number).catch(() => undefined);
      if (after?.state === "merged") return { state: "done" };
      return { state: "failed", failure: reasonOf(error, number, forge.name, true) };
    }
  }

  async function run(schedule: ScheduleRecord) {
    const lateByMs = Math.max(0, now() - schedule.at);
    const number = requestNumberOf(schedule);
    const { state, failure, request } =
      schedule.kind === "take-down" ? await takeDown(schedule) : await publish(number ?? 0, schedule);
    const finished = await store.finishSchedule(schedule.id, instance, { state, ranAt: now(), lateByMs, failure });
    // Its lease lapsed and another instance took it: that run speaks for it.
    if (!finished) return;
    options.log.info(
      { code: schedulerLines.ran.code, schedule: schedule.id },
      messageOf(schedulerLines.ran, { id: schedule.id, number, state, lateByMs }),
    );
    const detail = {
      schedule: schedule.id,
      ...(number !== undefined && { request: number }),
      ...(schedule.kind === "take-down" && { kind: schedule.kind }),
      ...(request && { opened: request.number }),
      lateByMs,
      ...(failure && { reason: failure.code }),
    };
    await audit.append(
      state === "done" ? "schedule-run" : "schedule-failed",
      { person: schedule.scheduledBy.email },
      detail,
    );
    if (failure)
      options.notices?.scheduleFailed(
        {
          scheduledBy: schedule.scheduledBy,
          ...(schedule.author && { author: schedule.author }),
          request: {
            number: request?.number ?? number ?? 0,
            title: schedule.request?.title ?? messageOf(takeDownWords.title, { what: whatOf(schedule) }),
            url: request?.url ?? schedule.requestUrl ?? "",
          },
          time: shownTime(schedule.localTime, schedule.timeZone),
          reason: failure.message,
          ...(schedule.kind === "take-down" && { takeDown: { what: whatOf(schedule) } }),
        },
        options.log,
      );
  }

  async function runDue() {
    for (;;) {
      const at = now();
      const claimed = await store.claimDueSchedule({ now: at, by: instance, until: at + leaseMs });
      if (!claimed) return;
      await run(claimed);
    }
  }

  let stopped = true;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let again = false;

  async function cycle() {
    let wait = maxSleepMs;
    try {
      await runDue();
      const next = await store.nextScheduleAt();
      if (next !== undefined) wait = Math.min(maxSleepMs, Math.max(0, next - now()));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn({ code: schedulerLines.unavailable.code }, messageOf(schedulerLines.unavailable, { reason }));
    }
    if (!stopped) timer = timers.set(kick, wait);
  }

  /** One cycle at a time: a wake during a cycle runs another after it. */
  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    timers.clear(timer);
    running = cycle().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        kick();
      }
    });
  }

  return {
    start() {
      stopped = false;
      kick();
    },
    wake: kick,
    runDue,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      timers.clear(timer);
      await running;
    },
  };
}
