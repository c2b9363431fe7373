import fs from "node:fs";
import { catalogueError, leadApiErrors } from "../../contract/errors.ts";

/** How the WAL file reaches the disk: `fs.fsync` in production; tests hold it back to see what waits for it. */
export type Fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * Group commit with the fsync off the event loop. The SQLite store commits with synchronous=NORMAL, so a COMMIT
 * writes the transaction to the WAL file without waiting for the disk; then `committed()` asks for an fsync of that
 * file on libuv's thread pool and resolves once an fsync that began after the commit has returned. That is what
 * synchronous=FULL does inside COMMIT, minus the blocked event loop: while the disk works, the server parses,
 * validates and commits the next batch, whose fsync follows. One fsync runs at a time and covers every commit made
 * before it began.
 *
 * A failed fsync leaves the state of the file unknown (the kernel may have dropped the unwritten pages), so it poisons
 * the store: the commits waiting for it and every later one fail, and the process must be restarted, which recovers
 * from what is really on disk.
 */
export function walSync(walFile: string, fsync: Fsync = fs.fsync) {
  const fd = fs.openSync(walFile, "r");
  let commits = 0;
  let synced = 0;
  let syncing = false;
  let failure: Error | undefined;
  let waiting: { commit: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const whenIdle: (() => void)[] = [];
  let deferred: (() => void)[] = [];
  let holds = 0;

  function settle() {
    const still: typeof waiting = [];
    for (const waiter of waiting) {
      if (failure) waiter.reject(failure);
      else if (waiter.commit <= synced) waiter.resolve();
      else still.push(waiter);
    }
    waiting = still;
  }

  /** Nothing waiting for the disk and no commit deferred: tells whoever waits for that (closing the store). */
  function notifyIdle() {
    if (waiting.length === 0 && deferred.length === 0) for (const resolve of whenIdle.splice(0)) resolve();
  }

  function runDeferred() {
    if (syncing || holds > 0) return;
    const work = deferred;
    deferred = [];
    for (const run of work) run();
  }

  function syncNext() {
    if (syncing || failure || synced === commits) return;
    syncing = true;
    const upTo = commits;
    fsync(fd, (error) => {
      syncing = false;
      if (error) failure = catalogueError(leadApiErrors.walSyncFailed, { file: walFile, reason: error.message });
      else synced = upTo;
      settle();
      runDeferred();
      syncNext();
      notifyIdle();
    });
  }

  return {
    /** Call right after a COMMIT: resolves once that commit is on disk. */
    committed(): Promise<void> {
      if (failure) return Promise.reject(failure);
      const commit = ++commits;
      const done = new Promise<void>((resolve, reject) => waiting.push({ commit, resolve, reject }));
      syncNext();
      return done;
    },
    /**
     * Runs `work` (a commit) now when no fsync is running and nothing holds the commits, else as soon as that is so.
     * A commit made during an fsync would wait for the next one anyway; made after it, it carries everything that
     * arrived meanwhile: fewer, larger commits, and fewer pages written to the WAL per lead.
     */
    whenReady(work: () => void) {
      deferred.push(work);
      runDeferred();
    },
    /** Holds the deferred commits back (during a checkpoint) until the returned function is called. */
    hold(): () => void {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        runDeferred();
        notifyIdle();
      };
    },
    /** Throws once an fsync has failed: nothing read from the store may be trusted to be on disk. */
    check() {
      if (failure) throw failure;
    },
    /** Resolves once every commit so far, and every deferred one, is on disk or has failed. */
    idle(): Promise<void> {
      const done = new Promise<void>((resolve) => whenIdle.push(resolve));
      notifyIdle();
      return done;
    },
    close() {
      fs.closeSync(fd);
    },
  };
}
