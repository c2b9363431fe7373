/**
 * `npm run affected -- --base <ref> [--json] [--committed]`: the routes whose HTML a change can alter, one per line
 * (then the other files of the site that can change, such as /sitemap.xml), compared with the merge base of <ref> and
 * HEAD. Uncommitted changes count unless `--committed`. `--json` prints the whole answer (routes with their status and
 * reasons, the changed files). The output is data for other tools: it carries no message lines.
 */
import { parseArgs } from "node:util";
import { catalogueError, reviewErrors } from "../contract/errors.ts";
import { affectedRoutes } from "./pipeline/affected.ts";
import { exitOnError } from "../toolchain/fail.ts";

const USAGE = "npm run affected -- --base <ref> [--json] [--committed]";

/** The options of the command line, or REVIEW003 naming what is wrong. */
export function affectedArgs(args: string[]): { base: string; json: boolean; workingTree: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { base: { type: "string" }, json: { type: "boolean" }, committed: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw catalogueError(reviewErrors.usage, { command: "affected", problem: (error as Error).message, usage: USAGE });
  }
  if (!values.base)
    throw catalogueError(reviewErrors.usage, {
      command: "affected",
      problem: "--base <ref> is required",
      usage: USAGE,
    });
  return { base: values.base, json: values.json ?? false, workingTree: !values.committed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { base, json, workingTree } = affectedArgs(process.argv.slice(2));
    const affected = affectedRoutes({ base, workingTree });
    if (json) console.log(JSON.stringify(affected, null, 2));
    else for (const route of [...affected.routes.map((r) => r.route), ...affected.files]) console.log(route);
  } catch (error) {
    exitOnError(error);
  }
}
