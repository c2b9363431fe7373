import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyProject } from "../../support/editor/test-project.ts";

/** The remote's addresses as the marketer's checkout knows them; git's settings send both to the bare repository. */
export const GITHUB_REMOTE = "https://github.example.test/voxa/site.git";
export const GITLAB_REMOTE = "https://gitlab.example.test/voxa/site.git";

export interface GitCheckout {
  /** The marketer's checkout: a copy of the project, cloned from `remote` (the editor writes into it). */
  dir: string;
  /** The bare repository on disk that plays the site's repository on GitHub or GitLab. */
  remote: string;
  git: (dir: string, ...args: string[]) => string;
  /** The commit the site's main was at when the test started. */
  initial: string;
  /** A colleague's clone of the remote, under `name`, committing as `name` (they push to the same main). */
  clone: (name: string) => string;
  /** Puts the checkout (on main, no other branch), its editor settings and the remote back as they were at the start. */
  reset: () => void;
  /** Removes the remote and the clones, and gives git its own settings back (the checkout's folder stays). */
  remove: () => void;
}

export interface CheckoutOptions {
  /** Who made the site's first commit; the checkout's own name and e-mail are the marketer's, Ana Marketer. */
  author?: string;
  /** Commits made on main before it is pushed, so that the site starts with a history (`initial` is the last). */
  history?: (dir: string) => void;
}

/**
 * Makes `dir`, a copy of the project, a checkout in real git: committed, pushed to a bare repository on disk (a
 * `file://` remote, base `main`), and on main with a name and e-mail. The remote's address is a GitHub (or GitLab) one
 * that git's own settings, for this test alone, rewrite to the bare repository: the editor takes it for the forge it
 * scripts. The editor's server runs in this process: its git reads the same settings, and never the user's own.
 */
export function gitCheckout(dir: string, { author = "Ana Marketer", history }: CheckoutOptions = {}): GitCheckout {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-git-e2e-"));
  const remote = path.join(top, "site.git");
  const settings = path.join(top, "gitconfig");
  const url = `file://${remote}`;
  fs.writeFileSync(
    settings,
    `[init]\n\tdefaultBranch = main\n[url "${url}"]\n\tinsteadOf = ${GITHUB_REMOTE}\n\tinsteadOf = ${GITLAB_REMOTE}\n`,
  );
  const saved = {
    GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL,
    GIT_CONFIG_NOSYSTEM: process.env.GIT_CONFIG_NOSYSTEM,
    GIT_TERMINAL_PROMPT: process.env.GIT_TERMINAL_PROMPT,
  };
  Object.assign(process.env, { GIT_CONFIG_GLOBAL: settings, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" });
  const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
  git(top, "init", "--quiet", "--bare", remote);
  git(dir, "init", "--quiet");
  git(dir, "config", "user.name", "Ana Marketer");
  git(dir, "config", "user.email", "ana@example.com");
  git(dir, "add", ".");
  git(dir, "-c", `user.name=${author}`, "commit", "--quiet", "-m", "The site");
  history?.(dir);
  git(dir, "remote", "add", "origin", GITHUB_REMOTE);
  git(dir, "push", "--quiet", "-u", "origin", "main");
  const initial = git(dir, "rev-parse", "HEAD").trim();

  const refs = (repo: string, prefix: string) =>
    git(repo, "for-each-ref", "--format=%(refname)", prefix).split("\n").filter(Boolean);
  const unset = (key: string) => {
    try {
      git(dir, "config", "--local", "--unset-all", key);
    } catch {
      // Not set: nothing to undo.
    }
  };
  return {
    dir,
    remote,
    git,
    initial,
    clone: (name) => {
      const clone = path.join(top, name);
      git(top, "clone", "--quiet", url, clone);
      git(clone, "config", "user.name", name);
      git(clone, "config", "user.email", `${name.toLowerCase()}@example.com`);
      return clone;
    },
    reset: () => {
      git(dir, "checkout", "--quiet", "-f", "main");
      git(dir, "reset", "--quiet", "--hard", initial);
      git(dir, "clean", "-fdq", "--", "site-config", "public");
      for (const ref of refs(dir, "refs/heads/")) if (ref !== "refs/heads/main") git(dir, "update-ref", "-d", ref);
      git(dir, "remote", "set-url", "origin", GITHUB_REMOTE);
      git(dir, "config", "user.name", "Ana Marketer");
      git(dir, "config", "user.email", "ana@example.com");
      for (const key of ["voxa-editor.branch", "voxa-editor.published"]) unset(key);
      for (const ref of refs(dir, "refs/voxa-editor/")) git(dir, "update-ref", "-d", ref);
      for (const ref of refs(remote, "refs/heads/"))
        if (ref !== "refs/heads/main") git(remote, "update-ref", "-d", ref);
      git(remote, "update-ref", "refs/heads/main", initial);
      git(dir, "update-ref", "refs/remotes/origin/main", initial);
      fs.rmSync(path.join(dir, ".git/hooks/pre-push"), { force: true });
    },
    remove: () => {
      Object.assign(process.env, saved);
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
      fs.rmSync(top, { recursive: true, force: true });
    },
  };
}

/** A copy of the project made a checkout by `gitCheckout`; `remove` removes the copy too. */
export function gitProject(): GitCheckout {
  const project = copyProject();
  const checkout = gitCheckout(project.dir);
  return {
    ...checkout,
    remove: () => {
      checkout.remove();
      project.remove();
    },
  };
}
