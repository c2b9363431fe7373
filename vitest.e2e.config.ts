import { defineConfig } from "vitest/config";
import { RUN_TEMP_DIR } from "./vitest.config.ts";
import OwnBuildsLast from "./tests/e2e/support/sequencer.ts";
import { gateReporters } from "./tests/support/gate-times.ts";

/** `whole` when `npm run test:whole` runs the browser suites of the later tier (scripts/e2e.ts `--whole`). */
const whole = process.env.E2E_TIER === "whole";

const options = { environment: "node", testTimeout: 60_000, hookTimeout: 200_000 } as const;
const EDITOR_SUITES = ["tests/e2e/editor*.test.ts", "tests/e2e/team-*.test.ts"];
const WHOLE_SUITES = "tests/e2e/**/*.whole.test.ts";

/**
 * The browser suites (`npm run test:e2e`): one served production build and one Chromium for the run, in Node.
 *
 * - The editor's suites (the team editor's too) run first, two files at a time. Each drives its own editor and copy of
 *   the project, and leaves a third of a core idle waiting on its editor's answers and git; side by side they fill both
 *   cores.
 * - The site's suites follow, one file at a time: they measure what a visitor sees as the page loads (layout shifts,
 *   first-input latency at 4× slowdown, the spec's intervals), which another suite's load would distort.
 *
 * The suites that build or copy the whole project (`*.whole.test.ts`: the generated pages, a build with the lead API
 * on another origin, a page built from the editor, a block type added while the editor runs) are the later tier's,
 * run by `npm run test:whole`, one file at a time; there, the suites that serve a build of their own run last.
 */
export default defineConfig({
  test: {
    globalSetup: [RUN_TEMP_DIR, "tests/e2e/support/global-setup.ts"],
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
              name: "editor",
              include: EDITOR_SUITES,
              exclude: [WHOLE_SUITES],
              globalSetup: ["tests/e2e/support/editor-setup.ts"],
              maxWorkers: 2,
              sequence: { groupOrder: 0 },
            },
          },
          {
            test: {
              ...options,
              name: "site",
              include: ["tests/e2e/**/*.test.ts"],
              exclude: [WHOLE_SUITES, ...EDITOR_SUITES],
              fileParallelism: false,
              sequence: { groupOrder: 1 },
            },
          },
        ],
  },
});
