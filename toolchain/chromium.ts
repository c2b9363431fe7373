import fs from "node:fs";
import { catalogueError, checkErrors } from "../contract/errors.ts";

/** Debian's Chromium unless CHROME_PATH names another build of Chrome or Chromium. */
export const DEFAULT_CHROME_PATH = "/usr/bin/chromium";

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same Blink and V8 without the full browser
 * around them, which Playwright itself uses for headless runs. Measured on the routes' desktop audits: 40 s and
 * 68 core-seconds, against 65 s and 119 in Chromium, whose browser process alone took 42 (10 in the shell).
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

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

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser for runs that need no more than a page (the browser suites): CHROME_PATH when it is set, else Chromium's
 * headless shell when it is installed, else Chromium (as fast a check, at about twice the CPU); `shell` says which.
 */
export function findHeadlessChromium(shellPath = HEADLESS_SHELL_PATH): { path: string; shell: boolean } {
  if (!process.env.CHROME_PATH && isExecutable(shellPath)) return { path: shellPath, shell: true };
  return { path: findChromium(), shell: false };
}

/** The Chromium binary to drive, or an error that says how to get one. */
export function findChromium(): string {
  const candidate = process.env.CHROME_PATH || DEFAULT_CHROME_PATH;
  if (isExecutable(candidate)) return candidate;
  throw catalogueError(checkErrors.noChromium, { path: candidate, fromEnv: Boolean(process.env.CHROME_PATH) });
}
