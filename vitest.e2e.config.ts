import { defineConfig } from "vitest/config";

/** The browser suites (`npm run test:e2e`): one served production build, one file at a time, in Node. */
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 200_000,
  },
});
