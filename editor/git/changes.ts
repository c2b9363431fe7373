import fs from "node:fs";
import path from "node:path";
import { CONTENT_ROOTS, isContentFile } from "./content-files.ts";
import { type Base, EDITOR_REFS, type Repository } from "./repository.ts";
import { type InReview, type IsOpen, publishedState } from "./review.ts";

import type { ChangeKind } from "../protocol.ts";

export type { ChangeKind };

export interface ContentChange {
  /** The file, from the project folder ("site-config/pages/about.json"). */
  file: string;
  kind: ChangeKind;
}

export interface Changes {
  base: Base;
  /** The commit the changes are counted from: where this checkout's history meets the base. */
  since: string;
  changes: ContentChange[];
  /** Files under the content folders that are not content (a stray .env): listed, never published. */
  notContent: string[];
  /** The changes already in review (published, the request not merged yet), with their branch. */
  inReview?: InReview;
  /** The changes published and merged since: Get latest brings the site's version of them. */
  merged: string[];
}

const KINDS: Record<string, ChangeKind> = { A: "added", M: "changed", T: "changed", D: "deleted" };

/**
 * Every content file that differs from the base, as the marketer's working tree has it (saved edits, committed or
 * not, and new files): what publishing would send. Counted from where this checkout meets the base, so that changes
 * others published since are not shown as the marketer's. `isOpen` says whether a review request is still open.
 */
export async function listChanges(repo: Repository, isOpen?: IsOpen): Promise<Changes> {
  const base = await repo.base();
  await repo.assertRemote(base);
  const since = (await repo.run(["merge-base", "HEAD", await repo.commitOf(base.ref)])).trim();
  const roots = CONTENT_ROOTS.map((root) => repo.fromProject(root));
  const diff = (await repo.run(["diff", "--name-status", "--no-renames", "-z", since, "--", ...roots]))
    .split("\0")
    .filter(Boolean);
  const found = new Map<string, ChangeKind>();
  for (let i = 0; i + 1 < diff.length; i += 2) found.set(diff[i + 1], KINDS[diff[i]] ?? "changed");
  const untracked = (await repo.run(["ls-files", "--others", "--exclude-standard", "-z", "--", ...roots]))
    .split("\0")
    .filter(Boolean);
  for (const file of untracked) found.set(file, "added");

  const changes: ContentChange[] = [];
  const notContent: string[] = [];
  for (const [file, kind] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
    const projectFile = repo.toProject(file);
    if (isContentFile(projectFile)) changes.push({ file: projectFile, kind });
    else notContent.push(projectFile);
  }
  // The base as the last Get latest or publish fetched it: a change merged into either is no longer in review.
  const bases = [base.ref, `${EDITOR_REFS}base`];
  const known = (await Promise.all(bases.map((ref) => repo.probe(["rev-parse", "--verify", "--quiet", ref])))).filter(
    (commit) => commit !== undefined,
  );
  return { base, since, changes, notContent, ...(await publishedState(repo, changes, known, isOpen)) };
}

/**
 * A content file's bytes at `since`, the commit listChanges counts the changes from (for a caller that has listed them
 * already); undefined if the file is new.
 */
export const bytesSince = (repo: Repository, since: string, file: string): Promise<Buffer | undefined> =>
  repo.fileAt(since, repo.fromProject(file));

/** A content file's bytes as the base has them (a page, an image); undefined if the base does not have it. */
export async function baseBytes(repo: Repository, file: string): Promise<Buffer | undefined> {
  return bytesSince(repo, (await listChanges(repo)).since, file);
}

/**
 * Puts a changed file back as the base has it (a new one is removed). Only the working tree is written: the index and
 * the branch stay as they were. Returns the change undone, or undefined when the file had none.
 */
export async function discardChange(repo: Repository, file: string): Promise<ContentChange | undefined> {
  const { since, changes } = await listChanges(repo);
  const change = changes.find((candidate) => candidate.file === file);
  if (!change) return undefined;
  const target = path.join(repo.dir, file);
  const original = await bytesSince(repo, since, file);
  if (original === undefined) fs.rmSync(target);
  else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, original);
  }
  return change;
}
