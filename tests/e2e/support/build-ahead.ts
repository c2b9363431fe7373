/**
 * `npx tsx tests/e2e/support/build-ahead.ts FILE`: the site builds the gate's browser suites serve (site-builds.ts),
 * built now and listed in FILE; the browser tier's run, given `E2E_SITE_BUILDS=FILE`, serves them instead of starting
 * them, and removes them when it ends. The gate runs it beside the slow tier, whose processes leave part of a core
 * idle, where the browser tier keeps both busy. `--remove FILE` removes the builds FILE lists, for a gate that ended
 * before its browser tier.
 */
import { exitOnError } from "../../../toolchain/fail.ts";
import { buildAhead, removeBuildsAhead } from "./site-builds.ts";

const [first, second] = process.argv.slice(2);
try {
  if (first === "--remove") removeBuildsAhead(second);
  else await buildAhead(first, "gate");
} catch (error) {
  exitOnError(error);
}
