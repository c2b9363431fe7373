import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { catalogueError, teamPeopleErrors } from "../../contract/errors.ts";
import { PEOPLE_FILE, parsePeople, type People } from "./people.ts";

const run = promisify(execFile);

/** How often the people file is read again from the site's repository. */
export const PEOPLE_REFRESH_MS = 60_000;

const isEmpty = (people: People) => Object.keys(people.people).length + Object.keys(people.domains).length === 0;

export interface RepositoryPeopleOptions {
  /** The site's repository, as git clones it (EDIT_TEAM_SOURCE). */
  source: string;
  workDir: string;
  /**
   * On one machine (a loopback address), who may sign in as admin while the file has nobody in it: the checkout's git
   * user, so that a first try needs no setup.
   */
  localAdmin?: string;
}

/**
 * Who may sign in, from editor-team.json on the site's repository's default branch: reviewed and merged like code,
 * never what someone's copy holds. A mirror of the repository in the work folder is fetched again every minute; the
 * last good reading stands while a fetch fails. Refuses to start without a readable, valid file.
 */
export async function repositoryPeople(options: RepositoryPeopleOptions) {
  const mirror = path.join(options.workDir, "site.git");
  const git = (...args: string[]) => run("git", ["--git-dir", mirror, ...args], { encoding: "utf8" });
  // A mirror of another repository (EDIT_TEAM_SOURCE changed since it was made) must not say who may sign in here.
  const mirrored = fs.existsSync(mirror) && (await git("config", "--get", "remote.origin.url").catch(() => undefined));
  if (mirrored && mirrored.stdout.trim() !== options.source) fs.rmSync(mirror, { recursive: true, force: true });
  if (!fs.existsSync(mirror)) {
    fs.mkdirSync(options.workDir, { recursive: true });
    await run("git", ["clone", "--quiet", "--mirror", options.source, mirror]);
  }
  const read = async (): Promise<People> => {
    const shown = await git("show", `HEAD:${PEOPLE_FILE}`).catch(() => undefined);
    if (shown === undefined) throw catalogueError(teamPeopleErrors.missing, { file: PEOPLE_FILE });
    return parsePeople(shown.stdout);
  };
  let current = await read();
  const refresh = async () => {
    await git("fetch", "--quiet", "--prune");
    current = await read();
  };
  const timer = setInterval(() => void refresh().catch(() => undefined), PEOPLE_REFRESH_MS);
  timer.unref();
  const local = options.localAdmin;
  return {
    people: (): People => (local && isEmpty(current) ? { people: { [local]: "admin" }, domains: {} } : current),
    /** Whether the checkout's git user stands in for an empty file. */
    localAdminIn: () => Boolean(local && isEmpty(current)),
    stop: () => clearInterval(timer),
  };
}
