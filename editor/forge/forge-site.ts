import { GITHUB_API } from "./github.ts";
import { GITLAB_API } from "./gitlab.ts";

type Env = Record<string, string | undefined>;

export type ForgeKind = "github" | "gitlab";

/** Where the site's repository lives on a forge, and where that forge's API answers. */
export interface ForgeSite {
  kind: ForgeKind;
  name: "GitHub" | "GitLab";
  /** The forge's web address, https://github.com or a GitHub Enterprise / self-hosted GitLab one. */
  web: string;
  /** The repository's path there: owner/name on GitHub, group(/subgroup)/project on GitLab. */
  repository: string;
  apiUrl: string;
  /** What named the repository: its address, or the forge's own variable when the address names none. */
  namedBy: "address" | "GITHUB_REPOSITORY" | "CI_PROJECT_PATH";
}

/**
 * Each forge's settings, as its own CI sets them (GitHub Actions, GitLab CI): the API, the web server, the variable
 * that names the repository, the tokens, and the shape of a repository's path.
 */
export const FORGES = {
  github: {
    name: "GitHub",
    api: "GITHUB_API_URL",
    server: "GITHUB_SERVER_URL",
    named: "GITHUB_REPOSITORY",
    tokens: ["GITHUB_TOKEN", "GH_TOKEN"],
    publicHost: "github.com",
    publicApi: GITHUB_API,
    // GitHub Enterprise Server answers at <server>/api/v3.
    apiPath: "/api/v3",
    repository: /^[\w.-]+\/[\w.-]+$/,
    example: "company/site",
  },
  gitlab: {
    name: "GitLab",
    api: "CI_API_V4_URL",
    server: "CI_SERVER_URL",
    named: "CI_PROJECT_PATH",
    tokens: ["GITLAB_TOKEN"],
    publicHost: "gitlab.com",
    publicApi: GITLAB_API,
    apiPath: "/api/v4",
    repository: /^[\w.-]+(?:\/[\w.-]+)+$/,
    example: "company/web/site",
  },
} as const;

const KINDS = ["github", "gitlab"] as const;

/** The settings that hold an address, each checked at the team editor's start. */
export const FORGE_URL_SETTINGS = KINDS.flatMap((kind) => [FORGES[kind].api, FORGES[kind].server]);

/** The public forges' other names for their own host: SSH over port 443. */
const ALIASES: Record<string, string> = { "ssh.github.com": "github.com", "altssh.gitlab.com": "gitlab.com" };

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

/** An http(s) address, or undefined for none or anything else (the team editor's start refuses those). */
export function webUrlOf(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An address as it may be shown: without a user name or password an https address can carry. */
export function shownAddress(address: string): string {
  const url = /^[a-z][\w+.-]*:\/\//i.test(address) ? webUrlOf(address) : undefined;
  if (!url || (!url.username && !url.password)) return address;
  url.username = "";
  url.password = "";
  return url.href;
}

/** The name of the token setting that is set for a forge (GITHUB_TOKEN before GH_TOKEN), if any. */
export const tokenSettingOf = (kind: ForgeKind, env: Env): string | undefined =>
  FORGES[kind].tokens.find((name) => env[name]);

/** A forge's web address: its server setting, else its API's host (api.X is X's), else the public forge. */
function webOf(kind: ForgeKind, env: Env): string {
  const forge = FORGES[kind];
  const server = webUrlOf(env[forge.server]);
  if (server) return server.origin;
  const api = webUrlOf(env[forge.api]);
  if (!api) return `https://${forge.publicHost}`;
  api.hostname = api.hostname.replace(/^api\./, "");
  return api.origin;
}

/** A forge's API: its setting, else that of the web server a GitHub Enterprise or self-hosted GitLab is at. */
function apiOf(kind: ForgeKind, web: string, env: Env): string {
  const forge = FORGES[kind];
  const set = env[forge.api];
  if (set) return set;
  const host = new URL(web).hostname;
  return host === forge.publicHost ? forge.publicApi : `${new URL(web).origin}${forge.apiPath}`;
}

/** The hosts a forge answers at: the public one, and those of its server and API settings. */
function hostsOf(kind: ForgeKind, env: Env): string[] {
  const forge = FORGES[kind];
  const api = webUrlOf(env[forge.api])?.hostname;
  const server = webUrlOf(env[forge.server])?.hostname;
  return [forge.publicHost, server, api, api?.replace(/^api\./, "")].filter((host): host is string => Boolean(host));
}

const siteOf = (kind: ForgeKind, web: string, repository: string, namedBy: ForgeSite["namedBy"], env: Env) => ({
  kind,
  name: FORGES[kind].name,
  web,
  repository,
  apiUrl: apiOf(kind, web, env),
  namedBy,
});

/**
 * The forge and repository the site's address names: an address on github.com or gitlab.com, or on the host of
 * GITHUB_SERVER_URL / GITHUB_API_URL (GitHub Enterprise) or CI_SERVER_URL / CI_API_V4_URL (self-hosted GitLab). An
 * address that names none (a path, file://, another host) takes the repository GITHUB_REPOSITORY or CI_PROJECT_PATH
 * names, when one is set: the one whose token is set, GitHub's when both or neither are.
 */
export function forgeSiteOf(address: string, env: Env): ForgeSite | undefined {
  const remote = parseRemote(address);
  if (remote) {
    const host = ALIASES[remote.host] ?? remote.host;
    const kind = KINDS.find((each) => hostsOf(each, env).includes(host) && FORGES[each].repository.test(remote.path));
    if (kind) return siteOf(kind, `https://${host}`, remote.path, "address", env);
  }
  const order = tokenSettingOf("gitlab", env) && !tokenSettingOf("github", env) ? [...KINDS].reverse() : KINDS;
  for (const kind of order) {
    const forge = FORGES[kind];
    const named = env[forge.named]?.trim().replace(/\.git$/, "");
    if (named && forge.repository.test(named)) return siteOf(kind, webOf(kind, env), named, forge.named, env);
  }
  return undefined;
}
