/**
 * The two builds a review compares. The base is built in a git worktree of its commit (sharing the project's
 * node_modules by a symbolic link) and cached by commit under .cache/review/builds/, so the next review of a branch on
 * the same base starts with it built. The head is the checkout itself.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { catalogueError, reviewErrors } from "../../contract/errors.ts";
import type { Affected } from "../pipeline/affected.ts";
import { git, nulFields, readFilesAt } from "../../toolchain/git-read.ts";
import { validateConfig } from "../../toolchain/validate.ts";

/** Where the review keeps its base builds and worktrees, inside the project (ignored by git). */
export const cacheDir = (root: string) => path.join(root, ".cache", "review");

/** The folder a commit's build is cached in. */
export const baseBuildDir = (root: string, commit: string) => path.join(cacheDir(root), "builds", commit);

export const isBuilt = (dir: string) => fs.existsSync(path.join(dir, "client", "index.html"));

/**
 * The environment of a script run in a checkout: this process's, without the variables that point a build at another
 * copy of the content or another build (it would build the wrong checkout), nor a NODE_ENV inherited from a test
 * runner ("test" builds the development routes); `set` gives those this run needs.
 */
function checkoutEnv(set: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["NODE_ENV", "SITE_CONFIG_DIR", "PROJECT_DIR", "PRERENDER_ONLY", "BUILD_DIR", "KEEP_SERVER_BUILD"])
    delete env[name];
  return { ...env, ...set };
}

/** Runs a script of the checkout in `cwd` with the project's loader, and resolves with its output, or fails. */
function runScript(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Builds the checkout in `cwd` into `buildDir`: the generated modules, then React Router's build with the project's
 * prerenderer. Validation is left out (the review validates the head itself, and a base is what it was); so are the
 * preview cards (PNG files no page shows), which would cost seconds. `keepServerBuild` leaves the server build in
 * `buildDir`, to render the pages again from it with other content.
 */
export async function buildCheckout(
  cwd: string,
  buildDir: string,
  side: string,
  { keepServerBuild = false } = {},
): Promise<void> {
  const env = checkoutEnv({
    BUILD_DIR: buildDir,
    PREVIEW_CARDS: "off",
    ...(keepServerBuild ? { KEEP_SERVER_BUILD: "1" } : {}),
  });
  for (const args of [["scripts/generate.ts"], ["node_modules/@react-router/dev/bin.js", "build"]]) {
    const { code, output } = await runScript(cwd, args, env);
    if (code !== 0) throw catalogueError(reviewErrors.buildFailed, { side, dir: cwd, output });
  }
}

/**
 * The build of `commit`, from the cache or made now in a worktree that is removed afterwards. The build is written
 * beside its final folder and renamed into it, so an interrupted build is never taken for a cached one. Its server
 * build is kept, so that a head that changes content alone is rendered with it (`rendersWithBaseCode`).
 */
export async function baseBuild(root: string, commit: string): Promise<{ dir: string; cached: boolean }> {
  const dir = baseBuildDir(root, commit);
  if (isBuilt(dir)) return { dir, cached: true };
  const worktree = path.join(cacheDir(root), "worktrees", commit);
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  if (fs.existsSync(worktree)) git(root, ["worktree", "remove", "--force", worktree]);
  git(root, ["worktree", "add", "--detach", "--force", worktree, commit]);
  try {
    const modules = path.join(worktree, "node_modules");
    if (!fs.existsSync(modules)) fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), modules, "dir");
    await buildCheckout(worktree, partial, "base", { keepServerBuild: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  } finally {
    git(root, ["worktree", "remove", "--force", worktree]);
  }
  return { dir, cached: false };
}

const SERVER_BUILD = path.join("server", "index.js");

/** The icons that the content of `commit` names, which the bundles of its build carry. */
function contentIconsAt(root: string, commit: string): string[] {
  const prefix = git(root, ["rev-parse", "--show-prefix"]).trim();
  const files = nulFields(
    git(root, ["ls-tree", "-r", "-z", "--full-name", "--name-only", commit, "--", "site-config"]),
  );
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "base-content-"));
  try {
    for (const [file, text] of readFilesAt(root, commit, files)) {
      const into = path.join(scratch, file.slice(prefix.length));
      fs.mkdirSync(path.dirname(into), { recursive: true });
      fs.writeFileSync(into, text);
    }
    return validateConfig({ configDir: path.join(scratch, "site-config"), publicDir: path.join(root, "public") }).icons;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

/**
 * Whether the head's build is the base's code with the head's content: nothing changed outside site-config/, the
 * content names the same icons (the only content the bundles carry), and the base's server build was kept.
 */
export function rendersWithBaseCode(
  root: string,
  affected: Affected,
  baseDir: string,
  headIcons: readonly string[],
): boolean {
  return (
    affected.changes.every((change) => change.file.startsWith("site-config/")) &&
    fs.existsSync(path.join(baseDir, SERVER_BUILD)) &&
    sameSet(contentIconsAt(root, affected.mergeBase), headIcons)
  );
}

/**
 * Renders the content of the checkout in `cwd` with the server build of `fromDir` into `into`
 * (render-content.ts): what a full build of a content-only change writes, in the time its affected pages take.
 */
export async function renderContent(cwd: string, fromDir: string, into: string): Promise<void> {
  // As the base was built (buildCheckout): the build's record counts the environment among its inputs.
  const env = checkoutEnv({ NODE_ENV: "production", PREVIEW_CARDS: "off" });
  const { code, output } = await runScript(cwd, ["scripts/review/render-content.ts", fromDir, into], env);
  if (code !== 0) throw catalogueError(reviewErrors.buildFailed, { side: "head", dir: cwd, output });
}
