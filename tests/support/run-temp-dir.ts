import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Every test tier's global setup: what a run makes in the temporary folder (fixture sites, SQLite files, copies of the
 * project, servers' data) goes into one folder of the run's own, removed when the run ends. Tests keep making theirs
 * with `mkdtemp(os.tmpdir())`, which follows `TMPDIR`, as do the test workers and the servers and browsers they start:
 * they inherit it. Without it, each run left a few hundred folders in the system's temporary folder.
 *
 * A config whose projects extend it runs its global setup once per project, in one process: the first one makes the
 * folder and removes it; the others find it made.
 */
export default function setup(): () => void {
  if (process.env.VOXA_RUN_TEMP_DIR) return () => {};
  const previous = process.env.TMPDIR;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-test-run-"));
  // tsx keeps what it compiled in the temporary folder, by user: the commands that tests start find it there as before
  // (a link, which removing the run's folder leaves alone), instead of compiling the project again in each run.
  const tsxCache = `tsx-${os.userInfo().uid}`;
  fs.mkdirSync(path.join(os.tmpdir(), tsxCache), { recursive: true, mode: 0o700 });
  fs.symlinkSync(path.join(os.tmpdir(), tsxCache), path.join(dir, tsxCache));
  Object.assign(process.env, { TMPDIR: dir, VOXA_RUN_TEMP_DIR: dir });
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env.VOXA_RUN_TEMP_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
