import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Repos {
  /** The bare repository on disk that plays the site's remote. */
  remote: string;
  /** The marketer's clone, where the editor runs. */
  checkout: string;
  /** A colleague's clone, which publishes to the remote behind the marketer's back. */
  colleague: string;
  git: (dir: string, ...args: string[]) => string;
  write: (dir: string, file: string, text: string) => void;
  read: (dir: string, file: string) => string;
  remove: () => void;
}

export const ABOUT = "site-config/pages/about.json";
export const SITE = "site-config/site.json";

const page = (title: string) => `${JSON.stringify({ path: "/about", title, blocks: [] }, null, 2)}\n`;
export const aboutPage = page;

/** Git's settings for the repositories under `top`: its own global file, no system file, never a prompt. */
function gitEnv(top: string): NodeJS.ProcessEnv {
  return {
    GIT_CONFIG_GLOBAL: path.join(top, "gitconfig"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
  };
}

/** The remote and both clones, made once per process and copied for each test (a score of git processes each). */
let template: string | undefined;

function makeTemplate(): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-git-template-"));
  const env = { ...process.env, ...gitEnv(top) };
  fs.writeFileSync(env.GIT_CONFIG_GLOBAL!, "[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n");
  const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" });
  const remote = path.join(top, "site.git");
  const seed = path.join(top, "seed");
  git(top, "init", "--quiet", "--bare", remote);
  git(top, "init", "--quiet", seed);
  writeFile(seed, SITE, '{\n  "name": "Voxa"\n}\n');
  writeFile(seed, ABOUT, page("About Voxa"));
  writeFile(seed, "public/media/logo.svg", "<svg></svg>\n");
  writeFile(seed, "README.md", "# Site\n");
  git(seed, "add", ".");
  git(seed, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "--quiet", "-m", "The site");
  git(seed, "push", "--quiet", remote, "main");
  fs.rmSync(seed, { recursive: true, force: true });
  git(top, "clone", "--quiet", "--no-hardlinks", remote, path.join(top, "marketer"));
  git(top, "clone", "--quiet", "--no-hardlinks", remote, path.join(top, "colleague"));
  git(path.join(top, "marketer"), "config", "user.name", "Ana Marketer");
  git(path.join(top, "marketer"), "config", "user.email", "ana@example.com");
  git(path.join(top, "colleague"), "config", "user.name", "Colleague");
  git(path.join(top, "colleague"), "config", "user.email", "colleague@example.com");
  process.on("exit", () => fs.rmSync(top, { recursive: true, force: true }));
  return top;
}

function writeFile(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

/**
 * A tiny site in real git: a bare remote whose main holds site.json, one page, one image and a README; the marketer's
 * clone (with a name and e-mail in its settings) and a colleague's. Git's global and system settings are left out, so
 * the user's own identity or hooks do not leak into the tests. Each call answers a copy of its own, its clones'
 * remote the copy's.
 */
export function makeRepos(): Repos {
  template ??= makeTemplate();
  const top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-git-"));
  fs.cpSync(template, top, { recursive: true });
  const remote = path.join(top, "site.git");
  const checkout = path.join(top, "marketer");
  const colleague = path.join(top, "colleague");
  for (const clone of [checkout, colleague]) {
    const config = path.join(clone, ".git", "config");
    fs.writeFileSync(config, fs.readFileSync(config, "utf8").replaceAll(path.join(template, "site.git"), remote));
  }
  Object.assign(process.env, gitEnv(top));
  const env = { ...process.env };
  const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" });
  return {
    remote,
    checkout,
    colleague,
    git,
    write: writeFile,
    read: (dir: string, file: string) => fs.readFileSync(path.join(dir, file), "utf8"),
    remove: () => fs.rmSync(top, { recursive: true, force: true }),
  };
}

/** The GitHub address the publishing tests give their remote; git reaches it on disk through `insteadOf`. */
export const GITHUB_REMOTE = "https://github.example.test/voxa/site.git";

/**
 * `projectDir` (a copy of the project) made a checkout of a bare remote under `top` that git knows by the GitHub
 * address above, its files committed by `author` and pushed to main, with git's global settings of the test alone (so that the
 * user's own identity, hooks or rewrites stay out). Answers the bare remote's folder.
 */
export function checkoutOfGitHubRemote(
  projectDir: string,
  top: string,
  author = { name: "Dev", email: "dev@example.com" },
): string {
  const remote = path.join(top, "site.git");
  const settings = gitEnv(top);
  fs.writeFileSync(
    settings.GIT_CONFIG_GLOBAL!,
    `[init]\n\tdefaultBranch = main\n[url "${remote}"]\n\tinsteadOf = ${GITHUB_REMOTE}\n`,
  );
  Object.assign(process.env, settings);
  const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
  git(top, "init", "--quiet", "--bare", remote);
  git(projectDir, "init", "--quiet");
  git(projectDir, "add", ".");
  git(
    projectDir,
    "-c",
    `user.name=${author.name}`,
    "-c",
    `user.email=${author.email}`,
    "commit",
    "--quiet",
    "-m",
    "The site",
  );
  git(projectDir, "remote", "add", "origin", GITHUB_REMOTE);
  git(projectDir, "push", "--quiet", "-u", "origin", "main");
  return remote;
}
