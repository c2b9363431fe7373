import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const git = (dir: string, args: string[]) =>
  execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

/**
 * When each file last changed, as an ISO 8601 date-time: the date of the last commit that touched it, read from one
 * `git log` over the folder (so the cost grows with the history, not with a process per page). A file with uncommitted
 * changes, or outside a git checkout (a copied config, an unpacked archive), falls back to its modification time.
 */
export function lastModified(files: readonly string[], folder: string): Map<string, string> {
  // git names files by their real path; the folder may have been reached through a symbolic link.
  const dir = fs.realpathSync(folder);
  const committed = new Map<string, string>();
  const changed = new Set<string>();
  try {
    let date = "";
    for (const line of git(dir, ["log", "--format=%x00%cI", "--name-only", "--relative", "--", "."]).split("\n")) {
      if (line.startsWith("\0")) date = line.slice(1);
      else if (line && !committed.has(path.join(dir, line))) committed.set(path.join(dir, line), date);
    }
    // Porcelain status names files from the top of the checkout; a rename reads "old -> new".
    const top = git(dir, ["rev-parse", "--show-toplevel"]).trim();
    for (const line of git(dir, ["status", "--porcelain", "--untracked-files=all", "--", "."]).split("\n"))
      if (line) changed.add(path.join(top, line.slice(3).split(" -> ").at(-1)!));
  } catch {
    // Not a git checkout, or no git: every file's modification time is used.
  }
  const result = new Map<string, string>();
  for (const file of files) {
    const real = fs.realpathSync(file);
    const date = !changed.has(real) && committed.get(real);
    result.set(file, date || fs.statSync(file).mtime.toISOString());
  }
  return result;
}
