/**
 * `npm run test:e2e`: the browser suites (tests/e2e) in Debian's Chromium, driven by playwright-core, against the
 * production build served by `npm start` on a free port. Extra arguments go to Vitest (a file name, `-t pattern`).
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

const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
