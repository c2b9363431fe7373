import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EDITOR_TOKEN_HEADER } from "../../../../editor/protocol.ts";
import { ROOT } from "../../../../toolchain/paths.ts";
import { FORGES, FORGE_URL_SETTINGS } from "../../../../editor/forge/forge-site.ts";
import type { People } from "../../../../editor/team/people.ts";

/**
 * What the tests that run `npm run edit:team` in a process of its own share: the site's repository on disk (a bare
 * clone of this project with the team in editor-team.json), and the editor started on it.
 */

export interface SiteRemote {
  /** The test's folder: the remote, the databases and the work folders go under it. */
  top: string;
  /** The bare repository that plays the site's repository. */
  remote: string;
  /** Git's settings for this test alone (never the user's own), for the editor's processes too. */
  gitEnv: NodeJS.ProcessEnv;
  git: (cwd: string, ...args: string[]) => string;
  remove: () => void;
}

const FORGE_SETTINGS = new Set<string>([
  ...FORGE_URL_SETTINGS,
  ...Object.values(FORGES).flatMap((forge) => [forge.named, ...forge.tokens]),
]);

/**
 * A shallow bare clone of this project's committed files, on main, made once for the process (packing them takes a
 * core a second) in the run's temporary folder; each site's repository is a copy of it.
 */
let committedFiles: string | undefined;
function cloneOfCommittedFiles(git: (cwd: string, ...args: string[]) => string): string {
  if (committedFiles && fs.existsSync(committedFiles)) return committedFiles;
  const clone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxa-committed-")), "site.git");
  git(os.tmpdir(), "clone", "--quiet", "--bare", "--depth", "1", `file://${ROOT}`, clone);
  // The site is published from main, whichever branch this checkout is on.
  const branch = git(clone, "symbolic-ref", "--short", "HEAD").trim();
  if (branch !== "main") git(clone, "branch", "-m", branch, "main");
  committedFiles = clone;
  return clone;
}

/** A bare clone of this project's committed files, with `team` as its editor-team.json on main. */
export function siteRemote(team: People): SiteRemote {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-team-"));
  const remote = path.join(top, "site.git");
  const gitEnv = {
    // The forge's settings of the machine that runs the tests (a token in a profile, a CI's own) stay out: a test sets its own.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !FORGE_SETTINGS.has(name))),
    GIT_CONFIG_GLOBAL: path.join(top, "gitconfig"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
  };
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" });
  fs.writeFileSync(gitEnv.GIT_CONFIG_GLOBAL, "[init]\n\tdefaultBranch = main\n");
  fs.cpSync(cloneOfCommittedFiles(git), remote, { recursive: true });
  // The team's file is committed on main in the bare repository itself, through an index of its own: no working copy
  // of the whole site is written for one file.
  const file = { $schema: "./schemas/editor-team.schema.json", ...team };
  const inRemote = (args: string[], input?: string) =>
    execFileSync("git", args, {
      cwd: remote,
      env: {
        ...gitEnv,
        GIT_INDEX_FILE: path.join(top, "team.index"),
        GIT_AUTHOR_NAME: "Dev",
        GIT_AUTHOR_EMAIL: "dev@company.com",
        GIT_COMMITTER_NAME: "Dev",
        GIT_COMMITTER_EMAIL: "dev@company.com",
      },
      encoding: "utf8",
      input,
    }).trim();
  inRemote(["read-tree", "main"]);
  const blob = inRemote(["hash-object", "-w", "--stdin"], `${JSON.stringify(file, null, 2)}\n`);
  inRemote(["update-index", "--add", "--cacheinfo", `100644,${blob},editor-team.json`]);
  const commit = inRemote(["commit-tree", inRemote(["write-tree"]), "-p", "main", "-m", "The team"]);
  inRemote(["update-ref", "refs/heads/main", commit]);
  return { top, remote, gitEnv, git, remove: () => fs.rmSync(top, { recursive: true, force: true }) };
}

export interface TeamEditorProcess {
  child: ChildProcess;
  /** Everything it printed so far, standard output and error. */
  output: () => string;
  /** Sends `signal` to its process group and resolves once it has exited. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** The last sign-in link it printed for `email`, waiting a little for it. */
  linkFor: (email: string) => Promise<URL>;
}

/** `editor/team-main.ts` in its own process, on the site's repository, with `env` added to git's. */
function spawnTeamEditor(site: SiteRemote, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "editor/team-main.ts")], {
    cwd: ROOT,
    env: {
      ...site.gitEnv,
      EDIT_TEAM_SOURCE: site.remote,
      EDIT_TEAM_GIT_NAME: "Voxa page editor",
      EDIT_TEAM_GIT_EMAIL: "editor@voxa.example",
      // A preview's build takes a core for seconds: only the suites that test previews ask for them (EDIT_TEAM_PREVIEWS=on).
      EDIT_TEAM_PREVIEWS: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** `editor/team-main.ts` refusing to start: its exit code and all it printed. */
export async function teamEditorRefusal(site: SiteRemote, env: NodeJS.ProcessEnv) {
  const { child, output } = spawnTeamEditor(site, env);
  // "close", not "exit": its output is all read by then.
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code, output: output() };
}

/** `editor/team-main.ts` in its own process with `env` added to git's; resolves once it listens. */
export async function startTeamEditor(site: SiteRemote, env: NodeJS.ProcessEnv): Promise<TeamEditorProcess> {
  const { child, output: printed } = spawnTeamEditor(site, env);
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      process.kill(-child.pid!, signal);
    });
  const started = Date.now();
  while (!printed().includes("Team page editor:")) {
    if (child.exitCode !== null || Date.now() - started > 120_000) {
      await kill("SIGKILL");
      throw new Error(`did not start:\n${printed()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const linkFor = async (email: string) => {
    const pattern = new RegExp(`Sign-in link for ${email.replace(/[.+]/g, "\\$&")} .*?: (\\S+)`, "g");
    for (let tries = 0; tries < 50; tries++) {
      const link = [...printed().matchAll(pattern)].at(-1)?.[1];
      if (link) return new URL(link);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no sign-in link for ${email}:\n${printed()}`);
  };
  return { child, output: printed, kill, linkFor };
}

/** A signed-in person's session, as their tab holds it: the session cookie and the CSRF token. */
export interface EditorSession {
  cookie: string;
  csrf: string;
}

/**
 * A request to a running team editor at `origin` as the editor's page sends it: from its own origin, with the
 * person's session and CSRF token when signed in, a JSON body when there is one; redirects are answered, not followed.
 */
export async function callEditor(
  origin: string,
  session: EditorSession | undefined,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      origin,
      ...(session ? { cookie: session.cookie, [EDITOR_TOKEN_HEADER]: session.csrf } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, response };
}
