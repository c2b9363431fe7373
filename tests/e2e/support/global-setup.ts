import type { TestProject } from "vitest/node";
import { startSite } from "../../../scripts/lib/serve.ts";
import { startBrowserServer } from "./browser-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Starts the run's one Chromium and serves the production build once for every suite; E2E_BASE_URL points at a site
 * already running.
 */
export default async function setup(project: TestProject) {
  const stopBrowser = await startBrowserServer(project);
  if (process.env.E2E_BASE_URL) {
    project.provide("baseURL", process.env.E2E_BASE_URL.replace(/\/$/, ""));
    return stopBrowser;
  }
  const site = await startSite();
  project.provide("baseURL", site.url);
  return async () => {
    await Promise.all([site.close(), stopBrowser()]);
  };
}
