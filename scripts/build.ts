/**
 * `npm run build [-- --full | --dry-run]`: builds the site into BUILD_DIR (default build/), validating site-config/ first
 * (`--dry-run`: says what it would build, and changes nothing). Where
 * only content changed since the last build there, it renders again only the pages the change alters
 * (scripts/pipeline/incremental-build.ts), writing what a full build writes; otherwise, or with `--full`, React
 * Router's build makes the bundles, saying why in one line, and this process renders every page once it has ended
 * (scripts/pipeline/full-build.ts; docs/build.md).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { withContentHeld } from "../contract/content.server.ts";
import { incrementalBuildLines } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { runValidate } from "./content/validate-cli.ts";
import { SERVER_BUILD_FILE, forgetState } from "./pipeline/build-state.ts";
import { FINISHED_BY_CALLER } from "./pipeline/finished-by-caller.ts";
import { finishFullBuild } from "./pipeline/full-build.ts";
import { buildIncrementally } from "./pipeline/incremental-build.ts";

/**
 * React Router's build process grows its heap by half between two collections, where V8 lets a heap that allocates
 * fast grow up to fourfold: as it bundles, its heap grew to 1.3 GB at 10,000 routes for less than 0.4 GB alive (0.9 GB
 * so, for about 0.5 s more). A ceiling (--max-old-space-size) would do as much, and end the build of a larger site.
 */
const REACT_ROUTER_HEAP = ["--heap-growing-percent=50"];

/** Validates site-config/ as `npm run validate` does, printing what it says; invalid content ends the command. */
function validate(): readonly string[] {
  const { stdout, stderr, exitCode } = runValidate({ argv: [], env: process.env });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  if (exitCode !== 0) process.exit(exitCode);
  return validateConfig().icons;
}

try {
  const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
  // A full build validates as it starts (the build's own plugin): this process stays small while it runs.
  const dryRun = process.argv.includes("--dry-run");
  const outcome = process.argv.includes("--full")
    ? { kind: "full" as const, reason: "asked for with --full" }
    : await withContentHeld(() => buildIncrementally(buildDir, validate, { dryRun }));
  if (outcome.kind === "unchanged") print(incrementalBuildLines.unchanged);
  else if (outcome.kind === "incremental" && outcome.dryRun) print(incrementalBuildLines.wouldRender, outcome);
  else if (outcome.kind === "incremental")
    print(incrementalBuildLines.incremental, { ...outcome, seconds: (outcome.ms / 1000).toFixed(1) });
  else if (dryRun) print(incrementalBuildLines.wouldBuildFully, { reason: outcome.reason });
  else {
    print(incrementalBuildLines.full, { reason: outcome.reason });
    forgetState(buildDir);
    const build = spawnSync(
      process.execPath,
      [...REACT_ROUTER_HEAP, path.join(ROOT, "node_modules", ".bin", "react-router"), "build"],
      {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, [FINISHED_BY_CALLER]: "1" },
      },
    );
    if (build.status === 0)
      await finishFullBuild({ buildDirectory: buildDir, serverBuildFile: SERVER_BUILD_FILE, log: console.log });
    else process.exitCode = build.status ?? 1;
  }
} catch (error) {
  exitOnError(error);
}
