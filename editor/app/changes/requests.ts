import type { ReviewRequestInfo } from "../../protocol.ts";

/**
 * A review request as its forge names it: "pull request #7" on GitHub, "merge request !7" on GitLab. GitLab's pages
 * are the ones under /-/merge_requests/ (its compare page too), on gitlab.com as on a self-hosted server.
 */
export function requestName(request: Pick<ReviewRequestInfo, "number" | "url">): string {
  return isGitLab(request.url) ? `merge request !${request.number}` : `pull request #${request.number}`;
}

export const isGitLab = (url: string) => url.includes("/-/merge_requests");

/** "Open the pull request" / "Open the merge request": the link to the page that opens one, from its address. */
export const openRequestLabel = (compareUrl: string) =>
  isGitLab(compareUrl) ? "Open the merge request" : "Open the pull request";
