/**
 * `npm run test:e2e`: the browser suites (tests/e2e) in Debian's Chromium (its headless shell where it is installed),
 * driven by playwright-core, against the production build served by `npm start` on a free port. Extra arguments go to
 * Vitest (a file name, `-t pattern`).
 *
 * `--whole` runs the later tier's browser suites instead (`*.whole.test.ts`, part of `npm run test:whole`), as does
 * naming one of their files. Without other arguments, the site builds the tier's suites serve (the behaviours suite's
 * fixture pages; the generated pages and the cross-origin site) start with the run (E2E_BUILD_AHEAD,
 * tests/e2e/support/site-builds.ts).
 */
import { spawnSync } from "node:child_process";
import { checkLines } from "../contract/errors.ts";
import { findChromium, findHeadlessChromium } from "../toolchain/chromium.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";

try {
  // The full browser is needed too, by the suites that test what only it has (lead-trap.test.ts: its autofill).
  findChromium();
  if (!findHeadlessChromium().shell && !process.env.CHROME_PATH) print(checkLines.noHeadlessShell);
} catch (error) {
  exitOnError(error);
}

const args = process.argv.slice(2).filter((arg) => arg !== "--whole");
const whole = process.argv.includes("--whole") || args.some((arg) => arg.includes(".whole."));
const env: NodeJS.ProcessEnv = { ...process.env, ...(whole && { E2E_TIER: "whole" }) };
if (args.length === 0) env.E2E_BUILD_AHEAD = "1";
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...args], {
  cwd: ROOT,
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
