import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { buildDir } from "../../scripts/measure/serve.ts";
import { inStage, installedManifest, type Stage } from "./dockerfile.ts";
import { type InstallOptions, type LockEntry, type Lockfile, layOutInstall, npmCiAdds } from "./workspace-install.ts";

/**
 * Where a path of the build stage is in a built checkout: the stage copies the checkout into its WORKDIR and builds
 * there, so its files are the checkout's, and its `build/` is the checkout's build (BUILD_DIR, as for the other
 * checks of a build).
 */
function inCheckout(root: string, build: Stage, file: string): string {
  const local = path.relative(root, inStage(build, root, file));
  const [top, ...rest] = local.split(path.sep);
  return top === "build" ? path.join(buildDir(), ...rest) : path.join(root, local);
}

/**
 * A pattern of COPY --exclude as Docker reads it (the .dockerignore syntax), for a path relative to the copied
 * folder: `*` and `?` within one path segment, `**` across any number of them, none included.
 */
export function excludePattern(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (pattern.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 2;
    } else if (pattern.startsWith("**", i)) {
      source += ".*";
      i += 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function copy(from: string, to: string, exclude: string[]) {
  if (!fs.existsSync(from)) throw new Error(`COPY: ${from} does not exist in the built checkout`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  // A file copied over one the install linked from the checkout's (a patched package's file) replaces the link, as
  // Docker replaces the file, instead of writing through it.
  if (fs.statSync(from).isFile()) fs.rmSync(to, { force: true });
  // Docker keeps each file's modification time, to the nanosecond, which Node's copy rounds to the millisecond: a
  // build's record compares them (the site's build, which the editor's image copies to start its previews from).
  if (exclude.length === 0) {
    execFileSync("cp", ["-aT", from, to]);
    return;
  }
  const patterns = exclude.map(excludePattern);
  // A folder that a pattern matches is left out whole, as Docker leaves out what lies under it.
  const kept = (file: string) => {
    const relative = path.relative(from, file).split(path.sep).join("/");
    return relative === "" || !patterns.some((pattern) => pattern.test(relative));
  };
  fs.cpSync(from, to, { recursive: true, filter: kept });
}

/** Where the image's paths are in the layout, and its WORKDIR there. */
interface Places {
  workdir: string;
  at: (file: string) => string;
}

/** The environment Docker gives a stage's processes: the machine's PATH and a home, then the stage's ENV. */
export function stageEnv(stage: Stage, at: (file: string) => string = (file) => file): NodeJS.ProcessEnv {
  const own = Object.entries(stage.env).map(([name, value]) => [name, value.startsWith("/") ? at(value) : value]);
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), ...Object.fromEntries(own) };
}

/** Whether Debian's package `name` is installed on this machine, which stands for the image's system. */
const installed = (name: string) => {
  try {
    return execFileSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" }).includes("ok installed");
  } catch {
    return false;
  }
};

/** What a stage's `npm ci` installed in the layout: the command, and the lockfile's folders it installed. */
export interface Install {
  command: string;
  packages: Map<string, LockEntry>;
}

/** A stage's `npm ci` command, if it has one. */
export const npmCiOf = (stage: Stage) =>
  stage.steps
    .flatMap((step) => (step.kind === "run" ? step.commands : []))
    .find((command) => /^npm ci\b/.test(command));

/**
 * What npm itself says the stage's `npm ci` adds (`name@version`, tests/support/workspace-install.ts's npmCiAdds),
 * from the files it copies before (the root's package.json and lockfile, the manifest it installs), as the checkout at
 * `root` has them.
 */
export function npmCiWouldAdd(root: string, stage: Stage): Promise<string[]> {
  const command = npmCiOf(stage);
  if (!command) throw new Error(`the ${stage.name} stage runs no npm ci`);
  const files = ["package.json", "package-lock.json", installedManifest(stage)!];
  const added = npmCiAdds(
    Object.fromEntries(files.map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")])),
    command.split(/\s+/).slice(2),
  );
  // Awaited later by a test, which reports its failure.
  added.catch(() => undefined);
  return added;
}

/**
 * What `npm ci <args>` asks, when the layout can lay it out itself: `--ignore-scripts` (no install script to run),
 * `--omit=dev` or not, `--workspace=<folder>` or not, nothing else.
 */
function linkedInstall(args: string[]): InstallOptions | undefined {
  const known = args.every(
    (arg) => ["ci", "--ignore-scripts", "--omit=dev"].includes(arg) || /^--workspace=\S+$/.test(arg),
  );
  if (!known || !args.includes("--ignore-scripts")) return undefined;
  const workspace = args.find((arg) => arg.startsWith("--workspace="))?.slice("--workspace=".length);
  return { workspace: workspace?.replace(/\/$/, ""), omitDev: args.includes("--omit=dev") };
}

/**
 * One command of a RUN step, run in the layout. `npm ci --ignore-scripts` is laid out from the checkout's own install
 * (tests/support/workspace-install.ts: the packages npm would install from the layout's package-lock.json, linked from
 * the checkout's node_modules, byte for byte what npm unpacks), any other `npm ci` runs with the machine's npm cache
 * (the main install put the packages there); `apt-get install` is checked against this machine's own packages, which
 * the layout's processes use; `node` runs as Docker's shell would run it; anything the layout does not know how to run
 * fails, so that a new step is taught here.
 */
function run(
  root: string,
  stage: Stage,
  places: Places,
  command: string,
  env: NodeJS.ProcessEnv,
): Install | Promise<unknown> | undefined {
  const [program, ...args] = command.split(/\s+/);
  const cwd = places.workdir;
  const linked = program === "npm" && args[0] === "ci" ? linkedInstall(args) : undefined;
  if (linked) {
    const lock = JSON.parse(fs.readFileSync(path.join(cwd, "package-lock.json"), "utf8")) as Lockfile;
    return { command, packages: layOutInstall(root, lock, linked, cwd) };
  } else if (program === "npm" && args[0] === "ci") {
    return promisify(execFile)("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd, env });
  } else if (program === "npm" && args[0] === "cache") {
    // The image's own cache; here it would be the machine's, which every later install reads.
  } else if (program === "chown") {
    // The layout belongs to the user running the tests, as the image's data folder belongs to the image's user.
  } else if (program === "apt-get") {
    const wanted = args[0] === "install" ? args.slice(1).filter((arg) => !arg.startsWith("-")) : [];
    const missing = wanted.filter((name) => !installed(name));
    if (missing.length)
      throw new Error(
        `the ${stage.name} stage installs ${missing.join(", ")}: \`apt-get install ${missing.join(" ")}\``,
      );
  } else if (["cp", "rm", "mkdir", "mv"].includes(program)) {
    const local = args.map((arg) => (arg.startsWith("/") ? places.at(arg) : arg));
    execFileSync(program, local, { cwd, stdio: "pipe" });
  } else if (program === "node") {
    // Docker's environment, not this process's: a test runner's NODE_ENV and settings stay out of the image's build.
    // Its own process, which the caller's other work (a repository to make) may go on beside.
    return promisify(execFile)("sh", ["-c", command], { cwd, env: stageEnv(stage, places.at) });
  } else {
    throw new Error(
      `the ${stage.name} stage runs \`${command}\`, which tests/support/runtime-image.ts cannot lay out yet`,
    );
  }
}

async function layOut(
  root: string,
  stages: Stage[],
  stage: Stage,
  places: Places,
  runEnv: NodeJS.ProcessEnv,
): Promise<Install | undefined> {
  let install: Install | undefined;
  for (const step of stage.steps) {
    if (step.kind === "run") {
      for (const command of step.commands) {
        // What a process runs is waited for; the rest is done at once, before anything else the caller does.
        const done = run(root, stage, places, command, runEnv);
        if (done instanceof Promise) await done;
        else install = done ?? install;
      }
      continue;
    }
    const source = step.from ? stages.find((candidate) => candidate.name === step.from) : undefined;
    if (step.from && !source) throw new Error(`COPY --from=${step.from}: no stage of that name`);
    const target = places.at(step.dest);
    for (const file of step.sources) {
      const from = source ? inCheckout(root, source, file) : path.join(root, file);
      const into = step.dest.endsWith("/") && !fs.statSync(from, { throwIfNoEntry: false })?.isDirectory();
      copy(from, into ? path.join(target, path.basename(from)) : target, step.exclude);
    }
  }
  return install;
}

/**
 * Lays out the last stage of the Dockerfile in `dir` (which stands for its WORKDIR), as Docker would from a built
 * checkout at `root`: COPY from the build context or, with --from, from the build stage's files; RUN with the stage's
 * ENV. `dir` must lie outside the checkout, so that nothing in it resolves a package from the checkout's node_modules.
 */
export async function layOutStage(root: string, stages: Stage[], dir: string): Promise<Stage> {
  const stage = stages.at(-1);
  if (!stage) throw new Error("the Dockerfile has no stage");
  await layOut(
    root,
    stages,
    stage,
    { workdir: dir, at: (file) => inStage(stage, dir, file) },
    {
      ...process.env,
      ...stage.env,
    },
  );
  return stage;
}

/** A stage laid out with its whole file system: its WORKDIR and the folders it makes elsewhere (a data volume's). */
export interface ImageLayout {
  stage: Stage;
  /** The folder standing for the WORKDIR. */
  workdir: string;
  /** Where a path of the image is in the layout. */
  at: (file: string) => string;
  /** The environment of the image's processes, its paths in the layout. */
  env: NodeJS.ProcessEnv;
  /** What its `npm ci` installed, when the layout laid it out itself. */
  install?: Install;
}

/**
 * Lays out the stage `name` of the Dockerfile under `dir`, which stands for the image's `/` (its WORKDIR is the folder
 * of that path under `dir`), as Docker would from a built checkout at `root`; see layOutStage. `dir` must lie outside
 * the checkout.
 */
export async function layOutImage(root: string, stages: Stage[], name: string, dir: string): Promise<ImageLayout> {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
  const at = (file: string) => path.join(dir, ...path.posix.resolve(stage.workdir, file).split("/").filter(Boolean));
  const workdir = at(stage.workdir);
  fs.mkdirSync(workdir, { recursive: true });
  const env = stageEnv(stage, at);
  const install = await layOut(root, stages, stage, { workdir, at }, { ...process.env, ...env });
  return { stage, workdir, at, env, install };
}

/** The size of a folder in megabytes, as `du` counts it (what it takes on disk, so in an image layer). */
export function megabytes(dir: string): number {
  return Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split(/\s/)[0]) / 1024;
}
