import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROME_FLAGS, findHeadlessChromium } from "../../../toolchain/chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's one Chromium, which every suite connects to (`launch()` in browser.ts). */
    browserEndpoint: string;
  }
}

/**
 * Starts the one Chromium that every browser suite of the run connects to, instead of one per file: a launch costs a
 * second or two of CPU, and each suite's tests still get fresh contexts (no shared storage, cookies or cache). It is
 * Chromium's headless shell where it is installed (`findHeadlessChromium`). Returns the function that stops it.
 */
export async function startBrowserServer(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: findHeadlessChromium().path, args: CHROME_FLAGS });
  project.provide("browserEndpoint", server.wsEndpoint());
  return () => server.close();
}
