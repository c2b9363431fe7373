import {
  type Forge,
  type RequestState,
  type ReviewRequest,
  askedByOf,
  checksOf,
  forgeFailure,
  latestMerged,
} from "./forge.ts";

export const GITLAB_API = "https://gitlab.com/api/v4";

interface MergeRequest {
  iid: number;
  web_url: string;
  state: string;
  title?: string;
  description?: string | null;
  source_branch?: string;
  head_pipeline?: { id?: number; status?: string; web_url?: string } | null;
  merge_commit_sha?: string | null;
  squash_commit_sha?: string | null;
  merged_at?: string | null;
}

interface Job {
  name: string;
  web_url?: string;
}

const STATES: Record<string, RequestState> = { opened: "open", merged: "merged", closed: "closed", locked: "open" };
const requestOf = (mr: MergeRequest): ReviewRequest => {
  // A squashed merge request's commit is its squash commit when the project makes no merge commit after it.
  const mergeCommit = mr.state === "merged" ? (mr.merge_commit_sha ?? mr.squash_commit_sha) : undefined;
  return { number: mr.iid, url: mr.web_url, state: STATES[mr.state] ?? "open", ...(mergeCommit && { mergeCommit }) };
};

/** GitLab's merge requests for a project (`group/name`), through its REST API at CI_API_V4_URL or gitlab.com's. */
export function gitlab(options: { project: string; token: string; apiUrl?: string }): Forge {
  const api = `${(options.apiUrl ?? GITLAB_API).replace(/\/$/, "")}/projects/${encodeURIComponent(options.project)}`;
  const call = async <T>(pathname: string, init: RequestInit = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${api}${pathname}`, {
        ...init,
        headers: { "private-token": options.token, "content-type": "application/json" },
      });
    } catch {
      throw forgeFailure("GitLab", 0);
    }
    if (!response.ok) throw forgeFailure("GitLab", response.status);
    return (await response.json()) as T;
  };
  return {
    name: "GitLab",
    open: async ({ head, base, title, body }) =>
      requestOf(
        await call<MergeRequest>("/merge_requests", {
          method: "POST",
          body: JSON.stringify({ source_branch: head, target_branch: base, title, description: body }),
        }),
      ),
    findOpen: async (branch) => {
      const list = await call<MergeRequest[]>(
        `/merge_requests?state=opened&source_branch=${encodeURIComponent(branch)}`,
      );
      return list[0] ? requestOf(list[0]) : undefined;
    },
    state: async (number) => requestOf(await call<MergeRequest>(`/merge_requests/${number}`)),
    listOpen: async (base) => {
      const list = await call<MergeRequest[]>(
        `/merge_requests?state=opened&target_branch=${encodeURIComponent(base)}&per_page=100`,
      );
      // The list leaves out each request's pipeline: asked of each request itself.
      return Promise.all(
        list.map(async ({ iid }) => {
          const mr = await call<MergeRequest>(`/merge_requests/${iid}`);
          const askedBy = askedByOf(mr.description);
          const pipeline = mr.head_pipeline;
          const checks = checksOf(pipeline?.status);
          // A failed pipeline names its failed jobs, each with its log's page; the pipeline's own page otherwise.
          const jobs =
            checks === "failing" && pipeline?.id !== undefined
              ? await call<Job[]>(`/pipelines/${pipeline.id}/jobs?scope[]=failed&per_page=100`)
              : [];
          const failed = jobs.length
            ? jobs.map((job) => ({ name: job.name, ...(job.web_url && { url: job.web_url }) }))
            : [{ name: "pipeline", ...(pipeline?.web_url && { url: pipeline.web_url }) }];
          return {
            ...requestOf(mr),
            title: mr.title ?? "",
            branch: mr.source_branch ?? "",
            ...(askedBy && { askedBy }),
            checks,
            ...(checks === "failing" && { failed }),
          };
        }),
      );
    },
    listMerged: async (base) => {
      // Ordered by their last update, which every GitLab sorts by (only recent versions sort by merged_at): the latest
      // merged are among the most recently updated, and are sorted by when they were merged here.
      const list = await call<MergeRequest[]>(
        `/merge_requests?state=merged&target_branch=${encodeURIComponent(base)}&order_by=updated_at&sort=desc&per_page=100`,
      );
      return latestMerged(
        list.map((mr) => {
          const askedBy = askedByOf(mr.description);
          return {
            ...requestOf(mr),
            title: mr.title ?? "",
            branch: mr.source_branch ?? "",
            ...(askedBy && { askedBy }),
            mergedAt: Date.parse(mr.merged_at ?? "") || 0,
          };
        }),
      );
    },
    merge: async (number) => {
      await call(`/merge_requests/${number}/merge`, { method: "PUT", body: "{}" });
    },
    comment: async (number, text) => {
      await call(`/merge_requests/${number}/notes`, { method: "POST", body: JSON.stringify({ body: text }) });
    },
  };
}
