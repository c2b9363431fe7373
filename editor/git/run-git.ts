import { execFile } from "node:child_process";
import { batchInput, batchObjects } from "../../toolchain/git-read.ts";

/** What a command may print: a page's history or a blob of a picture, never more than this. */
const MAX_OUTPUT = 256 * 1024 * 1024;

export interface RunGitOptions {
  /** The editor's own environment by default. */
  env?: NodeJS.ProcessEnv;
  /** What is typed to git; nothing by default (a command that would read its input reads its end). */
  input?: string;
}

/**
 * Runs git in `cwd` and resolves with what it printed. A non-zero exit is a failure when git says why on stderr: the
 * error's message is then what git printed. git's silent non-zero exits (a key that is not set, a ref that does not
 * exist) resolve with their output, empty, for the callers that ask whether something is there.
 *
 * The editor ran git through simple-git, which waits 50 ms more after each command that prints nothing (`git config`
 * setting a key, `git update-ref`, a key not set…): about a dozen in each publication, 0.7 s of the marketer's wait
 * (three publications to a local remote: 3.1 s, now 0.9 s). Node runs git here and answers when git has ended.
 */
export function runGit(cwd: string, args: string[], options?: RunGitOptions): Promise<string>;
export function runGit(cwd: string, args: string[], options: RunGitOptions & { bytes: true }): Promise<Buffer>;
export function runGit(
  cwd: string,
  args: string[],
  { env = process.env, input, bytes = false }: RunGitOptions & { bytes?: boolean } = {},
): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      { cwd, env, encoding: "buffer", maxBuffer: MAX_OUTPUT, windowsHide: true },
      (error, stdout, stderr) => {
        // A number is git's exit status; anything else (git not found, output past the limit, a signal) is a failure.
        if (error && (typeof error.code !== "number" || stderr.length > 0))
          reject(new Error(Buffer.concat([stdout, stderr]).toString("utf8") || error.message));
        else resolve(bytes ? stdout : stdout.toString("utf8"));
      },
    );
    child.stdin?.end(input);
  });
}

/**
 * The text of many `<commit>:<path>` objects through one `git cat-file --batch`, by the name asked; missing ones are
 * left out. A process per file cost about 10 ms each: seconds for a site's pages.
 */
export async function readObjectsOf(cwd: string, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const raw = await runGit(cwd, ["cat-file", "--batch"], { input: batchInput(names), bytes: true });
  return batchObjects(raw, names);
}
