import type { Base, Repository } from "./repository.ts";

export interface BranchState {
  /** The checked-out branch's short name ("feature/pricing"), or undefined on a detached HEAD. */
  branch: string | undefined;
  base: Base;
  /** Whether it is the base's own branch: the same name, or a branch that tracks the base. */
  onBase: boolean;
}

/** Where the checkout stands against the base: on it, or on another branch (a developer's feature branch). */
export async function branchState(repo: Repository): Promise<BranchState> {
  const base = await repo.base();
  const ref = await repo.probe(["symbolic-ref", "-q", "HEAD"]);
  const branch = ref?.replace(/^refs\/heads\//, "");
  if (!branch) return { branch, base, onBase: false };
  const upstream = await repo.probe(["rev-parse", "--symbolic-full-name", `${branch}@{upstream}`]);
  return { branch, base, onBase: branch === base.branch || upstream === base.ref };
}
