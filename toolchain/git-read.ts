import { execFileSync } from "node:child_process";
import { catalogueError, reviewErrors } from "../contract/errors.ts";

/** Runs git in `cwd` and returns its output; a failure becomes REVIEW001 with git's own words. */
export function git(cwd: string, args: string[], input?: string): string {
  try {
    return execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      input,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw catalogueError(reviewErrors.gitFailed, { command: `git ${args.join(" ")}`, output: stderr });
  }
}

/** The commit a ref names, or REVIEW002 when it names none. */
export function resolveCommit(cwd: string, ref: string): string {
  try {
    return execFileSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    throw catalogueError(reviewErrors.unknownBase, { ref });
  }
}

/** `git … -z` output as its fields. */
export const nulFields = (output: string) => output.split("\0").filter((field) => field !== "");

/**
 * The text of many files of one commit, read through one `git cat-file --batch` (a process per file would cost more
 * than the rest of the computation). Missing files are left out.
 */
export function readFilesAt(cwd: string, commit: string, files: readonly string[]): Map<string, string> {
  const objects = readObjects(
    cwd,
    files.map((file) => `${commit}:${file}`),
  );
  return new Map(
    files.flatMap((file) => {
      const text = objects.get(`${commit}:${file}`);
      return text === undefined ? [] : [[file, text]];
    }),
  );
}

/**
 * The text of many `<commit>:<path>` objects (of any commits) through one `git cat-file --batch`, by the name asked;
 * a path starting with `./` is relative to `cwd`. Missing objects are left out.
 */
export function readObjects(cwd: string, names: readonly string[]): Map<string, string> {
  if (names.length === 0) return new Map();
  const raw = execFileSync("git", ["cat-file", "--batch"], {
    cwd,
    input: batchInput(names),
    maxBuffer: 256 * 1024 * 1024,
  });
  return batchObjects(raw, names);
}

/** What `git cat-file --batch` reads: one name a line. */
export const batchInput = (names: readonly string[]) => names.map((name) => `${name}\n`).join("");

/** `git cat-file --batch`'s answer to `names` (a header line, then as many bytes as it says), by name; missing ones left out. */
export function batchObjects(raw: Buffer, names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let offset = 0;
  for (const name of names) {
    const end = raw.indexOf(10, offset);
    const header = raw.subarray(offset, end).toString("utf8");
    offset = end + 1;
    if (header.endsWith(" missing")) continue;
    const size = Number(header.split(" ")[2]);
    out.set(name, raw.subarray(offset, offset + size).toString("utf8"));
    offset += size + 1;
  }
  return out;
}
