import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * The worker's code, plain JavaScript so that it runs the same under tsx, vitest and node. On each message its own
 * connection copies the pages committed to the WAL into the database file (a PASSIVE checkpoint: it never blocks the
 * writer), with the two fsyncs that takes, and answers when done.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
parentPort.on("message", (message) => {
  if (message === "stop") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy (another process checkpointing, say): the pages stay in the WAL, durable, until the next checkpoint.
  }
  parentPort.postMessage("done");
});
`;

/**
 * Checkpoints the WAL of `file` on a worker thread, started at the first checkpoint (a leads CLI command that writes
 * once never needs it). SQLite's own automatic checkpoint runs inside the COMMIT that crosses 1,000 pages and holds the
 * event loop for the copy and its two fsyncs (tens of milliseconds every few hundred leads); the store turns it off
 * (`wal_autocheckpoint = 0`) and asks this thread instead. Should the thread fail, `onFailure` is told (the store then
 * turns SQLite's own checkpoints back on) and `run` resolves at once from then on.
 */
export function startCheckpointer(file: string, onFailure: (error: Error) => void) {
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let running: (() => void) | undefined;
  let failed = false;
  let stopping = false;

  const finish = () => {
    const done = running;
    running = undefined;
    done?.();
  };
  const fail = (error: Error) => {
    if (failed || stopping) return;
    failed = true;
    onFailure(error);
  };

  function start(): Worker {
    const thread = new Worker(WORKER, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
    });
    // Never what keeps a process alive; a closing store still waits for it (stop).
    thread.unref();
    thread.on("message", finish);
    thread.once("error", fail);
    exited = new Promise<void>((resolve) =>
      thread.once("exit", (code) => {
        fail(new Error(`the checkpoint thread stopped (exit code ${code})`));
        finish();
        resolve();
      }),
    );
    return thread;
  }

  return {
    get running() {
      return running !== undefined;
    },
    /** One checkpoint; resolves when the pages are in the database file. */
    run(): Promise<void> {
      if (failed || stopping) return Promise.resolve();
      worker ??= start();
      const thread = worker;
      return new Promise<void>((resolve) => {
        running = resolve;
        thread.postMessage("checkpoint");
      });
    },
    /** Stops the thread after its current checkpoint, and closes its connection. */
    async stop() {
      stopping = true;
      if (worker && !failed) {
        worker.ref();
        worker.postMessage("stop");
      }
      await exited;
    },
  };
}
