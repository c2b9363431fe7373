import { defineConfig } from "vitest/config";
import OwnBuildsLast from "./tests/e2e/support/sequencer.ts";

/** `whole` when `npm run test:whole` runs the browser suites of the later tier (scripts/e2e.ts `--whole`). */
const whole = process.env.E2E_TIER === "whole";

/**
 * The browser suites (`npm run test:e2e`): one served production build and one Chromium for the run, one file at a
 * time, in Node. The suites that build or copy the whole project (`*.whole.test.ts`: the generated pages, a build with
 * the lead API on another origin, a page built from the editor, a block type added while the editor runs) are the
 * later tier's, run by `npm run test:whole`; there, the suites that serve a build of their own run last.
 */
export default defineConfig({
  test: {
    environment: "node",
    include: [whole ? "tests/e2e/**/*.whole.test.ts" : "tests/e2e/**/*.test.ts"],
    exclude: whole ? [] : ["tests/e2e/**/*.whole.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    sequence: { sequencer: OwnBuildsLast },
    testTimeout: 60_000,
    hookTimeout: 200_000,
  },
});
