import { Octokit } from "@octokit/rest";
import {
  type CheckOf,
  type Forge,
  type ReviewRequest,
  askedByOf,
  checksOf,
  checksSummary,
  forgeFailure,
  latestMerged,
} from "./forge.ts";

export const GITHUB_API = "https://api.github.com";

interface Pull {
  number: number;
  html_url: string;
  state: string;
  merged_at?: string | null;
  merge_commit_sha?: string | null;
}

/** A check run's conclusions that fail it (GitHub Actions' jobs, other apps' checks). */
const RUN_FAILED = new Set(["failure", "timed_out", "cancelled", "action_required", "startup_failure"]);

const requestOf = (pull: Pull): ReviewRequest => ({
  number: pull.number,
  url: pull.html_url,
  state: pull.merged_at ? "merged" : pull.state === "open" ? "open" : "closed",
  ...(pull.merged_at && pull.merge_commit_sha && { mergeCommit: pull.merge_commit_sha }),
});

/** GitHub's pull requests for `owner/repo`, through Octokit, at GITHUB_API_URL (GitHub Enterprise) or github.com's. */
export function github(options: { owner: string; repo: string; token: string; apiUrl?: string }): Forge {
  const quiet = () => undefined;
  // Octokit's own log lines ("GET /repos/… - 401") are not the marketer's words: every refusal reaches them through
  // the catalogue instead.
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl ?? GITHUB_API,
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
  const { owner, repo } = options;
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      // Octokit's error carries the answer's status; without an answer (no network) it has no response at all.
      const { status, response } = error as { status?: number; response?: unknown };
      throw forgeFailure("GitHub", response && typeof status === "number" ? status : 0);
    }
  };
  /**
   * A commit's checks: the statuses posted to it (an outside CI) and its check runs (GitHub Actions' jobs, other apps'
   * checks), each by name with its page.
   */
  const checksAt = async (ref: string) => {
    const [status, runs] = await Promise.all([
      octokit.rest.repos.getCombinedStatusForRef({ owner, repo, ref }),
      octokit.rest.checks.listForRef({ owner, repo, ref, per_page: 100 }),
    ]);
    const posted: CheckOf[] = (status.data.statuses ?? []).map((one) => ({
      name: one.context,
      url: one.target_url ?? undefined,
      state: checksOf(one.state),
    }));
    // A combined status that names no status of its own still says how its commit stands.
    if (posted.length === 0 && status.data.total_count > 0)
      posted.push({ name: "status", state: checksOf(status.data.state) });
    const checks: CheckOf[] = [
      ...posted,
      ...runs.data.check_runs.map((run) => ({
        name: run.name,
        url: run.html_url ?? run.details_url ?? undefined,
        state:
          run.status !== "completed"
            ? ("pending" as const)
            : RUN_FAILED.has(run.conclusion ?? "")
              ? ("failing" as const)
              : ("passing" as const),
      })),
    ];
    return checksSummary(checks);
  };
  return {
    name: "GitHub",
    open: ({ head, base, title, body }) =>
      guard(async () => requestOf((await octokit.rest.pulls.create({ owner, repo, head, base, title, body })).data)),
    findOpen: (branch) =>
      guard(async () => {
        const { data } = await octokit.rest.pulls.list({ owner, repo, head: `${owner}:${branch}`, state: "open" });
        return data[0] ? requestOf(data[0]) : undefined;
      }),
    state: (number) =>
      guard(async () => requestOf((await octokit.rest.pulls.get({ owner, repo, pull_number: number })).data)),
    listOpen: (base) =>
      guard(async () => {
        const { data } = await octokit.rest.pulls.list({ owner, repo, base, state: "open", per_page: 100 });
        return Promise.all(
          data.map(async (pull) => ({
            ...requestOf(pull),
            title: pull.title,
            branch: pull.head.ref,
            ...(askedByOf(pull.body) && { askedBy: askedByOf(pull.body) }),
            ...(await checksAt(pull.head.sha)),
          })),
        );
      }),
    listMerged: (base) =>
      guard(async () => {
        // GitHub lists merged and closed pull requests together: the most recently updated hold the latest merged.
        const { data } = await octokit.rest.pulls.list({
          owner,
          repo,
          base,
          state: "closed",
          sort: "updated",
          direction: "desc",
          per_page: 100,
        });
        return latestMerged(
          data.flatMap((pull) =>
            pull.merged_at
              ? [
                  {
                    ...requestOf(pull),
                    title: pull.title,
                    branch: pull.head.ref,
                    ...(askedByOf(pull.body) && { askedBy: askedByOf(pull.body) }),
                    mergedAt: Date.parse(pull.merged_at),
                  },
                ]
              : [],
          ),
        );
      }),
    merge: (number) =>
      guard(async () => {
        await octokit.rest.pulls.merge({ owner, repo, pull_number: number });
      }),
    comment: (number, text) =>
      guard(async () => {
        await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body: text });
      }),
  };
}
