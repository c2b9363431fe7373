import type { TestProject } from "vitest/node";
import { findChromium } from "../../../scripts/lib/chromium.ts";
import { startSite } from "../../../scripts/lib/serve.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromePath: string;
  }
}

/** Finds Chromium and serves the production build once for every suite; E2E_BASE_URL points at a site already running. */
export default async function setup(project: TestProject) {
  project.provide("chromePath", findChromium());
  if (process.env.E2E_BASE_URL) {
    project.provide("baseURL", process.env.E2E_BASE_URL.replace(/\/$/, ""));
    return;
  }
  const site = await startSite();
  project.provide("baseURL", site.url);
  return site.close;
}
