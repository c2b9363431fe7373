import { defineConfig } from "vitest/config";
import OwnBuildsLast from "./tests/e2e/support/sequencer.ts";

/**
 * The browser suites (`npm run test:e2e`): one served production build and one Chromium for the run, one file at a
 * time, in Node; the suites that serve a build of their own run last.
 */
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    sequence: { sequencer: OwnBuildsLast },
    testTimeout: 60_000,
    hookTimeout: 200_000,
  },
});
