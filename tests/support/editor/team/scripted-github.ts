import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { http, HttpResponse, type RequestHandler } from "msw";
import { github } from "../../../../editor/forge/github.ts";
import type { Forge } from "../../../../editor/forge/forge.ts";

/**
 * The site's repository as a bare remote on disk, and GitHub's pull request API for it scripted with msw: each
 * request a branch of the remote; a merge is done in git on the remote's main (a merge commit), or refused as GitHub
 * refuses a pull request that conflicts (405 "Pull Request is not mergeable"), leaving main as it was.
 */

export const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;

export interface ScriptedRequest {
  number: number;
  title: string;
  branch: string;
  state: "open" | "closed" | "merged";
  author: { name: string; email: string };
  checks: "success" | "failure";
  /** Its commit on main once merged (a merge commit). */
  mergeCommit?: string;
  body?: string;
}

export function scriptedGitHub() {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-schedules-"));
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: path.join(top, "gitconfig"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
  };
  fs.writeFileSync(
    env.GIT_CONFIG_GLOBAL,
    "[init]\n\tdefaultBranch = main\n[user]\n\tname = Dev\n\temail = dev@example.com\n",
  );
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" });
  const remote = path.join(top, "site.git");
  const seed = path.join(top, "seed");
  git(top, "init", "--quiet", "--bare", remote);
  git(top, "init", "--quiet", seed);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(seed, file)), { recursive: true });
    fs.writeFileSync(path.join(seed, file), text);
  };
  write("site-config/pages/about.json", '{ "title": "About" }\n');
  git(seed, "add", ".");
  git(seed, "commit", "--quiet", "-m", "The site");
  git(seed, "push", "--quiet", remote, "main");

  const requests = new Map<number, ScriptedRequest>();
  const merges: number[] = [];
  const opened: number[] = [];
  let unreachable = false;

  /** Writes `files` (null: removes one) in the seed's work tree and commits them all. */
  const commitFiles = (message: string, files: Record<string, string | null>) => {
    for (const [file, text] of Object.entries(files))
      if (text === null) fs.rmSync(path.join(seed, file));
      else write(file, text);
    git(seed, "add", "--all");
    git(seed, "commit", "--quiet", "-m", message);
  };

  /** Commits `files` (null: removes one) onto main directly, as a push to it would. */
  const commitToMain = (message: string, files: Record<string, string | null>) => {
    git(seed, "fetch", "--quiet", remote, "main");
    git(seed, "checkout", "--quiet", "-B", "main", "FETCH_HEAD");
    commitFiles(message, files);
    git(seed, "push", "--quiet", remote, "main");
  };

  /**
   * Request `number`: a branch whose commit sets about.json's title to `title` (or writes `files`), from main as it is
   * now.
   */
  const addRequest = (
    number: number,
    title: string,
    more: Partial<ScriptedRequest> & { files?: Record<string, string | null> } = {},
  ) => {
    const { files, ...rest } = more;
    const branch = `edit/request-${number}`;
    git(seed, "fetch", "--quiet", remote, "main");
    git(seed, "checkout", "--quiet", "-B", branch, "FETCH_HEAD");
    commitFiles(title, files ?? { "site-config/pages/about.json": `{ "title": "${title}" }\n` });
    git(seed, "push", "--quiet", "--force", remote, `${branch}:${branch}`);
    const request: ScriptedRequest = {
      number,
      title,
      branch,
      state: "open",
      author: { name: "Bob Smith", email: "bob@example.com" },
      checks: "success",
      ...rest,
    };
    requests.set(number, request);
    return request;
  };

  const mainOf = () => git(remote, "rev-parse", "refs/heads/main").trim();

  /** Merges the request's branch into main as GitHub's Merge button does: all of it, or nothing on a conflict. */
  const mergeInGit = (request: ScriptedRequest): boolean => {
    const work = fs.mkdtempSync(path.join(top, "merge-"));
    try {
      git(work, "clone", "--quiet", remote, ".");
      try {
        git(
          work,
          "merge",
          "--quiet",
          "--no-ff",
          "-m",
          `Merge pull request #${request.number}`,
          `origin/${request.branch}`,
        );
      } catch {
        return false;
      }
      git(work, "push", "--quiet", "origin", "main");
      return true;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  };

  const pullOf = (request: ScriptedRequest) => ({
    number: request.number,
    html_url: `https://github.example.test/voxa/site/pull/${request.number}`,
    state: request.state === "open" ? "open" : "closed",
    merged_at: request.state === "merged" ? "2026-12-14T08:00:00Z" : null,
    merge_commit_sha: request.mergeCommit ?? null,
    title: request.title,
    body:
      request.body ??
      `Changes published from the page editor:\n\nAsked for by ${request.author.name} <${request.author.email}> in the team page editor.`,
    head: { ref: request.branch, sha: `sha-${request.number}` },
  });
  const numberOf = (params: Record<string, unknown>) => requests.get(Number(params.number));
  const reachable =
    <A extends { params: Record<string, unknown>; request: Request }>(
      answer: (args: A) => Response | Promise<Response>,
    ) =>
    (args: A) =>
      unreachable ? HttpResponse.error() : answer(args);

  const handlers: RequestHandler[] = [
    http.get(
      `${REPO}/pulls/:number`,
      reachable(({ params }) => {
        const request = numberOf(params);
        return request
          ? HttpResponse.json(pullOf(request))
          : HttpResponse.json({ message: "Not Found" }, { status: 404 });
      }),
    ),
    http.get(
      `${REPO}/pulls`,
      reachable(({ request }) => {
        // `head=owner:branch` asks for the open request of one branch (the editor's findOpen).
        const head = new URL(request.url).searchParams.get("head")?.replace(/^voxa:/, "");
        const open = [...requests.values()].filter((r) => r.state === "open" && (!head || r.branch === head));
        return HttpResponse.json(open.map(pullOf));
      }),
    ),
    http.post(
      `${REPO}/pulls`,
      reachable(async ({ request }) => {
        const { head, title, body } = (await request.json()) as { head: string; title: string; body: string };
        const number = Math.max(100, ...requests.keys()) + 1;
        opened.push(number);
        const author = { name: "Page editor", email: "page-editor@localhost" };
        const made: ScriptedRequest = { number, title, branch: head, state: "open", author, checks: "success", body };
        requests.set(number, made);
        return HttpResponse.json(pullOf(made), { status: 201 });
      }),
    ),
    http.get(
      `${REPO}/commits/:sha/status`,
      reachable(({ params }) => {
        const request = requests.get(Number(String(params.sha).replace("sha-", "")));
        return HttpResponse.json({
          state: request?.checks ?? "success",
          total_count: 1,
          statuses: [{ context: "ci/build", state: request?.checks ?? "success", target_url: null }],
        });
      }),
    ),
    http.get(
      `${REPO}/commits/:sha/check-runs`,
      reachable(() => HttpResponse.json({ total_count: 0, check_runs: [] })),
    ),
    http.put(
      `${REPO}/pulls/:number/merge`,
      reachable(({ params }) => {
        const request = numberOf(params);
        if (!request) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
        merges.push(request.number);
        if (request.state !== "open" || !mergeInGit(request))
          return HttpResponse.json({ message: "Pull Request is not mergeable" }, { status: 405 });
        request.state = "merged";
        request.mergeCommit = mainOf();
        return HttpResponse.json({ merged: true, message: "Pull Request successfully merged", sha: mainOf() });
      }),
    ),
  ];

  return {
    remote,
    git,
    requests,
    /** The request numbers GitHub was asked to merge, in order, whatever it answered. */
    merges,
    /** The numbers of the requests the editor opened, in order. */
    opened,
    handlers,
    addRequest,
    commitToMain,
    /** The text of `file` on main, or undefined where main has none. */
    fileOnMain: (file: string) => {
      try {
        return git(remote, "show", `main:${file}`);
      } catch {
        return undefined;
      }
    },
    mainOf,
    /** Whether the forge answers at all (false: as if the network were down). */
    setReachable: (answers: boolean) => void (unreachable = !answers),
    /** The editor's client of the scripted GitHub. */
    forge: (): Forge => github({ owner: "voxa", repo: "site", token: "service-token", apiUrl: API }),
    remove: () => fs.rmSync(top, { recursive: true, force: true }),
  };
}
