import { defineConfig } from "vitest/config";
import unit, { testOptions } from "./vitest.config.ts";

/**
 * `npm run test:slow`: the tests that copy, scaffold or build the whole project (`*.slow.test.ts`). They take minutes
 * on a 2-core machine, so `npm test` leaves them to this tier, which CI runs after the unit tier.
 */
export default defineConfig({
  plugins: unit.plugins,
  server: unit.server,
  test: {
    ...testOptions,
    include: ["**/*.slow.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    // Two files at a time: each spends part of its time waiting on the processes it starts (git, builds, Chromium),
    // so two keep both cores busy where one left one idle (326 s instead of 470 s on a 2-core machine).
    maxWorkers: 2,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
