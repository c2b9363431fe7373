import { defineConfig } from "vitest/config";
import unit, { testOptions } from "./vitest.config.ts";
import { gateReporters } from "./tests/support/gate-times.ts";

/**
 * `npm run test:slow`: the tests that start real processes of their own: git with a bare remote, the editor's server
 * on a copy of the content, the prerender of the site, a server drained by SIGTERM, the validator's command
 * (`*.slow.test.ts`), the image pipeline encoding pictures. Each file takes from seconds to a minute, so `npm test` leaves them to this tier, which CI runs
 * after the unit tier. The suites that copy and build the whole project are the later tier's (`vitest.whole.config.ts`).
 */
export default defineConfig({
  plugins: unit.plugins,
  server: unit.server,
  test: {
    ...testOptions,
    include: ["**/*.slow.test.{ts,tsx}"],
    // Copies of the project (the team editor's under .cache/editor-work, the tests' own) hold test files too.
    exclude: ["tests/e2e/**", "node_modules/**", ".cache/**", "data/**"],
    // Two files at a time: each spends part of its time waiting on the processes it starts (git, builds, Chromium),
    // so two keep both cores busy where one left one idle (with the later tier's files, then run here too: 326 s instead of
    // 470 s on a 2-core machine).
    maxWorkers: 2,
    ...gateReporters("slow"),
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
