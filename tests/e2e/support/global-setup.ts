import type { TestProject } from "vitest/node";
import { startSite } from "../../../scripts/measure/serve.ts";
import { removeBuilds, startSiteBuilds, takeBuildsAhead } from "./site-builds.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Serves the production build once for every suite (each worker starts a Chromium of its own: `launch()` in
 * browser.ts); E2E_BASE_URL points at a site already running. When a tier's browser suites run together
 * (E2E_BUILD_AHEAD, set by `npm run test:e2e` and `npm run test:whole` without a file), the suites' own site builds
 * start now, in the background (site-builds.ts), unless E2E_SITE_BUILDS lists them built before the run (build-ahead.ts).
 */
export default async function setup(project: TestProject) {
  const stops: (() => unknown)[] = [];
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  try {
    const tier = process.env.E2E_TIER === "whole" ? "whole" : "gate";
    const built = process.env.E2E_SITE_BUILDS && takeBuildsAhead(process.env.E2E_SITE_BUILDS, tier);
    if (built) {
      project.provide("siteBuilds", built);
      stops.push(() => removeBuilds(built));
    } else if (process.env.E2E_BUILD_AHEAD) {
      const { builds, stop } = await startSiteBuilds(tier);
      project.provide("siteBuilds", builds);
      stops.push(stop);
    } else project.provide("siteBuilds", {});
    if (process.env.E2E_BASE_URL) project.provide("baseURL", process.env.E2E_BASE_URL.replace(/\/$/, ""));
    else {
      const site = await startSite();
      project.provide("baseURL", site.url);
      stops.push(site.close);
    }
  } catch (error) {
    // Vitest runs no teardown for a setup that failed: what was started is stopped here.
    await stopAll();
    throw error;
  }
  return stopAll;
}
