import fs from "node:fs";
import { catalogueError, checkErrors } from "../../contract/errors.ts";

/** Debian's Chromium unless CHROME_PATH names another build of Chrome or Chromium. */
export const DEFAULT_CHROME_PATH = "/usr/bin/chromium";

/** Flags that keep a headless Chromium quiet and reproducible in containers and CI (see docs/quality.md). */
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium binary to drive, or an error that says how to get one. */
export function findChromium(): string {
  const candidate = process.env.CHROME_PATH || DEFAULT_CHROME_PATH;
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return candidate;
  } catch {
    throw catalogueError(checkErrors.noChromium, { path: candidate, fromEnv: Boolean(process.env.CHROME_PATH) });
  }
}
