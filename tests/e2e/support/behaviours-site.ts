import { expect, inject } from "vitest";
import { type RunningSite, startSite } from "../../../scripts/measure/serve.ts";
import { type BuildOutcome, type SiteBuild, removeBuild, siteBuild } from "./site-builds.ts";

/**
 * The behaviours build (the fixture pages of tests/e2e/fixtures/behaviours/, site-builds.ts) served for the calling
 * suite, once it has ended, with the build itself (its folders, for a suite that reads its files): the one the global
 * setup started ahead, or one this suite starts now. `close` stops the server and removes the build only when this
 * suite started it: a build started ahead serves the next suite too, and the global teardown removes it.
 */
export async function serveBehavioursBuild(): Promise<RunningSite & { build: SiteBuild & { outcome: BuildOutcome } }> {
  const ahead = inject("siteBuilds").behaviours;
  const built = await siteBuild("behaviours", ahead);
  const remove = () => {
    if (!ahead) removeBuild(built);
  };
  try {
    expect(built.outcome.status, `the fixture pages build:\n${built.outcome.output}`).toBe(0);
    const site = await startSite(built.buildDir, built.env);
    return {
      url: site.url,
      build: built,
      close: async () => {
        await site.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
