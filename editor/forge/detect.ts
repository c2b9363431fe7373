import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Forge } from "./forge.ts";
import { type ForgeSite, forgeSiteOf, tokenSettingOf } from "./forge-site.ts";
import { github } from "./github.ts";
import { gitlab } from "./gitlab.ts";

/** A command's output, or undefined when it is not installed or fails (gh or glab without a login). */
const commandOutput = async (command: string, args: string[]) => {
  try {
    return (await promisify(execFile)(command, args, { timeout: 5000 })).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
};

export interface ForgeChoice {
  /** The forge and the repository on it. */
  site: ForgeSite;
  /** The forge's client, when a token was found. */
  forge?: Forge;
  /** Where the token was found: its setting's name, or the forge's command-line tool's login. */
  tokenFrom?: string;
  /** The page on the forge that opens a request for a branch, shown when there is no token. */
  compareUrl: (branch: string, base: string) => string;
}

/** The token a forge is asked with: GITHUB_TOKEN or GH_TOKEN, or `gh auth token`; GITLAB_TOKEN, or glab's. */
async function tokenOf(site: ForgeSite, env: NodeJS.ProcessEnv): Promise<{ token: string; from: string } | undefined> {
  const setting = tokenSettingOf(site.kind, env);
  if (setting) return { token: env[setting]!, from: setting };
  const host = new URL(site.web).hostname;
  const [command, args] =
    site.kind === "github"
      ? (["gh", ["auth", "token", "--hostname", host]] as const)
      : (["glab", ["config", "get", "token", "--host", host]] as const);
  const token = await commandOutput(command, [...args]);
  return token ? { token, from: `${command}'s login` } : undefined;
}

/**
 * The forge a remote lives on (forge-site.ts says how it is recognised), with a client when a token is found. The
 * token stays in this process.
 */
export async function detectForge(remoteUrl: string, env = process.env): Promise<ForgeChoice | undefined> {
  const site = forgeSiteOf(remoteUrl, env);
  if (!site) return undefined;
  const found = await tokenOf(site, env);
  const web = `${site.web}/${site.repository}`;
  if (site.kind === "github") {
    const [owner, repo] = site.repository.split("/") as [string, string];
    return {
      site,
      forge: found && github({ owner, repo, token: found.token, apiUrl: site.apiUrl }),
      tokenFrom: found?.from,
      compareUrl: (branch, base) => `${web}/compare/${base}...${branch}?expand=1`,
    };
  }
  return {
    site,
    forge: found && gitlab({ project: site.repository, token: found.token, apiUrl: site.apiUrl }),
    tokenFrom: found?.from,
    compareUrl: (branch, base) =>
      `${web}/-/merge_requests/new?merge_request[source_branch]=${encodeURIComponent(branch)}&merge_request[target_branch]=${encodeURIComponent(base)}`,
  };
}
