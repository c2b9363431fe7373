import fs from "node:fs";
import path from "node:path";

/**
 * site-config/ of the project being built: npm runs every script from the project root, and this module is also bundled
 * into the prerender build, so the working directory (not this file's location) is the reliable anchor.
 * SITE_CONFIG_DIR points the build at another copy (tests, benchmarks).
 */
export const CONFIG_DIR = path.resolve(process.env.SITE_CONFIG_DIR ?? "site-config");

export const PAGES_DIR = path.join(CONFIG_DIR, "pages");
export const SITE_FILE = path.join(CONFIG_DIR, "site.json");

/** Every page document under site-config/pages, sorted so that output is stable. */
export function listPageFiles(dir: string = PAGES_DIR): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listPageFiles(full));
    else if (entry.isFile() && entry.name.endsWith(".json")) out.push(full);
  }
  return out.sort();
}

/** public/ of the project being built, for reading the size of images that pages name. */
export const PUBLIC_FILES_DIR = path.resolve("public");
