import { type AnyEntry, CatalogueError, editorForgeErrors, messageOf } from "../../contract/errors.ts";
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

/** A forge's refusal, with the catalogue entry telling the marketer what to do. */
export class ForgeRefusal extends CatalogueError {
  constructor(
    readonly entry: AnyEntry,
    message: string,
  ) {
    super(entry, message);
    this.name = "ForgeRefusal";
  }
}

/** The catalogue's reading of a forge's HTTP status (0: no answer at all). */
export function forgeFailure(forge: Forge["name"], status: number): ForgeRefusal {
  if (status === 401)
    return new ForgeRefusal(editorForgeErrors.tokenRefused, messageOf(editorForgeErrors.tokenRefused, { forge }));
  if (status === 403 || status === 404)
    return new ForgeRefusal(editorForgeErrors.noPermission, messageOf(editorForgeErrors.noPermission, { forge }));
  if (status === 0)
    return new ForgeRefusal(editorForgeErrors.unreachable, messageOf(editorForgeErrors.unreachable, { forge }));
  return new ForgeRefusal(editorForgeErrors.failed, messageOf(editorForgeErrors.failed, { forge, status }));
}

/** The request's body: the changed pages with their addresses on the site, one a line. */
export function requestBody(pages: { file: string; path?: string; kind: string }[]): string {
  const lines = pages.map(({ file, path, kind }) => `- ${path ? `\`${path}\` ` : ""}(${kind}: \`${file}\`)`);
  return ["Changes published from the page editor:", "", ...lines].join("\n");
}
