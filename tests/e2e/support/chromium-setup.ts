import type { TestProject } from "vitest/node";

/** What suites that serve their own build (`npm run test:generated`) are given: no shared site, no fixture builds. */
export default function setup(project: TestProject) {
  project.provide("baseURL", "");
  project.provide("siteBuilds", {});
}
