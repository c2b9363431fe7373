import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Forge } from "./forge.ts";
import { GITHUB_API, github } from "./github.ts";
import { GITLAB_API, gitlab } from "./gitlab.ts";

/** Where a remote lives: its host and the repository's path there ("voxa/site"). */
export function parseRemote(url: string): { host: string; path: string } | undefined {
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+?)(?:\.git)?\/?$/.exec(url);
  if (scp && !/^[a-z]+:\/\//i.test(url)) return { host: scp[1].toLowerCase(), path: scp[2] };
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return undefined;
    return {
      host: parsed.hostname.toLowerCase(),
      path: parsed.pathname.replace(/^\/+|\/+$/g, "").replace(/\.git$/, ""),
    };
  } catch {
    return undefined;
  }
}

const hostOf = (url: string | undefined) => (url ? new URL(url).hostname.toLowerCase() : undefined);

/** A command's output, or undefined when it is not installed or fails (gh or glab without a login). */
const commandOutput = async (command: string, args: string[]) => {
  try {
    return (await promisify(execFile)(command, args, { timeout: 5000 })).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
};

export interface ForgeChoice {
  kind: "github" | "gitlab";
  /** The forge's client, when a token was found. */
  forge?: Forge;
  /** The page on the forge that opens a request for a branch, shown when there is no token. */
  compareUrl: (branch: string, base: string) => string;
}

/**
 * The forge a remote lives on (GitHub or GitLab: their public hosts, or the hosts of GITHUB_API_URL / CI_API_V4_URL
 * for GitHub Enterprise and self-hosted GitLab), with a client when a token is found: GITHUB_TOKEN or GH_TOKEN, or
 * `gh auth token`; GITLAB_TOKEN, or `glab config get token`. The token stays in this process.
 */
export async function detectForge(remoteUrl: string, env = process.env): Promise<ForgeChoice | undefined> {
  const remote = parseRemote(remoteUrl);
  if (!remote) return undefined;
  const githubApi = env.GITHUB_API_URL || GITHUB_API;
  const gitlabApi = env.CI_API_V4_URL || GITLAB_API;
  const githubHosts = ["github.com", hostOf(env.GITHUB_SERVER_URL), env.GITHUB_API_URL ? hostOf(githubApi) : undefined];
  const gitlabHosts = ["gitlab.com", hostOf(env.CI_SERVER_URL), env.CI_API_V4_URL ? hostOf(gitlabApi) : undefined];
  const web = `https://${remote.host}/${remote.path}`;
  if (githubHosts.includes(remote.host)) {
    const [owner, repo] = remote.path.split("/");
    const token =
      env.GITHUB_TOKEN || env.GH_TOKEN || (await commandOutput("gh", ["auth", "token", "--hostname", remote.host]));
    return {
      kind: "github",
      forge: token ? github({ owner, repo, token, apiUrl: githubApi }) : undefined,
      compareUrl: (branch, base) => `${web}/compare/${base}...${branch}?expand=1`,
    };
  }
  if (gitlabHosts.includes(remote.host)) {
    const token = env.GITLAB_TOKEN || (await commandOutput("glab", ["config", "get", "token", "--host", remote.host]));
    return {
      kind: "gitlab",
      forge: token ? gitlab({ project: remote.path, token, apiUrl: gitlabApi }) : undefined,
      compareUrl: (branch, base) =>
        `${web}/-/merge_requests/new?merge_request[source_branch]=${encodeURIComponent(branch)}&merge_request[target_branch]=${encodeURIComponent(base)}`,
    };
  }
  return undefined;
}
