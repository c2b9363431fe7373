import { EDITOR_REFS, type Repository } from "./repository.ts";

/** The branch of the change published last from this checkout, whose review request later publishes add to. */
export const OPEN_BRANCH_SETTING = "voxa-editor.branch";
/** Every branch published from this checkout (a multi-valued setting), for the list of published changes. */
export const PUBLISHED_SETTING = "voxa-editor.published";
/** Where the editor keeps the last commit it pushed to each published branch, to tell later whether it was merged. */
export const PUBLISHED_REFS = `${EDITOR_REFS}published/`;

/** A changed file, from the project folder. */
type Change = { file: string };

/** Changed files whose copy in the working tree is exactly what was published on a branch not merged yet. */
export interface InReview {
  branch: string;
  /** From the project folder. */
  files: string[];
}

/** Remembers a push: the branch becomes the one under review, and its commit is kept to tell later if it was merged. */
export async function recordPublished(repo: Repository, branch: string, commit: string): Promise<void> {
  await repo.run(["update-ref", `${PUBLISHED_REFS}${branch}`, commit]);
  await repo.run(["config", "--local", OPEN_BRANCH_SETTING, branch]);
  const published = (await repo.probe(["config", "--get-all", PUBLISHED_SETTING]))?.split("\n") ?? [];
  if (!published.includes(branch)) await repo.run(["config", "--local", "--add", PUBLISHED_SETTING, branch]);
}

/** The commits last published from this checkout, each with its branch. */
async function publishedCommits(repo: Repository): Promise<{ branch: string; commit: string }[]> {
  const branches = (await repo.probe(["config", "--get-all", PUBLISHED_SETTING]))?.split("\n") ?? [];
  const found: { branch: string; commit: string }[] = [];
  for (const branch of branches) {
    const commit = await repo.probe(["rev-parse", "--verify", "--quiet", `${PUBLISHED_REFS}${branch}^{commit}`]);
    if (commit) found.push({ branch, commit });
  }
  return found;
}

/** Whether a file's copy in the working tree is the one at `commit` (a file deleted here and absent there is too). */
async function sameAsIn(repo: Repository, commit: string, file: string): Promise<boolean> {
  const inRepo = repo.fromProject(file);
  const [there, mine] = await Promise.all([
    repo.probe(["rev-parse", "--verify", "--quiet", `${commit}:${inRepo}`]),
    repo.probe(["hash-object", "--", inRepo]),
  ]);
  return there === mine;
}

/** Whether a branch's review request is still open, as the forge says (none without a forge to ask). */
export type IsOpen = (branch: string) => Promise<boolean>;

/**
 * Which of the changed files are in review: their copy is what was last pushed to the branch under review (the one
 * the next publish adds to), that commit is in none of `tips` (the base as the checkout knows it), and the branch's
 * request is open, when a forge can say (`isOpen`): a request closed without merging holds nothing in review. Such a
 * file is not the marketer's to publish again; Get latest brings it in once the request is merged.
 */
export async function inReview(
  repo: Repository,
  changes: Change[],
  tips: string[],
  isOpen?: IsOpen,
): Promise<InReview | undefined> {
  const branch = await repo.probe(["config", "--get", OPEN_BRANCH_SETTING]);
  if (!branch) return undefined;
  const commit = await repo.probe(["rev-parse", "--verify", "--quiet", `${PUBLISHED_REFS}${branch}^{commit}`]);
  if (!commit) return undefined;
  for (const tip of tips) if (await repo.isAncestor(commit, tip)) return undefined;
  if (isOpen && !(await isOpen(branch))) return undefined;
  const files: string[] = [];
  for (const change of changes) if (await sameAsIn(repo, commit, change.file)) files.push(change.file);
  return files.length ? { branch, files } : undefined;
}

/**
 * A test of whether the copy of a file is what this checkout published in a commit one of `tips` holds and the checkout
 * does not have yet: the marketer's own change, merged (as it was, or combined with others' by the reviewer, or changed
 * since). Get latest may write the base's version over it: nothing of theirs is lost, it is in the site's history. A
 * copy as a publication the checkout already has is an edit of its own (a version restored from the history, say).
 */
export async function mergedCopies(repo: Repository, tips: string[]): Promise<(file: string) => Promise<boolean>> {
  const merged: string[] = [];
  for (const { commit } of await publishedCommits(repo)) {
    if (await repo.isAncestor(commit, "HEAD")) continue;
    for (const tip of tips)
      if (await repo.isAncestor(commit, tip)) {
        merged.push(commit);
        break;
      }
  }
  return async (file) => {
    for (const commit of merged) if (await sameAsIn(repo, commit, file)) return true;
    return false;
  };
}

export interface Published {
  /** Changed files whose copy was published and merged: Get latest brings the site's version of them. */
  merged: string[];
  inReview?: InReview;
}

/** Where the marketer's changed files stand against what they published, with the base at `tips`. */
export async function publishedState(
  repo: Repository,
  changes: Change[],
  tips: string[],
  isOpen?: IsOpen,
): Promise<Published> {
  const isMerged = await mergedCopies(repo, tips);
  const merged: string[] = [];
  for (const change of changes) if (await isMerged(change.file)) merged.push(change.file);
  const review = await inReview(
    repo,
    changes.filter((change) => !merged.includes(change.file)),
    tips,
    isOpen,
  );
  return { merged, ...(review ? { inReview: review } : {}) };
}
