import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Identity } from "../git/identity.ts";
import type { Person } from "./sessions.ts";
import type { Draft, TeamStore } from "./store.ts";

const run = promisify(execFile);

/** The folders whose files are a person's content: what their drafts hold. */
const CONTENT = ["site-config", "public/media"];

/**
 * The folders of the site a copy checks out (with the files at the repository's top): what the editor reads of a
 * person's copy. The content and public/ (the pages' files, which validation finds there), and what the pages are
 * checked against and edited with: the schemas, the block folders (each block's schema, manifest and migrations) and
 * the contract their manifests import. The rest of the repository (the renderer, the docs and their pictures, the
 * tests) is the editor's own code or nobody's business here: its files stay in git, unwritten.
 */
export const CHECKED_OUT = ["site-config", "public", "schemas", "blocks", "contract"];

/** The repository in the work folder that holds the objects every copy shares. */
const SHARED = "shared.git";

export interface WorkspaceOptions {
  /** What each person's copy is cloned from: the site's remote (or, on one machine, the checkout itself). */
  source: string;
  /** Where the copies live (EDIT_TEAM_WORK_DIR): a cache, rebuilt from `source` and the drafts when lost. */
  workDir: string;
  store: TeamStore;
  /** Who commits in the copies (the editor's service); each commit's author is the person who published. */
  committer: Identity;
  now?: () => number;
}

/** The signed-in person's own copy of the site, and its drafts kept in the store. */
export interface Workspaces {
  /** The folder of the person's copy, made (cloned, their drafts written in) or brought to their latest drafts. */
  folderOf(person: Pick<Person, "email">): Promise<string>;
  /** Keeps what the person's copy holds unpublished as their drafts: after each of their writes, before answering. */
  keep(person: Pick<Person, "email">): Promise<void>;
}

const git = async (cwd: string, args: string[]) =>
  (await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout;

/** The content files of a copy that differ from its commit (added, changed or deleted), from the project folder. */
async function changedContent(folder: string): Promise<string[]> {
  const out = await git(folder, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ...CONTENT]);
  const files: string[] = [];
  const fields = out.split("\0");
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    // A rename's entry is followed by its old name, which is a change of its own (deleted).
    if (entry[0] === "R" || entry[1] === "R") files.push(fields[++i]!);
  }
  return [...new Set(files)].sort();
}

/** The folder of the people's copies in the work folder. */
const peopleIn = (workDir: string) => path.join(workDir, "people");

/** Whether a file or folder is there. */
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * Points each person's copy in `workDir` at `source`, the site's repository as the editor is set up now: a changed
 * EDIT_TEAM_SOURCE (or checkout's origin) reaches the copies made before it, whose files, and so whose drafts, and
 * branches stay as they are; the next Publish pushes to `source`. Answers how many copies it moved.
 */
export async function followSource(workDir: string, source: string): Promise<number> {
  const people = peopleIn(workDir);
  const copies = (await exists(people)) ? await fs.readdir(people) : [];
  let moved = 0;
  for (const name of copies) {
    const folder = path.join(people, name);
    if (name.endsWith(".cloning") || !(await exists(path.join(folder, ".git")))) continue;
    const origin = (await git(folder, ["config", "--get", "remote.origin.url"]).catch(() => "")).trim();
    if (origin === source) continue;
    await git(folder, ["remote", origin ? "set-url" : "add", "origin", source]);
    moved++;
  }
  return moved;
}

/**
 * Each person edits a copy of their own (a clone of the site's repository), so that nobody's edits mix with another's
 * and Publish sends only its author's changes. The copy is a cache: every write's outcome is kept in the store as the
 * person's drafts (file by file), so a copy lost with its machine, or made by another instance, is rebuilt from the
 * repository and the drafts.
 *
 * The copies share the site's objects (`git clone --reference`): one repository in the work folder, shared.git, holds
 * them, fetched from the source before each new copy, and a copy borrows from it what it does not hold itself. A first
 * copy therefore fetches nothing but its refs and checks out the folders the editor reads (CHECKED_OUT, a sparse
 * checkout); its .git holds its index and what the person adds (their publications, what Get latest brings). Nothing
 * is ever removed from shared.git (its garbage collection is off): a copy may need any object it ever lent. A copy
 * whose shared.git is gone (a work folder cleared in part) is made again, as a lost one is.
 */
export function workspaces(options: WorkspaceOptions): Workspaces & {
  /**
   * Makes the repository of the objects the copies share where there is none, so that nobody's first copy waits for
   * the site's whole history: the editor calls it once as it starts. (Each new copy fetches it again first.)
   */
  prepare(): Promise<void>;
} {
  /** The drafts' revision each copy on this instance holds. */
  const applied = new Map<string, number>();
  /** One step at a time per person: two requests at once must not clone or rewrite the same copy together. */
  const queues = new Map<string, Promise<unknown>>();
  const queued = <T>(email: string, step: () => Promise<T>): Promise<T> => {
    const next = (queues.get(email) ?? Promise.resolve()).then(step, step);
    queues.set(
      email,
      next.catch(() => undefined),
    );
    return next;
  };

  const folderFor = (email: string) =>
    path.join(peopleIn(options.workDir), crypto.createHash("sha256").update(email).digest("hex").slice(0, 20));
  const shared = path.join(options.workDir, SHARED);

  /** One fetch of the shared objects at a time, whoever asks: two people's first copies at once wait for one another. */
  let sharing: Promise<unknown> = Promise.resolve();
  const share = ({ fetch }: { fetch: boolean }) => {
    const step = async () => {
      if (!(await exists(shared))) {
        await fs.mkdir(options.workDir, { recursive: true });
        const partial = `${shared}.cloning`;
        await fs.rm(partial, { recursive: true, force: true });
        await run("git", ["clone", "--quiet", "--bare", options.source, partial]);
        // The copies borrow these objects: none may ever be pruned, whatever the source's branches become.
        for (const [name, value] of [
          ["gc.auto", "0"],
          ["gc.pruneExpire", "never"],
          ["maintenance.auto", "false"],
        ])
          await git(partial, ["config", name, value]);
        await fs.rename(partial, shared);
        return;
      }
      if (!fetch) return;
      // From the source as the editor is set up now: a changed EDIT_TEAM_SOURCE brings its objects beside the others.
      await git(shared, ["fetch", "--quiet", "--no-tags", options.source, "+refs/heads/*:refs/heads/*"]);
    };
    const next = sharing.then(step, step);
    sharing = next.catch(() => undefined);
    return next;
  };

  /** Whether a copy's shared objects are where it borrows them from: a copy without them is lost. */
  async function borrowsWell(folder: string) {
    const alternates = await fs
      .readFile(path.join(folder, ".git", "objects", "info", "alternates"), "utf8")
      .catch(() => "");
    const lenders = alternates.split("\n").filter(Boolean);
    return (await Promise.all(lenders.map((lender) => exists(lender)))).every(Boolean);
  }

  async function clone(folder: string) {
    await share({ fetch: true });
    // git lends no objects from a shallow repository (a source cloned with --depth, as the tests' are): each copy of
    // such a source then has its own.
    const shallow = (await git(shared, ["rev-parse", "--is-shallow-repository"])).trim() === "true";
    await fs.mkdir(path.dirname(folder), { recursive: true });
    const partial = `${folder}.cloning`;
    await fs.rm(partial, { recursive: true, force: true });
    const borrow = shallow ? [] : ["--reference", shared];
    await run("git", ["clone", "--quiet", "--sparse", ...borrow, options.source, partial]);
    await git(partial, ["sparse-checkout", "set", "--cone", ...CHECKED_OUT]);
    await git(partial, ["config", "user.name", options.committer.name]);
    await git(partial, ["config", "user.email", options.committer.email]);
    await fs.rename(partial, folder);
  }

  /** Writes the person's drafts into their copy, over its commit: the copy then holds exactly them. */
  async function writeDrafts(folder: string, drafts: Draft[]) {
    const present: string[] = [];
    for (const dir of CONTENT) if (await exists(path.join(folder, dir))) present.push(dir);
    await git(folder, ["checkout", "--quiet", "--", ...present]);
    await git(folder, ["clean", "-fdq", "--", ...CONTENT]);
    for (const { file, content } of drafts) {
      const target = path.join(folder, file);
      if (content === null) await fs.rm(target, { force: true });
      else {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content);
      }
    }
  }

  return {
    prepare: async () => {
      await share({ fetch: false });
    },
    folderOf: ({ email }) =>
      queued(email, async () => {
        const folder = folderFor(email);
        let fresh = !(await exists(path.join(folder, ".git")));
        if (!fresh && !(await borrowsWell(folder))) {
          await fs.rm(folder, { recursive: true, force: true });
          fresh = true;
        }
        if (fresh) await clone(folder);
        const revision = await options.store.draftRevision(email);
        if (fresh || applied.get(email) !== revision) {
          const { revision: current, drafts } = await options.store.draftsOf(email);
          await writeDrafts(folder, drafts);
          applied.set(email, current);
        }
        return folder;
      }),
    keep: ({ email }) =>
      queued(email, async () => {
        const folder = folderFor(email);
        const drafts = await Promise.all(
          (await changedContent(folder)).map(async (file): Promise<Draft> => {
            const absolute = path.join(folder, file);
            return { file, content: (await exists(absolute)) ? await fs.readFile(absolute) : null };
          }),
        );
        applied.set(email, await options.store.replaceDrafts(email, drafts, (options.now ?? Date.now)()));
      }),
  };
}
