import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { editorGitErrors } from "../../contract/errors.ts";
import { type ContentChange, listChanges } from "./changes.ts";
import { isContentFile } from "./content-files.ts";
import { refusal, remoteFailure } from "./failure.ts";
import { type Identity, readIdentity } from "./identity.ts";
import { type Base, EDITOR_REFS, type Repository } from "./repository.ts";
import { OPEN_BRANCH_SETTING, mergedCopies, recordPublished } from "./review.ts";

export const BRANCH_PREFIX = "edit/";

export interface Publication {
  branch: string;
  commit: string;
  base: Base;
  /** The files the commit holds, from the project folder. */
  files: ContentChange[];
  /** Whether the branch is new (a review request is to be opened) rather than one more commit on the open one. */
  created: boolean;
}

export interface PublishOptions {
  summary: string;
  /** Only these files (from the project folder); all the changed content when absent. */
  files?: string[];
  /** Whether the review request of a published branch is still open; from git alone (not merged) when absent. */
  isOpen?: (branch: string) => Promise<boolean>;
  /**
   * The commit's author when it is not git's own identity (the team editor's signed-in person); git's identity is
   * then its committer, the editor's service.
   */
  author?: Identity;
}

/** A branch name from a summary: "New pet insurance page" → "edit/new-pet-insurance-page". */
export const branchName = (summary: string) =>
  BRANCH_PREFIX +
  (summary
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "") || "change");

/**
 * Publishes the marketer's content changes for review: one commit of exactly those files, on a new branch named from
 * the summary (or on top of the branch still under review), pushed to the base's remote. The commit is built in a
 * temporary index from the base's tree, so the marketer's working tree, index and checked-out branch are not touched,
 * and nothing they staged besides is sent.
 */
export async function publish(repo: Repository, options: PublishOptions): Promise<Publication> {
  const summary = options.summary.replace(/\s+/g, " ").trim();
  if (!summary) throw refusal(editorGitErrors.noSummary);
  await repo.assertNoOperation();
  await repo.currentBranch();
  if (!(await readIdentity(repo))) throw refusal(editorGitErrors.noIdentity);

  const { base, since, changes } = await listChanges(repo);
  if (options.files) {
    const refused = options.files.filter((file) => !isContentFile(file));
    if (refused.length) throw refusal(editorGitErrors.notContent, { files: refused });
  }
  const files = options.files ? changes.filter((change) => options.files!.includes(change.file)) : changes;
  if (files.length === 0) throw refusal(editorGitErrors.nothingToPublish);

  const baseTip = await repo.fetchBase(base);
  const open = await openBranch(repo, base, baseTip, options.isOpen);
  // The base the marketer's change was made on: as the open branch started from it, or as it is now.
  const start = open ? (await repo.run(["merge-base", open.tip, baseTip])).trim() : baseTip;
  // A file already as the marketer has it, or as they published it in a commit the base holds now (their change,
  // merged), is not theirs to publish; one someone else changed since the marketer's copy was taken would be
  // overwritten: refused until Get latest. One exactly as the open branch has it is in review already: with nothing
  // else to send, publishing says so.
  const isMerged = await mergedCopies(repo, [baseTip]);
  const sending: ContentChange[] = [];
  const moved: string[] = [];
  const reviewed: string[] = [];
  const merged: string[] = [];
  for (const change of files) {
    const file = repo.fromProject(change.file);
    const [from, now, mine, inReview] = await Promise.all([
      blobOf(repo, since, file),
      blobOf(repo, start, file),
      change.kind === "deleted" ? undefined : repo.probe(["hash-object", "--", file]),
      open && blobOf(repo, open.tip, file),
    ]);
    if (mine === now) continue;
    if (await isMerged(change.file)) {
      merged.push(change.file);
      continue;
    }
    if (from !== now) moved.push(change.file);
    if (open && mine === inReview) reviewed.push(change.file);
    sending.push(change);
  }
  if (moved.length) throw refusal(editorGitErrors.baseMoved, { files: moved });
  if (sending.length === 0)
    throw merged.length
      ? refusal(editorGitErrors.alreadyMerged, { files: merged })
      : refusal(editorGitErrors.nothingToPublish);
  if (open && reviewed.length === sending.length)
    throw refusal(editorGitErrors.inReview, { files: reviewed, branch: open.branch });

  // On the open branch, the commit starts from its tip: what is in review stays there, even once the marketer
  // discarded their copy of it (to get the latest site meanwhile).
  const tree = await treeWith(repo, open?.tip ?? start, sending);
  const parent = open?.tip ?? baseTip;
  if (tree === (await repo.run(["rev-parse", `${parent}^{tree}`])).trim())
    throw refusal(editorGitErrors.nothingToPublish);
  const authorEnv = options.author && { GIT_AUTHOR_NAME: options.author.name, GIT_AUTHOR_EMAIL: options.author.email };
  const commit = (await repo.run(["commit-tree", tree, "-p", parent, "-m", summary], authorEnv)).trim();
  const branch = open?.branch ?? (await freeBranchName(repo, base, branchName(summary)));
  try {
    await repo.git(["push", "--quiet", base.remote, `${commit}:refs/heads/${branch}`]);
  } catch (error) {
    throw remoteFailure(error, branch);
  }
  await recordPublished(repo, branch, commit);
  return { branch, commit, base, files: sending, created: !open };
}

const blobOf = (repo: Repository, commit: string, file: string) =>
  repo.probe(["rev-parse", "--verify", "--quiet", `${commit}:${file}`]);

/** The branch published last, while its request is open: fetched, and neither deleted nor merged into the base. */
async function openBranch(
  repo: Repository,
  base: Base,
  baseTip: string,
  isOpen: PublishOptions["isOpen"],
): Promise<{ branch: string; tip: string } | undefined> {
  const branch = await repo.probe(["config", "--get", OPEN_BRANCH_SETTING]);
  if (!branch) return undefined;
  const tip = await repo.fetchBranch(base, branch, `${EDITOR_REFS}open`);
  if (!tip || (await repo.isAncestor(tip, baseTip))) return undefined;
  if (isOpen && !(await isOpen(branch))) return undefined;
  return { branch, tip };
}

/** The tree of `start` with the changed files as the working tree has them, built in an index of its own. */
async function treeWith(repo: Repository, start: string, files: ContentChange[]): Promise<string> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-publish-"));
  const env = { GIT_INDEX_FILE: path.join(scratch, "index") };
  try {
    await repo.run(["read-tree", start], env);
    for (const change of files) {
      const file = repo.fromProject(change.file);
      if (change.kind === "deleted") await repo.run(["update-index", "--force-remove", "--", file], env);
      else {
        const blob = (await repo.run(["hash-object", "-w", "--", file])).trim();
        await repo.run(["update-index", "--add", "--cacheinfo", `100644,${blob},${file}`], env);
      }
    }
    return (await repo.run(["write-tree"], env)).trim();
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** `wanted`, or `wanted-2`, `wanted-3`… : the first name no branch on the remote has. */
async function freeBranchName(repo: Repository, base: Base, wanted: string): Promise<string> {
  let heads: string;
  try {
    heads = await repo.git(["ls-remote", "--heads", base.remote, `${wanted}*`]);
  } catch (error) {
    throw remoteFailure(error);
  }
  const taken = new Set(heads.split("\n").map((line) => line.split("\trefs/heads/")[1]));
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted}-${n}`;
  return name;
}
