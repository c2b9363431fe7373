import { type CatalogueError, catalogueError, editorGitErrors } from "../../contract/errors.ts";

/** A git step that was refused or failed, with the catalogue entry that tells the marketer what to do. */
export const refusal = catalogueError;

/** git's words for a remote that cannot be reached: no network, no such host, no such repository. */
const OFFLINE =
  /could not resolve host|unable to access|connection (refused|timed out)|network is unreachable|does not appear to be a git repository|could not read from remote repository|failed to connect|no such file or directory/i;
const REJECTED = /\[rejected\]|cannot lock ref|non-fast-forward|fetch first|\(stale info\)/i;
const FORBIDDEN =
  /permission denied|authentication failed|\b40[13]\b|not allowed|protected branch|pre-receive hook declined|could not read username|terminal prompts disabled/i;

/**
 * The catalogue's reading of a failed git command talking to the remote (fetch or push). A permission problem is
 * checked first: git adds "could not read from remote repository" and "rejected" to it.
 */
export function remoteFailure(error: unknown, branch = ""): CatalogueError {
  const text = error instanceof Error ? error.message : String(error);
  if (FORBIDDEN.test(text)) return refusal(editorGitErrors.noPermission);
  if (REJECTED.test(text)) return refusal(editorGitErrors.pushRejected, { branch });
  if (OFFLINE.test(text)) return refusal(editorGitErrors.offline);
  return refusal(editorGitErrors.failed, { detail: firstLine(text) });
}

export const firstLine = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "") ?? "";
