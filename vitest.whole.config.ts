import { defineConfig } from "vitest/config";
import slow, { NOT_OURS, slowOptions } from "./vitest.slow.config.ts";

/**
 * The whole-project tier's Node suites (`*.whole.test.ts` outside tests/e2e, run by `npm run test:whole`): each copies
 * the project and type-checks or builds all of it, several times over (a new block end to end, the review of a change
 * against builds of base and head, migrations over a copy). Minutes each on a 2-core machine, so CI's gate leaves them
 * to this later tier (docs/quality.md, "Tiers"); they run as the slow tier's files do, two at a time, in one project of
 * their own: the slow tier's projects would each take them (and run every file twice).
 */
export default defineConfig({
  ...slow,
  test: {
    ...slow.test,
    projects: [
      {
        extends: true,
        test: { ...slowOptions, name: "whole", include: ["**/*.whole.test.{ts,tsx}"], exclude: NOT_OURS },
      },
    ],
  },
});
