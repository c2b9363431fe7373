import type { TestProject } from "vitest/node";
import { startBrowserServer } from "./browser-server.ts";

/** Starts the run's Chromium for suites that serve their own build (`npm run test:generated`). */
export default async function setup(project: TestProject) {
  project.provide("baseURL", "");
  project.provide("siteBuilds", {});
  return startBrowserServer(project);
}
