import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildInputs, mayHoldBuildInputs } from "./build-inputs.ts";
import { stateFile } from "./build-state.ts";
import { NOT_SOURCE_FOLDERS } from "../lint/import-graph.ts";

/**
 * When the newest input of the build changed: a file's own time, or its folder's, which changes when a file in it is
 * added or removed (a page deleted makes the build stale too). Of `scripts/`, only the modules the build runs count: a
 * script added beside them changes nothing, and one of them removed changes the module that imported it. The
 * project's own folder does not count: Vite writes and removes a file beside its config each time it loads it (a
 * build, the editor's preview), which would make every build look stale, and the build's inputs there are its
 * settings, each of which a build needs.
 */
function newestInput(root: string, buildDir: string): number {
  const isInput = buildInputs(root);
  const folderTime = (dir: string, rel: string) =>
    rel === "" || rel.startsWith("scripts/") ? 0 : statSync(dir).mtimeMs;
  const newest = (dir: string, rel: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (latest, entry) => {
        const full = path.join(dir, entry.name);
        const name = `${rel}${entry.name}`;
        if (!entry.isDirectory()) return isInput(name) ? Math.max(latest, statSync(full).mtimeMs) : latest;
        if (NOT_SOURCE_FOLDERS.has(entry.name) || full === buildDir || !mayHoldBuildInputs(name)) return latest;
        return Math.max(latest, newest(full, `${name}/`));
      },
      folderTime(dir, rel),
    );
  return newest(root, "");
}

/**
 * When the build in `buildDir` was made (0: none), and when the newest of its inputs in `root` changed. A build's
 * record (build-state.ts) is written last, also by an incremental build that left the home page as it was.
 */
export function buildAge(root: string, buildDir: string): { builtAt: number; changedAt: number } {
  const builtPage = path.join(buildDir, "client", "index.html");
  const record = stateFile(buildDir);
  const builtAt = existsSync(builtPage) ? statSync(existsSync(record) ? record : builtPage).mtimeMs : 0;
  return { builtAt, changedAt: newestInput(root, path.resolve(buildDir)) };
}

/** Whether `buildDir` holds a build newer than every input of the build of `root`. */
export const buildIsFresh = (root: string, buildDir: string) => {
  const { builtAt, changedAt } = buildAge(root, buildDir);
  return builtAt >= changedAt;
};
