import fs from "node:fs";
import path from "node:path";
import { CatalogueError, editorGitErrors } from "../../contract/errors.ts";
import { firstLine, refusal, remoteFailure } from "./failure.ts";
import { readObjectsOf, runGit } from "./run-git.ts";

/** The branch the site is published from, as the editor's base: EDIT_BASE, else the repository's setting, else origin/main. */
export const BASE_SETTING = "voxa-editor.base";
export const DEFAULT_BASE = "origin/main";
/** Where the editor keeps what it fetches while publishing, apart from the refs `git status` reports on. */
export const EDITOR_REFS = "refs/voxa-editor/";

export interface Base {
  /** The remote the base lives on, which publishing pushes to ("origin"). */
  remote: string;
  /** The base's branch on the remote ("main"). */
  branch: string;
  /** The remote-tracking ref that holds the remote's base after a fetch ("refs/remotes/origin/main"). */
  ref: string;
  /** The base as people write it ("origin/main"). */
  name: string;
}

const LOCAL_ENV = /^(PATH|HOME|LANG|LC_\w+|TMPDIR|XDG_CONFIG_HOME)$/;
const localEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => LOCAL_ENV.test(name) && value !== undefined),
  );

/**
 * The marketer's checkout, driven through the system's git (their credentials, SSH keys and hooks apply). Every call
 * here reads the repository or writes objects and refs; none touches the working tree, the index or HEAD unless its
 * name says so.
 */
export class Repository {
  private constructor(
    readonly dir: string,
    readonly root: string,
  ) {}

  /** The repository holding `dir`, whose content folders are `dir`'s (they may sit below the repository's root). */
  static async open(dir: string): Promise<Repository> {
    let root: string;
    try {
      root = (await runGit(dir, ["rev-parse", "--show-toplevel"])).trim();
    } catch {
      throw refusal(editorGitErrors.notRepository);
    }
    if (!root) throw refusal(editorGitErrors.notRepository);
    return new Repository(dir, root);
  }

  /**
   * git in the repository, with its output, or its failure as git words it (for the callers that read it: a remote
   * refused, offline, a branch that is not there).
   */
  git(args: string[]): Promise<string> {
    return runGit(this.root, args);
  }

  /** The repository `dir` is in, or undefined outside git (a copy of the project that is not a checkout). */
  static find(dir: string): Promise<Repository | undefined> {
    return Repository.open(dir).catch(() => undefined);
  }

  /** The path from the repository's root of a file named from the project folder ("site-config/site.json"). */
  fromProject(file: string): string {
    return path.relative(this.root, path.join(this.dir, file)).split(path.sep).join("/");
  }

  /** The path from the project folder of a file named from the repository's root. */
  toProject(file: string): string {
    return path.relative(this.dir, path.join(this.root, file)).split(path.sep).join("/");
  }

  /**
   * git with its output, or the catalogue's EDIT_GIT_FAILED with git's first line. With `env`, a local command runs with
   * those variables and only the few it needs from the editor's own (no editor, pager or credential helper of the
   * marketer's, which such a command never starts).
   */
  async run(args: string[], env?: Record<string, string>): Promise<string> {
    try {
      return await runGit(this.root, args, { env: env && { ...localEnv(), ...env } });
    } catch (error) {
      if (error instanceof CatalogueError) throw error;
      throw refusal(editorGitErrors.failed, {
        detail: firstLine(error instanceof Error ? error.message : String(error)),
      });
    }
  }

  /**
   * git's answer, or undefined when it is empty or git fails (a ref that does not exist, a key that is not set: git
   * says so with its exit code alone).
   */
  async probe(args: string[]): Promise<string | undefined> {
    try {
      return (await this.git(args)).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether commit `a` is in the history of commit `b`. */
  async isAncestor(a: string, b: string): Promise<boolean> {
    return (await this.probe(["merge-base", a, b])) === (await this.probe(["rev-parse", "--verify", "--quiet", a]));
  }

  async base(): Promise<Base> {
    const name = process.env.EDIT_BASE || (await this.probe(["config", "--get", BASE_SETTING])) || DEFAULT_BASE;
    const slash = name.indexOf("/");
    const remote = slash > 0 ? name.slice(0, slash) : "origin";
    const branch = slash > 0 ? name.slice(slash + 1) : name;
    return { remote, branch, ref: `refs/remotes/${remote}/${branch}`, name: `${remote}/${branch}` };
  }

  /** Refuses while a merge, rebase, cherry-pick or revert is unfinished: its half-done state is not the marketer's. */
  async assertNoOperation(): Promise<void> {
    const markers: [string, string][] = [
      ["MERGE_HEAD", "merge"],
      ["rebase-merge", "rebase"],
      ["rebase-apply", "rebase"],
      ["CHERRY_PICK_HEAD", "cherry-pick"],
      ["REVERT_HEAD", "revert"],
    ];
    for (const [marker, operation] of markers) {
      const file = path.resolve(this.root, (await this.run(["rev-parse", "--git-path", marker])).trim());
      if (fs.existsSync(file)) throw refusal(editorGitErrors.operationInProgress, { operation });
    }
  }

  /** The checked-out branch's full ref ("refs/heads/main"); a detached HEAD is refused. */
  async currentBranch(): Promise<string> {
    const ref = await this.probe(["symbolic-ref", "-q", "HEAD"]);
    if (!ref) throw refusal(editorGitErrors.detached);
    return ref;
  }

  async assertRemote(base: Base): Promise<void> {
    const remotes = (await this.run(["remote"])).split("\n").map((line) => line.trim());
    if (!remotes.includes(base.remote)) throw refusal(editorGitErrors.noRemote, { remote: base.remote });
  }

  /**
   * The commit a branch of the base's remote is at now, or undefined if the remote has no such branch; refuses
   * offline or without permission. `into` is the ref that keeps it: the editor's own (refs/voxa-editor/…) while
   * publishing, so that `git status` does not change under the marketer; the remote-tracking one for Get latest.
   */
  async fetchBranch(base: Base, branch: string, into: string): Promise<string | undefined> {
    await this.assertRemote(base);
    try {
      await this.git(["fetch", "--quiet", "--no-tags", "--refmap=", base.remote, `+refs/heads/${branch}:${into}`]);
    } catch (error) {
      if (/couldn't find remote ref/i.test(String(error))) return undefined;
      throw remoteFailure(error);
    }
    return this.probe(["rev-parse", "--verify", "--quiet", `${into}^{commit}`]);
  }

  /** The base's commit on the remote now; refuses offline, without permission, or without the base. */
  async fetchBase(base: Base, into = `${EDITOR_REFS}base`): Promise<string> {
    const commit = await this.fetchBranch(base, base.branch, into);
    if (!commit) throw refusal(editorGitErrors.noBase, { base: base.name });
    return commit;
  }

  /** The commit a ref names, or EDIT_GIT_NO_BASE when it does not exist. */
  async commitOf(ref: string): Promise<string> {
    const commit = await this.probe(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (!commit) throw refusal(editorGitErrors.noBase, { base: ref.replace(/^refs\/remotes\//, "") });
    return commit;
  }

  /** The text of many `<commit>:<path>` objects, read at once; missing ones are left out. */
  objects(names: readonly string[]): Promise<Map<string, string>> {
    return readObjectsOf(this.root, names);
  }

  /** The content of `file` at `commit`, or undefined where the file does not exist there. */
  async fileAt(commit: string, file: string): Promise<Buffer | undefined> {
    const blob = await this.probe(["rev-parse", "--verify", "--quiet", `${commit}:${file}`]);
    if (!blob) return undefined;
    return runGit(this.root, ["cat-file", "blob", blob], { bytes: true });
  }
}
