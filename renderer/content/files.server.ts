import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** site-config/, found from this file so build scripts and the prerenderer agree on it. */
export const CONFIG_DIR =
  process.env.SITE_CONFIG_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../site-config");

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
