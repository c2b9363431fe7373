import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import type prettier from "prettier";
import { catalogueError, scheduleRunErrors } from "../../contract/errors.ts";
import { formatJsonFile } from "../../toolchain/format-json.ts";
import { readObjectsOf } from "../git/run-git.ts";
import { type TakeDown, parentAddress } from "../protocol.ts";

const run = promisify(execFile);

/** The file of the site's redirects, and what it holds when the site has none yet. */
export const REDIRECTS_FILE = "site-config/redirects.json";
const NO_REDIRECTS = { $schema: "../schemas/redirects.schema.json", redirects: [] as Redirect[] };

export interface Redirect {
  from: string;
  to: string;
}

/**
 * A take-down's name in the repository: its schedule's id and when it was made, so that no schedule of another store
 * (a laptop's SQLite made anew) is taken for it.
 */
export interface TakeDownKey {
  id: number;
  createdAt: number;
}
const nameOf = ({ id, createdAt }: TakeDownKey) => `${id}-${createdAt.toString(36)}`;
/** Where the branches of take-downs' requests live: no person's request is pushed there. */
export const TAKE_DOWN_BRANCHES = "voxa-editor/take-down/";
/** The branch a take-down's request is pushed to: named after its schedule, so that a run taken over finds it. */
export const takeDownBranch = (key: TakeDownKey) => `${TAKE_DOWN_BRANCHES}${nameOf(key)}`;
/** The line a take-down's commit ends with: a run taken over after the merge finds it on the base and is done. */
export const takeDownTrailer = (key: TakeDownKey) => `Take-down-schedule: ${nameOf(key)}`;

export interface TakeDownRepositoryOptions {
  /** The bare repository the changes are built in (no working copy): made on first use. */
  dir: string;
  /** The site's repository, as git fetches from it and pushes to it. */
  source: string;
  /** Who commits: the editor's service; the author is the publisher who scheduled it. */
  committer: { name: string; email: string };
  /** How the editor formats a JSON file it writes (the repository's Prettier options). */
  prettierOptions?: prettier.Options;
}

/** A take-down built on the base's tip: its commit, the redirects it adds, and the files it removes or restores. */
export interface BuiltTakeDown {
  commit: string;
  redirects: Redirect[];
  removed: string[];
  restored: string[];
}

const PAGE_FILE = /^site-config\/(?:locales\/[^/]+\/)?pages\/.+\.json$/;
const ZERO = "0".repeat(40);

/**
 * Builds take-downs without a working copy, in a bare repository of the work folder: the base's tip is fetched, the
 * files are removed or restored in a temporary index read from it (git plumbing: read-tree, update-index, write-tree,
 * commit-tree), site-config/redirects.json gets the removed pages' redirects, and the commit is pushed to a branch of
 * its own. Nothing here touches the base branch: the forge merges the request, or nothing happens.
 */
export function takeDownRepository(options: TakeDownRepositoryOptions) {
  const { dir } = options;
  const git = async (args: string[], more: { input?: string; env?: NodeJS.ProcessEnv } = {}) => {
    const child = run("git", args, { cwd: dir, env: { ...process.env, ...more.env }, maxBuffer: 64 * 1024 * 1024 });
    if (more.input !== undefined) child.child.stdin?.end(more.input);
    return (await child).stdout;
  };
  const probe = (args: string[]) =>
    git(args).then(
      (out) => out.trim() || undefined,
      () => undefined,
    );

  async function ready() {
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      await git(["init", "--quiet", "--bare"]);
    }
  }

  /** The base's tip on the site's repository now, fetched with its history. */
  async function fetchBase(branch: string): Promise<string> {
    await ready();
    await git(["fetch", "--quiet", "--no-tags", options.source, `+refs/heads/${branch}:refs/heads/${branch}`]);
    return (await git(["rev-parse", `refs/heads/${branch}`])).trim();
  }

  /** Whether a take-down of schedule `id` is on the base already (merged by a run that did not live to say so). */
  const merged = async (tip: string, key: TakeDownKey) =>
    (await probe(["log", "-1", "--format=%H", "--fixed-strings", `--grep=${takeDownTrailer(key)}`, tip])) !== undefined;

  /** The text of `<commit>:<file>`, or undefined where there is no such file. */
  const textAt = async (commit: string, file: string) => {
    const blob = await probe(["rev-parse", "--verify", "--quiet", `${commit}:${file}`]);
    return blob === undefined ? undefined : git(["cat-file", "blob", blob]);
  };
  const blobAt = (commit: string, file: string) => probe(["rev-parse", "--verify", "--quiet", `${commit}:${file}`]);

  const reader: GitReader = { run: (args) => git(args), objects: (names) => readObjectsOf(dir, names) };
  const addressesAt = async (commit: string) =>
    new Map([...(await pagesAt(reader, commit))].map(([file, page]) => [file, page.address]));

  /**
   * The change that takes `takeDown` down on `tip`: for pages, each removed; for a request's change (merged as
   * `mergeCommit`), each file it changed back to its version before, each file it added removed. Refused with the
   * catalogue's reason when a page is gone, a file changed since (restoring would drop a later edit), or a redirect
   * would lead nowhere.
   */
  async function build(
    take: { key: TakeDownKey; takeDown: TakeDown; author: { name: string; email: string }; message: string },
    tip: string,
    mergeCommit?: string,
  ): Promise<BuiltTakeDown> {
    const { takeDown } = take;
    const entries: string[] = [];
    const removed: string[] = [];
    const restored: string[] = [];
    const redirects: Redirect[] = [];
    const before = await addressesAt(tip);
    const named = new Map<string, string>();
    for (const page of takeDown.pages) {
      if (!(await blobAt(tip, page.file)))
        throw catalogueError(scheduleRunErrors.pageGone, { page: `${page.title} (${page.path})` });
      removed.push(page.file);
      named.set(page.file, page.redirectTo);
    }
    if (takeDown.change && mergeCommit) {
      const number = takeDown.change.number;
      const changed = (
        await git(["diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", `${mergeCommit}^1`, mergeCommit])
      )
        .split("\0")
        .filter(Boolean);
      const later: string[] = [];
      for (let i = 0; i < changed.length; i += 2) {
        const [oldMode, , oldBlob, newBlob, status] = changed[i]!.slice(1).split(" ");
        const file = changed[i + 1]!;
        const now = await blobAt(tip, file);
        if ((now ?? ZERO) !== newBlob) later.push(file);
        else if (status === "A") removed.push(file);
        else {
          entries.push(`${oldMode} ${oldBlob}\t${file}`);
          restored.push(file);
        }
      }
      if (later.length > 0) throw catalogueError(scheduleRunErrors.changedSince, { number, files: later.join(", ") });
      for (const file of removed)
        if (!named.has(file) && takeDown.change.redirectTo) named.set(file, takeDown.change.redirectTo);
    }
    const gone = new Set(removed.map((file) => before.get(file)).filter((address) => address !== undefined));
    const left = new Set([...before].filter(([file]) => !removed.includes(file)).map(([, address]) => address));
    for (const file of removed) {
      const from = before.get(file);
      if (!from) continue;
      const to = named.get(file) || nearestPage(from, left);
      if (!left.has(to)) throw catalogueError(scheduleRunErrors.redirectNowhere, { from, to });
      redirects.push({ from, to });
    }
    entries.push(...removed.map((file) => `0 ${ZERO}\t${file}`));
    if (redirects.length > 0) {
      const text = await redirectsText(await textAt(tip, REDIRECTS_FILE), redirects, gone);
      const blob = (await git(["hash-object", "-w", "--stdin"], { input: text })).trim();
      entries.push(`100644 ${blob}\t${REDIRECTS_FILE}`);
    }
    const index = `${dir}/take-down-${nameOf(take.key)}-${process.pid}.index`;
    try {
      const env = { GIT_INDEX_FILE: index };
      await git(["read-tree", tip], { env });
      await git(["update-index", "--index-info"], { env, input: entries.map((entry) => `${entry}\n`).join("") });
      const tree = (await git(["write-tree"], { env })).trim();
      const who = {
        GIT_AUTHOR_NAME: take.author.name,
        GIT_AUTHOR_EMAIL: take.author.email,
        GIT_COMMITTER_NAME: options.committer.name,
        GIT_COMMITTER_EMAIL: options.committer.email,
      };
      const message = `${take.message}\n\n${takeDownTrailer(take.key)}\n`;
      const commit = (await git(["commit-tree", tree, "-p", tip, "-F", "-"], { env: who, input: message })).trim();
      return { commit, redirects, removed, restored };
    } finally {
      fs.rmSync(index, { force: true });
    }
  }

  /** Pushes the take-down's commit to its own branch (replacing what a run that died there pushed). */
  const push = (commit: string, branch: string) =>
    git(["push", "--quiet", "--force", options.source, `${commit}:refs/heads/${branch}`]);

  /** Whether `commit` is in this repository (a merged request's commit, fetched with the base). */
  const has = async (commit: string) => (await probe(["cat-file", "-t", commit])) === "commit";

  /** redirects.json with `added`: an entry from the same address replaced, one leading to a removed page led on. */
  async function redirectsText(text: string | undefined, added: Redirect[], gone: Set<string>) {
    const doc = text === undefined ? structuredClone(NO_REDIRECTS) : (JSON.parse(text) as typeof NO_REDIRECTS);
    const targetOf = new Map(added.map(({ from, to }) => [from, to]));
    const kept = (doc.redirects ?? [])
      .filter((entry) => !targetOf.has(entry.from))
      .map((entry) => (gone.has(entry.to) ? { ...entry, to: targetOf.get(entry.to)! } : entry));
    doc.redirects = [...kept, ...added];
    return formatJsonFile(JSON.stringify(doc), { ...options.prettierOptions, filepath: REDIRECTS_FILE });
  }

  return { fetchBase, merged, build, push, has, addressesAt };
}

/** A page of a commit: its address (a translation's under its locale's prefix) and title. */
export interface PageAt {
  address: string;
  title: string;
}

/** What reads a repository: git's output, and many files' text at once. */
export interface GitReader {
  run(args: string[]): Promise<string>;
  objects(names: readonly string[]): Promise<Map<string, string>>;
}

/**
 * Every page at `commit` of the repository `git` reads, by file from its root: the site's pages and their
 * translations (whose paths carry their locale's prefix), as the site serves them. A file that does not parse or has
 * no path is no page. Two git processes whatever the number of pages.
 */
export async function pagesAt(git: GitReader, commit: string): Promise<Map<string, PageAt>> {
  const files = (await git.run(["ls-tree", "-r", "-z", "--name-only", commit, "site-config"]))
    .split("\0")
    .filter((file) => PAGE_FILE.test(file));
  const texts = await git.objects(files.map((file) => `${commit}:${file}`));
  const out = new Map<string, PageAt>();
  for (const file of files) {
    let doc: { path?: unknown; title?: unknown };
    try {
      doc = JSON.parse(texts.get(`${commit}:${file}`) ?? "") as typeof doc;
    } catch {
      continue;
    }
    if (typeof doc.path !== "string") continue;
    out.set(file, { address: doc.path, title: typeof doc.title === "string" ? doc.title : doc.path });
  }
  return out;
}

/** The nearest page above `address` among `pages`: its parent, or the parent's parent…, "/" at the top. */
export function nearestPage(address: string, pages: ReadonlySet<string>): string {
  let at = parentAddress(address);
  while (at !== "/" && !pages.has(at)) at = parentAddress(at);
  return at;
}
