import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildDir } from "../../scripts/measure/serve.ts";
import { inStage, type Stage } from "./dockerfile.ts";

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

function copy(from: string, to: string) {
  if (!fs.existsSync(from)) throw new Error(`COPY: ${from} does not exist in the built checkout`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
}

/**
 * One command of a RUN step, run in the layout. `npm ci` takes its packages from the machine's npm cache (the main
 * install put them there); anything the layout does not know how to run fails, so that a new step is taught here.
 */
function run(stage: Stage, dir: string, command: string, env: NodeJS.ProcessEnv) {
  const [program, ...args] = command.split(/\s+/);
  if (program === "npm" && args[0] === "ci") {
    execFileSync("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, env, stdio: "pipe" });
  } else if (program === "npm" && args[0] === "cache") {
    // The image's own cache; here it would be the machine's, which every later install reads.
  } else if (program === "chown") {
    // The layout belongs to the user running the tests, as the image's data folder belongs to the image's user.
  } else if (["cp", "rm", "mkdir", "mv"].includes(program)) {
    const local = args.map((arg) => (arg.startsWith("/") ? inStage(stage, dir, arg) : arg));
    execFileSync(program, local, { cwd: dir, stdio: "pipe" });
  } else {
    throw new Error(`the runtime stage runs \`${command}\`, which tests/support/runtime-image.ts cannot lay out yet`);
  }
}

/**
 * Lays out the last stage of the Dockerfile in `dir` (which stands for its WORKDIR), as Docker would from a built
 * checkout at `root`: COPY from the build context or, with --from, from the build stage's files; RUN with the stage's
 * ENV. `dir` must lie outside the checkout, so that nothing in it resolves a package from the checkout's node_modules.
 */
export function layOutStage(root: string, stages: Stage[], dir: string): Stage {
  const stage = stages.at(-1);
  if (!stage) throw new Error("the Dockerfile has no stage");
  const env = { ...process.env, ...stage.env };
  for (const step of stage.steps) {
    if (step.kind === "run") {
      for (const command of step.commands) run(stage, dir, command, env);
      continue;
    }
    const source = step.from ? stages.find((candidate) => candidate.name === step.from) : undefined;
    if (step.from && !source) throw new Error(`COPY --from=${step.from}: no stage of that name`);
    const target = inStage(stage, dir, step.dest);
    for (const file of step.sources) {
      const from = source ? inCheckout(root, source, file) : path.join(root, file);
      const into = step.dest.endsWith("/") && !fs.statSync(from, { throwIfNoEntry: false })?.isDirectory();
      copy(from, into ? path.join(target, path.basename(from)) : target);
    }
  }
  return stage;
}

/** The size of a folder in megabytes, as `du` counts it (what it takes on disk, so in an image layer). */
export function megabytes(dir: string): number {
  return Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split(/\s/)[0]) / 1024;
}
