/**
 * `npm run review -- --base <ref> [--committed] [--out <dir>] [--report-url <url>] [--all-routes]`: the pages a change affects,
 * before and after, at 390 and 1366 px, with their pixel diffs, axe and the page budgets on the head; writes
 * review/index.html and review/summary.md (docs/review.md). Exits 1 on a validation problem, a serious or critical axe
 * violation, a budget breach, a page that did not load or an unstable control route; a visual change alone is for the
 * reviewer to judge.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { catalogueError, formatCatalogueError, reviewErrors } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { relative } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { inReviewOrder, withVisualChanges } from "./review/changes.ts";
import { writeReports } from "./review/report.ts";
import { runReview } from "./review/run.ts";

/** The command line it takes, in the usage line of REVIEW003. */
export const REVIEW_USAGE =
  "npm run review -- --base <ref> [--committed] [--out <dir>] [--report-url <url>] [--all-routes]";

export interface ReviewArgs {
  base: string;
  workingTree: boolean;
  outDir?: string;
  reportUrl?: string;
  allRoutes: boolean;
}

/** The options of the command line, or REVIEW003 naming what is wrong. */
export function reviewArgs(args: string[]): ReviewArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        base: { type: "string" },
        committed: { type: "boolean" },
        out: { type: "string" },
        "report-url": { type: "string" },
        "all-routes": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw catalogueError(reviewErrors.usage, {
      command: "review",
      problem: (error as Error).message,
      usage: REVIEW_USAGE,
    });
  }
  if (!values.base)
    throw catalogueError(reviewErrors.usage, {
      command: "review",
      problem: "--base <ref> is required",
      usage: REVIEW_USAGE,
    });
  return {
    base: values.base,
    workingTree: !values.committed,
    outDir: values.out && path.resolve(values.out),
    reportUrl: values["report-url"],
    allRoutes: values["all-routes"] ?? false,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { base, workingTree, outDir, reportUrl, allRoutes } = reviewArgs(process.argv.slice(2));
    const result = await runReview({
      base,
      workingTree,
      outDir,
      allRoutes,
      onStep: (step, ms) => print(reviewErrors.step, { step, seconds: (ms / 1000).toFixed(1) }),
    });
    if (result.baseBuild?.cached)
      print(reviewErrors.baseCached, { commit: result.affected.mergeBase, dir: relative(result.baseBuild.dir) });
    if (result.headBuild === "content") print(reviewErrors.headRendered);
    if (result.affected.routes.length === 0) print(reviewErrors.noRoutes);
    const left = result.routes.filter((review) => review.outOfSample).length;
    if (left > 0) {
      const affected = result.affected.routes.length;
      print(reviewErrors.sampled, { shot: affected - left, affected, left });
    }
    const changed = withVisualChanges(inReviewOrder(result.routes));
    for (const review of changed) {
      if (review.status === "added") print(reviewErrors.pageAdded, { route: review.route });
      else if (review.status === "gone") print(reviewErrors.pageRemoved, { route: review.route });
      else
        for (const shot of review.shots)
          if ((shot.changed ?? 0) > 0)
            print(reviewErrors.visualChange, {
              route: review.route,
              width: shot.width,
              pixels: shot.changed!,
              percent: ((shot.changed! / shot.total!) * 100).toFixed(2),
            });
    }
    const { report, summary } = writeReports(result, reportUrl);
    print(reviewErrors.reportWritten, { report: relative(report), summary: relative(summary) });
    const seconds = (result.totalMs / 1000).toFixed(1);
    if (result.problems.length > 0) {
      for (const problem of result.problems) console.error(`✖ ${problem.text}`);
      console.error(
        formatCatalogueError(catalogueError(reviewErrors.failed, { problems: result.problems.length, seconds })),
      );
      process.exit(1);
    }
    const routes = result.routes.filter((r) => !r.control).length;
    print(reviewErrors.passed, { routes, changed: changed.length, seconds });
  } catch (error) {
    exitOnError(error);
  }
}
