import fs from "node:fs";
import path from "node:path";
import { catalogueError, configErrors } from "./errors.ts";
import type { PageDocument, SiteConfig } from "./generated/schema-types.ts";
import { computedOnce } from "./process-cache.ts";
import { type Validators, projectDir, projectValidators } from "./schemas.server.ts";

/**
 * site-config/ of the project being built: npm runs every script from the project root, and this module is also bundled
 * into the prerender build, so the working directory (not this file's location) is the reliable anchor.
 * SITE_CONFIG_DIR points the build at another copy (tests, benchmarks).
 */
export const CONFIG_DIR = path.resolve(process.env.SITE_CONFIG_DIR ?? "site-config");

export const PAGES_DIR = path.join(CONFIG_DIR, "pages");
export const SITE_FILE = path.join(CONFIG_DIR, "site.json");
/** public/ of the project being built, for reading the size of images that pages name. */
export const PUBLIC_FILES_DIR = path.resolve("public");

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

/** What the app reads from site-config/: validated, with every schema default filled in. */
export interface Content {
  site: SiteConfig;
  pages: PageDocument[];
  /** The file each page was read from, in the order of `pages`. */
  files: string[];
}

/**
 * Reads site.json and every page, validating each against its schema, which fills in every default the file leaves
 * out (the only place defaults are applied: components receive complete blocks). Validation with its messages, file
 * and line is `npm run validate`'s job, run before every build; reaching an invalid file here means it was skipped.
 * Loaded once in the process while the files and schemas are unchanged: the build's plugins, its route config and
 * the dev server ask again and again.
 */
export function loadContent(): Content {
  const files = listPageFiles();
  const texts = [SITE_FILE, ...files].map((file) => fs.readFileSync(file, "utf8"));
  const validators = projectValidators();
  return computedOnce("content", JSON.stringify([CONFIG_DIR, files, texts, validators.schemas]), () => {
    const problems: string[] = [];
    const read = <T>(file: string, text: string, validate: Validators["page"]): T => {
      const value = JSON.parse(text) as T;
      // No count: the schema's raw errors repeat each other (an unknown property of a block is also the block union's
      // "must match then"); the number of problems is the validator's, which the build and the dev server show.
      if (!validate(value)) problems.push(`${path.relative(projectDir(), file)}: does not match its schema`);
      return value;
    };
    const site = read<SiteConfig>(SITE_FILE, texts[0]!, validators.site);
    const pages = files.map((file, index) => read<PageDocument>(file, texts[index + 1]!, validators.page));
    if (problems.length) throw catalogueError(configErrors.invalidAtLoad, { problems: problems.join("\n") });
    return { site, pages, files };
  });
}

/**
 * The pages the build prerenders into files, the not-found page, and the site's resources. PRERENDER_ONLY (a path
 * prefix) keeps only the pages under it, and the home page that the server needs to start: the generated-pages check
 * builds its own pages without the site's, which the main build already covers.
 */
export function prerenderedPaths(): { documents: string[]; resources: string[] } {
  const only = process.env.PRERENDER_ONLY;
  const built = loadContent()
    .pages.map((page) => page.path)
    .sort()
    .filter((pagePath) => !only || pagePath === "/" || pagePath.startsWith(only));
  return { documents: [...built, "/404"], resources: ["/sitemap.xml", "/robots.txt"] };
}
