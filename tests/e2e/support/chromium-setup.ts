import type { TestProject } from "vitest/node";
import { findChromium } from "../../../scripts/lib/chromium.ts";

/** Finds Chromium for suites that serve their own build (`npm run test:generated`). */
export default function setup(project: TestProject) {
  project.provide("chromePath", findChromium());
  project.provide("baseURL", "");
}
