/**
 * `npm run test:e2e`: the browser suites (tests/e2e) in Debian's Chromium, driven by playwright-core, against the
 * production build served by `npm start` on a free port. Extra arguments go to Vitest (a file name, `-t pattern`).
 * Without them, the whole tier runs, and the suites' own site builds start with it (E2E_BUILD_AHEAD,
 * tests/e2e/support/site-builds.ts).
 */
import { spawnSync } from "node:child_process";
import { findChromium } from "./lib/chromium.ts";
import { exitOnError } from "./lib/fail.ts";
import { ROOT } from "./lib/paths.ts";

try {
  findChromium();
} catch (error) {
  exitOnError(error);
}

const args = process.argv.slice(2);
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...args], {
  cwd: ROOT,
  stdio: "inherit",
  env: args.length === 0 ? { ...process.env, E2E_BUILD_AHEAD: "1" } : process.env,
});
process.exit(result.status ?? 1);
