/**
 * The site the benchmarks grow (`npm run bench:build`, `npm run bench:dev`): a temporary copy of site-config/ with more
 * copies of every industry page under new paths, each also a route of the German locale (which shows it for want of a
 * translation), fifty of them placing a section of their own, none in the menus.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentRoutes, loadContent } from "../../contract/content.server.ts";
import { CONFIG_DIR } from "../../toolchain/paths.ts";

const INDUSTRY_DIR = path.join(CONFIG_DIR, "pages", "industries");
/** The section the benchmarks' site places on fifty of its copies, to change as one. */
export const SECTION_ID = "bench-offer";
/** The copies that place the benchmark's section: each is two routes, its own and the German locale's. */
const PLACING_COPIES = 50;

/** The routes of the site in `configDir`, in every locale. */
export const routesOf = (configDir: string) => contentRoutes(loadContent(configDir)).length;

/** A copy of site-config/ with `copies` more of every industry page, kept out of the menus. */
function scaledConfig(copies: number): { dir: string; routes: number; onePage?: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-bench-"));
  fs.cpSync(CONFIG_DIR, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "sections", `${SECTION_ID}.json`),
    `${JSON.stringify(
      {
        $schema: "../../schemas/section.schema.json",
        name: "Benchmark offer",
        blocks: [{ type: "text-section", heading: "A pilot in four weeks", paragraphs: ["Ask us how."] }],
      },
      null,
      2,
    )}\n`,
  );
  const industries = fs.readdirSync(INDUSTRY_DIR).filter((f) => f.endsWith(".json"));
  let onePage: string | undefined;
  let placed = 0;
  for (let n = 1; n <= copies; n++) {
    for (const file of industries) {
      const page = JSON.parse(fs.readFileSync(path.join(INDUSTRY_DIR, file), "utf8")) as {
        path: string;
        nav?: unknown;
        title: string;
        blocks: unknown[];
      };
      page.path = `${page.path}-${n}`;
      page.title = `${page.title} (${n})`;
      // Thousands of menu entries would measure the menu, not the number of routes.
      delete page.nav;
      if (placed++ < PLACING_COPIES) page.blocks.splice(1, 0, { type: "section", section: SECTION_ID });
      const copy = path.join(dir, "pages", "industries", `${path.basename(file, ".json")}-${n}.json`);
      fs.writeFileSync(copy, JSON.stringify(page, null, 2));
      onePage ??= copy;
    }
  }
  return { dir, routes: routesOf(dir), ...(onePage ? { onePage } : {}) };
}

/** A grown copy of the site: its folder, its routes, and the page a one-page change edits. */
export interface ScaledSite {
  dir: string;
  routes: number;
  onePage?: string;
}

/**
 * The site grown to about `routes` routes (each copy of a page is two), or as it is for its own number of routes or
 * fewer: the copy's folder, its routes, and the first copied page (to change one page).
 */
export function scaledSite(routes: number): ScaledSite {
  const industries = fs.readdirSync(INDUSTRY_DIR).filter((f) => f.endsWith(".json")).length;
  const copies = Math.max(0, Math.ceil((routes - routesOf(CONFIG_DIR)) / 2 / Math.max(industries, 1)));
  return scaledConfig(copies);
}
