/**
 * `npm run bench:review`: how long `npm run review` takes on a one-page text change, end to end (validation, the head's
 * build, screenshots, diffs, axe, budgets, report), with the base's build already cached by commit, as it is for the
 * second review of any branch on the same base. It works on a copy of the project in a temporary git repository
 * (base commit: the project as it is; change: one heading of /about, uncommitted), builds the base there first (not
 * timed), then times two reviews as a command: the first on the base, which shoots the base's pages too, and the next,
 * which copies those shots. Exit 1 when the next is over the budget; the load average is printed with the figures,
 * since the machine may be shared.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { catalogueError, reviewErrors } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { print } from "../toolchain/print.ts";
import { projectRepository } from "./review/project-repo.ts";
import { baseBuild } from "./review/builds.ts";
import { RESULT_FILE } from "./review/report.ts";
import type { ReviewResult } from "./review/run.ts";

const LIMIT_S = 20;
const PAGE = "site-config/pages/about.json";

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

try {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-review-"));
  const copy = path.join(scratch, "project");
  try {
    await baseBuild(copy, projectRepository(copy).base);
    const file = path.join(copy, PAGE);
    const original = fs.readFileSync(file, "utf8");
    /** Changes the page's first heading to `ending` and times the review of it. */
    const review = (ending: string) => {
      const page = JSON.parse(original) as { blocks: { heading?: string }[] };
      page.blocks[0]!.heading = `${page.blocks[0]!.heading} ${ending}`;
      fs.writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
      const loadBefore = load();
      const start = performance.now();
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/review.ts", "--base", "main"], {
        cwd: copy,
        encoding: "utf8",
      });
      const seconds = ((performance.now() - start) / 1000).toFixed(1);
      if (run.status !== 0) {
        console.error(run.stdout, run.stderr);
        process.exit(1);
      }
      const result = JSON.parse(fs.readFileSync(path.join(copy, "review", RESULT_FILE), "utf8")) as ReviewResult;
      const steps = result.timings.map((t) => `${t.step} ${(t.ms / 1000).toFixed(1)} s`).join(", ");
      return { seconds, steps, load: `${loadBefore} before, ${load()} after` };
    };
    // The first review on a base shoots the base's pages too; the next ones on it copy those shots.
    const first = review("today");
    print(reviewErrors.benchFigures, { ...first, limit: LIMIT_S, shotsKept: false });
    const next = review("this week");
    print(reviewErrors.benchFigures, { ...next, limit: LIMIT_S, shotsKept: true });
    if (Number(next.seconds) > LIMIT_S)
      throw catalogueError(reviewErrors.benchSlow, { seconds: next.seconds, limit: LIMIT_S, load: next.load });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
} catch (error) {
  exitOnError(error);
}
