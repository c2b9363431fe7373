// The SQLite writer thread of the lead store (server/db/sqlite.ts). A commit with synchronous=FULL waits for
// the disk; here it waits off the event loop, so requests keep being parsed, checked and queued for the next
// commit meanwhile. Plain JavaScript, because a worker thread loads its file without the TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const db = new Database(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");
db.pragma("foreign_keys = ON");
if (db.pragma("synchronous", { simple: true }) !== 2) {
  throw new Error(`SQLite ${workerData.file}: the writer could not set synchronous=FULL`);
}

/** Named statements; each item of a batch is a list of [statement name, parameters]. */
const statements = Object.fromEntries(
  Object.entries(workerData.statements).map(([name, sql]) => [name, db.prepare(sql)]),
);
const run = (item) => {
  for (const [name, params] of item) statements[name].run(...params);
};
const commitAll = db.transaction((items) => items.forEach(run));
const commitOne = db.transaction(run);

parentPort.on("message", ({ id, items }) => {
  let errors;
  try {
    commitAll(items);
    errors = items.map(() => null);
  } catch {
    // One bad item must not fail the others: commit them one by one to find it.
    errors = items.map((item) => {
      try {
        commitOne(item);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
  }
  parentPort.postMessage({ id, errors });
});
