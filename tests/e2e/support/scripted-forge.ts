import { execFile } from "node:child_process";
import fs from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { http, HttpResponse, getResponse } from "msw";
import type { SiteRemote } from "../../support/editor/team/test-process.ts";

const run = promisify(execFile);

/** The site repository's address on the scripted GitHub; git's settings of the test send it to the bare remote. */
export const GITHUB_SITE = "https://github.example.test/voxa/site.git";
const GITHUB_SERVER = "https://github.example.test";
const OWNER = "voxa";
/** The service's token, which the editor's process alone holds; the scripted forge refuses any other. */
export const SERVICE_TOKEN = "service-token-of-the-team-editor";

export interface ScriptedPull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  state: "open" | "closed";
  merged: boolean;
  comments: string[];
}

export interface ScriptedGitHub {
  /** What the editor's process adds to its environment to take this forge for the site's. */
  env: NodeJS.ProcessEnv;
  /** Every call the forge received: method, path and query, JSON body. */
  sent: { method: string; url: string; body: unknown }[];
  pulls: ScriptedPull[];
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding"]);

const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });

/**
 * GitHub's REST API for one repository (`voxa/site`), scripted with msw's handlers and served over HTTP on this
 * machine, so that `npm run edit:team` in a process of its own reaches it as it reaches github.com: pull requests
 * opened, listed with their head commit and combined status, commented on, and merged. A merge is a real one: a merge
 * commit of the request's branch onto main, pushed to the bare remote, as GitHub's Merge button makes it.
 *
 * The site's repository is known by a GitHub address (`GITHUB_SITE`), which git's settings of the test rewrite to the
 * bare remote on disk; `env` names this server as that GitHub's API, with the service's token.
 */
export async function scriptedGitHub(site: SiteRemote): Promise<ScriptedGitHub> {
  fs.appendFileSync(site.gitEnv.GIT_CONFIG_GLOBAL!, `[url "${site.remote}"]\n\tinsteadOf = ${GITHUB_SITE}\n`);
  const git = async (cwd: string, ...args: string[]) =>
    (await run("git", args, { cwd, env: site.gitEnv, encoding: "utf8" })).stdout.trim();
  const pulls: ScriptedPull[] = [];
  const sent: ScriptedGitHub["sent"] = [];
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  const repo = `${api}/repos/${OWNER}/site`;

  const htmlUrl = (number: number) => `${GITHUB_SERVER}/${OWNER}/site/pull/${number}`;
  const pullOf = async (pull: ScriptedPull) => ({
    number: pull.number,
    html_url: htmlUrl(pull.number),
    state: pull.state,
    merged_at: pull.merged ? new Date().toISOString() : null,
    title: pull.title,
    body: pull.body,
    head: { ref: pull.head, sha: await git(site.remote, "rev-parse", `refs/heads/${pull.head}`) },
    base: { ref: pull.base },
  });
  const find = (number: string | readonly string[] | undefined) =>
    pulls.find((pull) => String(pull.number) === String(number));

  /** The request's branch merged onto its base in a clone of the remote, and pushed: the merge GitHub makes. */
  async function merge(pull: ScriptedPull) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-forge-merge-"));
    try {
      await git(work, "clone", "--quiet", "--branch", pull.base, site.remote, ".");
      const message = `Merge pull request #${pull.number} from ${OWNER}/${pull.head}\n\n${pull.title}`;
      await git(
        work,
        ...["-c", "user.name=GitHub", "-c", "user.email=noreply@github.example.test"],
        ...["merge", "--no-ff", "--quiet", "-m", message, `origin/${pull.head}`],
      );
      await git(work, "push", "--quiet", "origin", pull.base);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  const handlers = [
    http.all(`${api}/*`, ({ request }) => {
      if (request.headers.get("authorization") !== `token ${SERVICE_TOKEN}`)
        return json({ message: "Bad credentials" }, 401);
      return undefined;
    }),
    http.get(`${repo}/pulls`, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      const listed = pulls.filter(
        (pull) =>
          (query.get("state") ?? "open") === pull.state &&
          (!query.get("base") || query.get("base") === pull.base) &&
          (!query.get("head") || query.get("head") === `${OWNER}:${pull.head}`),
      );
      return json(await Promise.all(listed.map(pullOf)));
    }),
    http.post(`${repo}/pulls`, async ({ request }) => {
      const { head, base, title, body } = (await request.json()) as Record<string, string>;
      const pull = { number: pulls.length + 1, title, body, head, base, state: "open" as const };
      pulls.push({ ...pull, merged: false, comments: [] });
      return json(await pullOf(pulls.at(-1)!), 201);
    }),
    http.get(`${repo}/pulls/:number`, async ({ params }) => {
      const pull = find(params.number);
      return pull ? json(await pullOf(pull)) : json({ message: "Not Found" }, 404);
    }),
    http.get(`${repo}/commits/:sha/status`, () =>
      json({ state: "success", total_count: 1, statuses: [{ context: "ci/site", state: "success" }] }),
    ),
    http.get(`${repo}/commits/:sha/check-runs`, () => json({ total_count: 0, check_runs: [] })),
    http.put(`${repo}/pulls/:number/merge`, async ({ params }) => {
      const pull = find(params.number);
      if (!pull) return json({ message: "Not Found" }, 404);
      if (pull.state !== "open") return json({ message: "Pull Request is not mergeable" }, 405);
      await merge(pull);
      Object.assign(pull, { state: "closed", merged: true });
      return json({ merged: true, message: "Pull Request successfully merged" });
    }),
    http.post(`${repo}/issues/:number/comments`, async ({ params, request }) => {
      const pull = find(params.number);
      if (!pull) return json({ message: "Not Found" }, 404);
      pull.comments.push(((await request.json()) as { body: string }).body);
      return json({ id: pull.comments.length }, 201);
    }),
  ];

  server.on("request", (incoming: IncomingMessage, reply: ServerResponse) => {
    void answer(incoming, reply).catch((error: unknown) => {
      reply.writeHead(500, { "content-type": "application/json" });
      reply.end(JSON.stringify({ message: String(error) }));
    });
  });
  async function answer(incoming: IncomingMessage, reply: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    sent.push({ method: incoming.method!, url: incoming.url!, body: text ? (JSON.parse(text) as unknown) : undefined });
    const headers = new Headers();
    // The connection's own headers stay with the connection; the handlers read what the client asked.
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === "string" && !HOP_BY_HOP.has(name)) headers.set(name, value);
    const request = new Request(`${api.replace(/\/api\/v3$/, "")}${incoming.url}`, {
      method: incoming.method,
      headers,
      ...(text && { body: text }),
    });
    const response = (await getResponse(handlers, request)) ?? json({ message: "Not Found" }, 404);
    reply.writeHead(response.status, Object.fromEntries(response.headers));
    reply.end(Buffer.from(await response.arrayBuffer()));
  }

  return {
    env: {
      EDIT_TEAM_SOURCE: GITHUB_SITE,
      GITHUB_SERVER_URL: GITHUB_SERVER,
      GITHUB_API_URL: api,
      GITHUB_TOKEN: SERVICE_TOKEN,
    },
    sent,
    pulls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The editor's client keeps its connections open between calls: they end with the server.
        server.closeAllConnections();
      }),
  };
}
