import { defineConfig } from "vitest/config";
import unit, { FS_MODULE_CACHE, testOptions } from "./vitest.config.ts";
import { gateReporters } from "./tests/support/gate-times.ts";

/**
 * Files that render with React in jsdom, or load the content with the environment they set (`vi.stubEnv`): each needs a
 * module registry of its own. The others share one per worker, in Node's own environment: Vitest, the project's
 * modules and the packages they import are loaded once per worker, not once per file (a second or two of CPU each).
 * A file leaves nothing behind: each closes what it started, and one that changes `process.env` puts it back.
 */
const ISOLATED = ["tests/locales.slow.test.ts", "tests/prerender.slow.test.ts"];
const SLOW_FILES = ["**/*.slow.test.{ts,tsx}"];
// Copies of the project (the team editor's under .cache/editor-work, the tests' own) hold test files too.
export const NOT_OURS = ["tests/e2e/**", "node_modules/**", ".cache/**", "data/**"];
/** What both projects' files run with: the unit tier's options, with the time a file's real processes take. */
export const slowOptions = { ...testOptions, testTimeout: 300_000, hookTimeout: 300_000 };

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
    // Two files at a time: each spends part of its time waiting on the processes it starts (git, builds, Chromium),
    // so two keep both cores busy where one left one idle (with the later tier's files, then run here too: 326 s instead of
    // 470 s on a 2-core machine).
    maxWorkers: 2,
    experimental: FS_MODULE_CACHE,
    ...gateReporters("slow"),
    projects: [
      {
        extends: true,
        test: {
          ...slowOptions,
          name: "slow",
          environment: "node",
          setupFiles: [],
          include: SLOW_FILES,
          exclude: [...NOT_OURS, ...ISOLATED],
          isolate: false,
        },
      },
      // Vitest orders a run's files project by project, by name, before their times: "isolated" sorts before
      // "slow", so these two start first instead of leaving a core idle at the end (the locale site's build, 15-20 s).
      {
        extends: true,
        test: {
          ...slowOptions,
          name: "isolated",
          include: ISOLATED,
          exclude: NOT_OURS,
        },
      },
    ],
  },
});
