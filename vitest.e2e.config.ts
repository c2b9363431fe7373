import { defineConfig } from "vitest/config";
import { FS_MODULE_CACHE, RUN_TEMP_DIR } from "./vitest.config.ts";
import OwnBuildsLast from "./tests/e2e/support/sequencer.ts";
import { gateReporters } from "./tests/support/gate-times.ts";
import { keepProjectModules } from "./tests/support/module-cache.ts";

/** `whole` when `npm run test:whole` runs the browser suites of the later tier (scripts/e2e.ts `--whole`). */
const whole = process.env.E2E_TIER === "whole";

/**
 * The suites of a worker share one module registry (`isolate: false`): the editor's server, Playwright and the
 * project's modules are loaded once per worker, not once per file, which took 160 s of the tier's CPU. A suite leaves
 * nothing behind: each closes what it started, and one that changes `process.env` puts it back.
 */
const options = { environment: "node", testTimeout: 60_000, hookTimeout: 200_000, isolate: false } as const;
const WHOLE_SUITES = "tests/e2e/**/*.whole.test.ts";
/**
 * The suites that time what a visitor sees (first-input latency and layout shifts at 4× slowdown), and axe's own audit
 * of a same-origin frame (its colour check in the frame came back incomplete with another file's pages loading beside
 * it): run one at a time, after the others. The behaviours' intervals run on the page's clock (`page.clock`), which a
 * busy machine cannot make them miss: that suite is among the others.
 */
const TIMED_SUITES = ["tests/e2e/axe-audit.test.ts", "tests/e2e/first-input.test.ts", "tests/e2e/layout-shift.test.ts"];

/**
 * The browser suites (`npm run test:e2e`): one served production build for the run and one Chromium per worker, in Node.
 *
 * - First, two files at a time, the suites that check what is there rather than how fast it comes: the editor's (the
 *   team editor's too), each driving its own editor and copy of the project, and the site's sweeps (routes, right to
 *   left, menus, the right-to-left locale, nginx). An editor's suite leaves a third of a core idle waiting on its
 *   editor's answers and git; two files at a time keep both cores busy. The lead form's suites are among them: they
 *   time nothing, and each serves the fixture pages from a server of its own, with its own lead API and rate limit;
 *   so are the behaviours, whose intervals run on the page's clock.
 * - Then the timed suites, one file at a time: they measure what a visitor sees as the page loads (layout shifts,
 *   first-input latency at 4× slowdown), which another suite's load would distort.
 *
 * The suites that build or copy the whole project (`*.whole.test.ts`: the generated pages, a build with the lead API
 * on another origin, a page built from the editor, a block type added while the editor runs) are the later tier's,
 * run by `npm run test:whole`, one file at a time; there, the suites that serve a build of their own run last.
 */
export default defineConfig({
  plugins: [keepProjectModules(import.meta.dirname)],
  test: {
    globalSetup: [RUN_TEMP_DIR, "tests/e2e/support/global-setup.ts"],
    experimental: FS_MODULE_CACHE,
    ...gateReporters(whole ? "whole-browser" : "browser"),
    // Vitest takes the sequencer from here only, not from a project.
    sequence: { sequencer: OwnBuildsLast },
    projects: whole
      ? [
          {
            test: {
              ...options,
              name: "whole",
              include: [WHOLE_SUITES],
              fileParallelism: false,
            },
          },
        ]
      : [
          {
            test: {
              ...options,
              name: "checks",
              include: ["tests/e2e/**/*.test.ts"],
              exclude: [WHOLE_SUITES, ...TIMED_SUITES],
              globalSetup: ["tests/e2e/support/editor-setup.ts"],
              maxWorkers: 2,
              sequence: { groupOrder: 0 },
            },
          },
          {
            test: {
              ...options,
              name: "timed",
              include: TIMED_SUITES,
              fileParallelism: false,
              sequence: { groupOrder: 1 },
            },
          },
        ],
  },
});
