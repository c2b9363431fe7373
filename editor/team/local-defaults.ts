import { execFileSync } from "node:child_process";
import path from "node:path";
import { type TeamSource, isLoopback } from "./config.ts";

type Env = Record<string, string | undefined>;

/** The port the team editor listens on when nothing says otherwise. */
export const DEFAULT_TEAM_PORT = 4400;

/**
 * The settings of a try on one machine, added to what the environment sets: with no EDIT_TEAM_URL, the editor is at
 * http://localhost:<EDIT_TEAM_PORT or 4400> with cookies for plain http, and with neither a provider nor a mail server,
 * sign-in links are printed in its terminal. A shared address sets EDIT_TEAM_URL and none of this applies.
 */
export function withLocalDefaults(env: Env): Env {
  if (env.EDIT_TEAM_URL) return env;
  const signIn = env.EDIT_OIDC_ISSUER || env.EDIT_OIDC_CLIENT_ID || env.SMTP_URL || env.EDIT_TEAM_MAIL_FROM;
  return {
    ...env,
    EDIT_TEAM_URL: `http://localhost:${env.EDIT_TEAM_PORT || DEFAULT_TEAM_PORT}`,
    EDIT_TEAM_INSECURE_COOKIES: "1",
    ...(signIn ? {} : { EDIT_TEAM_LINKS_TO_TERMINAL: "1" }),
  };
}

/** The address and port to listen on: EDIT_TEAM_HOST (127.0.0.1 unless set) and EDIT_TEAM_PORT, else the address's own. */
export function listenAddress(env: Env, publicUrl: URL): { host: string; port: number } {
  const port = Number(env.EDIT_TEAM_PORT || (isLoopback(publicUrl) && publicUrl.port) || DEFAULT_TEAM_PORT);
  return { host: env.EDIT_TEAM_HOST || "127.0.0.1", port };
}

/** The checkout's git user's address, if git has one: the admin of a first try on one machine. */
export function gitEmail(root: string): string | undefined {
  try {
    const email = execFileSync("git", ["config", "user.email"], { cwd: root, encoding: "utf8" }).trim().toLowerCase();
    return email || undefined;
  } catch {
    return undefined;
  }
}

/** Whether an address is a folder on this machine rather than a URL (scheme://) or git's host:path form. */
const isPath = (address: string) => !/^[a-z][\w+.-]*:\/\//i.test(address) && !/^[^/]*:/.test(address);

/**
 * What each person's copy is cloned from: EDIT_TEAM_SOURCE (the site's repository, as git clones it), else the
 * checkout's `origin`, else the checkout itself (one machine, no remote: publishing then pushes into it). A relative
 * path is made absolute, as a copy in the work folder would take it from elsewhere.
 */
export function sourceOf(env: Env, root: string): TeamSource {
  if (env.EDIT_TEAM_SOURCE) {
    const address = env.EDIT_TEAM_SOURCE;
    return { address: isPath(address) ? path.resolve(address) : address, from: "EDIT_TEAM_SOURCE" };
  }
  const origin = (() => {
    try {
      return execFileSync("git", ["config", "--get", "remote.origin.url"], { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  })();
  if (!origin)
    return { address: root, from: "this checkout, which has no origin remote, as EDIT_TEAM_SOURCE is not set" };
  return {
    address: isPath(origin) ? path.resolve(root, origin) : origin,
    from: "this checkout's origin, as EDIT_TEAM_SOURCE is not set",
  };
}

/** Who commits in the copies: the editor's service (EDIT_TEAM_GIT_NAME, EDIT_TEAM_GIT_EMAIL); authors are people. */
export const committerOf = (env: Env) => ({
  name: env.EDIT_TEAM_GIT_NAME || "Page editor",
  email: env.EDIT_TEAM_GIT_EMAIL || "page-editor@localhost",
});
