import { type CatalogueError, catalogueError, editorForgeErrors } from "../../contract/errors.ts";
import type { RequestState, ReviewRequestInfo } from "../../contract/editor-protocol.ts";

export type { RequestState };
export type ReviewRequest = ReviewRequestInfo;

export interface NewRequest {
  /** The pushed branch. */
  head: string;
  /** The branch the site is published from. */
  base: string;
  title: string;
  body: string;
}

/** A forge's review requests (GitHub's pull requests, GitLab's merge requests) for one repository. */
export interface Forge {
  name: "GitHub" | "GitLab";
  open: (request: NewRequest) => Promise<ReviewRequest>;
  /** The open request whose head is `branch`, if any: publishing again adds to it rather than opening another. */
  findOpen: (branch: string) => Promise<ReviewRequest | undefined>;
  state: (number: number) => Promise<ReviewRequest>;
}

/** The catalogue's reading of a forge's HTTP status (0: no answer at all). */
export function forgeFailure(forge: Forge["name"], status: number): CatalogueError {
  if (status === 401) return catalogueError(editorForgeErrors.tokenRefused, { forge });
  if (status === 403 || status === 404) return catalogueError(editorForgeErrors.noPermission, { forge });
  if (status === 0) return catalogueError(editorForgeErrors.unreachable, { forge });
  return catalogueError(editorForgeErrors.failed, { forge, status });
}

/** The request's body: the changed pages with their addresses on the site, one a line. */
export function requestBody(
  pages: { file: string; path?: string; kind: string }[],
  askedBy?: { name: string; email: string },
): string {
  const lines = pages.map(({ file, path, kind }) => `- ${path ? `\`${path}\` ` : ""}(${kind}: \`${file}\`)`);
  const who = askedBy ? ["", `Asked for by ${askedBy.name} <${askedBy.email}> in the team page editor.`] : [];
  return ["Changes published from the page editor:", "", ...lines, ...who].join("\n");
}
