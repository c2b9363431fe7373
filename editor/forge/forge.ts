import { type CatalogueError, catalogueError, editorForgeErrors } from "../../contract/errors.ts";
import type {
  ChecksState,
  FailedCheck,
  MergedRequest,
  OpenRequest,
  RequestState,
  ReviewRequestInfo,
} from "../protocol.ts";

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
  /** The repository's open requests into `base`, with what their checks say. */
  listOpen: (base: string) => Promise<OpenRequest[]>;
  /**
   * The requests merged into `base` most recently (at most `MERGED_LISTED`), the latest first: what a publisher may
   * take down.
   */
  listMerged: (base: string) => Promise<MergedRequest[]>;
  /** Merges a request, as the forge's own Merge button would. */
  merge: (number: number) => Promise<void>;
  /** Sends a request back to its author with a comment, leaving it open. */
  comment: (number: number, text: string) => Promise<void>;
}

/** How many of the latest merged requests a forge lists: enough for a campaign's weeks, few enough to read. */
export const MERGED_LISTED = 20;

/** Merged requests, the latest first, at most `MERGED_LISTED` of them. */
export const latestMerged = (requests: MergedRequest[]): MergedRequest[] =>
  requests.toSorted((a, b) => b.mergedAt - a.mergedAt).slice(0, MERGED_LISTED);

/** The line the team editor ends a request's description with: who asked for it. */
const ASKED_BY = /Asked for by (.+?) <([^<>\s]+@[^<>\s]+)> in the team page editor\./;

/** Who asked for a request, from its description; undefined for one opened elsewhere. */
export function askedByOf(description: string | null | undefined): OpenRequest["askedBy"] {
  const match = ASKED_BY.exec(description ?? "");
  return match ? { name: match[1]!, email: match[2]!.toLowerCase() } : undefined;
}

/** A forge's word for its checks, in the editor's. */
export const checksOf = (state: string | null | undefined): ChecksState =>
  state === "success"
    ? "passing"
    : state === "failure" || state === "error" || state === "failed" || state === "canceled"
      ? "failing"
      : state === "pending" || state === "running" || state === "created" || state === "waiting_for_resource"
        ? "pending"
        : "none";

/** One check of a commit, as a forge reports it: its name, its page, and what it says in the editor's words. */
export interface CheckOf {
  name: string;
  url?: string;
  state: ChecksState;
}

/**
 * What a commit's checks say together: failing when one failed (each failed one named), else pending while one runs,
 * else passing; none without a check.
 */
export function checksSummary(checks: readonly CheckOf[]): Pick<OpenRequest, "checks" | "failed"> {
  const failed: FailedCheck[] = checks
    .filter((check) => check.state === "failing")
    .map(({ name, url }) => ({ name, ...(url && { url }) }));
  if (failed.length) return { checks: "failing", failed };
  const states = new Set(checks.map((check) => check.state));
  return { checks: states.has("pending") ? "pending" : states.has("passing") ? "passing" : "none" };
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
