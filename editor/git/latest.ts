import fs from "node:fs";
import path from "node:path";
import type { FileConflicts } from "../protocol.ts";
import { CatalogueError, editorGitErrors, messageOf } from "../../contract/errors.ts";
import { refusal } from "./failure.ts";
import type { Repository } from "./repository.ts";
import { type IsOpen, inReview, mergedCopies } from "./review.ts";

export interface Latest {
  /** Whether the checkout moved forward (false: it already had the latest site). */
  updated: boolean;
  /** The files the update brought, from the project folder. */
  files: string[];
  /** The files the person had edited that the update changed too, merged field by field. */
  merged?: string[];
}

/**
 * Merges the person's edit of a file the update changes too with the update's version, field by field: the text to
 * write, the fields both changed (for the person to choose), or null for a file that is not merged (not a document).
 */
export type MergeFile = (
  file: string,
  texts: { base: string | undefined; theirs: string; mine: string },
) => Promise<{ text: string } | { conflicts: FileConflicts["conflicts"] } | null>;

/** Files that differ from HEAD in the working tree or the index, or are new, as `git status` lists them. */
async function localChanges(repo: Repository): Promise<Map<string, string>> {
  const entries = (await repo.run(["status", "--porcelain", "-z", "--untracked-files=all"])).split("\0");
  const local = new Map<string, string>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!entry) continue;
    local.set(entry.slice(3), entry.slice(0, 2));
    // A rename lists its old name next, which is a change of its own.
    if (entry[0] === "R" || entry[0] === "C") local.set(entries[++i], "R ");
  }
  return local;
}

/**
 * Brings the checkout to the latest site: fetches the base and moves the checked-out branch forward to it, only when
 * that loses nothing. Never a merge commit, never a rebase. A local edit to a file the update changes is set back
 * first, and the update writes the site's version, when nothing of the marketer's would be lost: the edit is exactly
 * what the update brings, or what they published in a commit the update holds (their own change, merged). An edit of a
 * page the update changes otherwise is merged with it field by field (`merge`), and written over the update's version;
 * when both changed one field, nothing happens and the refusal lists those fields, until the marketer's choices come
 * with the request. One published on a branch still in review blocks it, and says so: it comes in once merged. A
 * request the forge says is closed (`isOpen`) holds nothing in review: its files are merged as any other edit.
 */
export async function getLatest(repo: Repository, merge?: MergeFile, isOpen?: IsOpen): Promise<Latest> {
  await repo.assertNoOperation();
  const branch = await repo.currentBranch();
  const base = await repo.base();
  // Fetched apart, so that a refused update leaves even `git status`'s "behind by" as it was.
  const tip = await repo.fetchBase(base);
  const head = (await repo.run(["rev-parse", "HEAD"])).trim();
  if (await repo.isAncestor(tip, head)) {
    await repo.run(["update-ref", base.ref, tip]);
    return { updated: false, files: [] };
  }
  if (!(await repo.isAncestor(head, tip)))
    throw refusal(editorGitErrors.diverged, { branch: branch.replace(/^refs\/heads\//, "") });

  const incoming = (await repo.run(["diff", "--name-only", "--no-renames", "-z", head, tip]))
    .split("\0")
    .filter(Boolean);
  const local = await localChanges(repo);
  const isMerged = await mergedCopies(repo, [tip]);
  const settled: { file: string; tracked: boolean; present: Buffer | undefined; write?: string }[] = [];
  const kept: { file: string; tracked: boolean; present: Buffer | undefined; wanted: Buffer | undefined }[] = [];
  for (const file of incoming.filter((candidate) => local.has(candidate))) {
    const state = local.get(file)!;
    const wanted = await repo.fileAt(tip, file);
    const absolute = path.join(repo.root, file);
    const present = fs.existsSync(absolute) ? fs.readFileSync(absolute) : undefined;
    const same = wanted === undefined ? present === undefined : present !== undefined && wanted.equals(present);
    // Only an edit left in the working tree (nothing staged) can be set back without touching what git holds.
    const unstaged = state[0] === " " || state === "??";
    if (unstaged && (same || (await isMerged(repo.toProject(file)))))
      settled.push({ file, tracked: state !== "??", present });
    else kept.push({ file, tracked: state !== "??", present: unstaged ? present : undefined, wanted });
  }
  if (kept.length) {
    const review = await inReview(
      repo,
      kept.map(({ file }) => ({ file: repo.toProject(file) })),
      [tip],
      isOpen,
    );
    const reviewing = kept.filter(({ file }) => review?.files.includes(repo.toProject(file)));
    const blocked: string[] = [];
    const conflicts: FileConflicts[] = [];
    for (const { file, tracked, present, wanted } of kept.filter((entry) => !reviewing.includes(entry))) {
      const name = repo.toProject(file);
      const outcome =
        merge && present && wanted
          ? await merge(name, {
              base: (await repo.fileAt(head, file))?.toString("utf8"),
              theirs: wanted.toString("utf8"),
              mine: present.toString("utf8"),
            })
          : null;
      if (outcome === null) blocked.push(name);
      else if ("conflicts" in outcome) conflicts.push({ file: name, conflicts: outcome.conflicts });
      else settled.push({ file, tracked, present, write: outcome.text });
    }
    if (blocked.length) throw refusal(editorGitErrors.latestBlocked, { files: blocked });
    if (reviewing.length)
      throw refusal(editorGitErrors.inReview, {
        files: reviewing.map(({ file }) => repo.toProject(file)),
        branch: review!.branch,
      });
    if (conflicts.length) {
      const entry = editorGitErrors.latestConflicts;
      throw new CatalogueError(entry, messageOf(entry, { files: conflicts.map(({ file }) => file) }), { conflicts });
    }
  }

  for (const { file, tracked } of settled) {
    if (tracked) await repo.run(["checkout", "HEAD", "--", file]);
    else fs.rmSync(path.join(repo.root, file));
  }
  try {
    await repo.run(["merge", "--ff-only", "--quiet", tip]);
  } catch (error) {
    // The update did not happen: the settled files are put back as the marketer had them.
    for (const { file, present } of settled) {
      const absolute = path.join(repo.root, file);
      if (present === undefined) fs.rmSync(absolute, { force: true });
      else fs.writeFileSync(absolute, present);
    }
    throw error;
  }
  await repo.run(["update-ref", base.ref, tip]);
  const merged = settled.filter(({ write }) => write !== undefined);
  for (const { file, write } of merged) fs.writeFileSync(path.join(repo.root, file), write!);
  return {
    updated: true,
    files: incoming.map((file) => repo.toProject(file)),
    ...(merged.length > 0 && { merged: merged.map(({ file }) => repo.toProject(file)) }),
  };
}
