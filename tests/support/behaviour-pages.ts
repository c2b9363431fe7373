import fs from "node:fs";
import path from "node:path";
import type { Block, PageDocument } from "../../contract/generated/schema-types.ts";
import { CONFIG_DIR, ROOT } from "../../toolchain/paths.ts";
import { writeFixturePublic } from "./fixture-pictures.ts";

/** The pages of the browser suites' own (tests/e2e/fixtures/behaviours/), served under this prefix. */
export const BEHAVIOURS_PREFIX = "/behaviours/";
export const BEHAVIOURS_FIXTURES = path.join(ROOT, "tests", "e2e", "fixtures", "behaviours");

/** The route of the fixture page `name` (`<name>.json`, whose path `tests/behaviour-pages.test.ts` checks). */
export const fixtureRoute = (name: string): string => `${BEHAVIOURS_PREFIX}${name}`;

/**
 * A copy of `configDir` (site.json and the site's pages: the chrome the fixture pages are shown in) with the fixture
 * pages under pages/behaviours/, for SITE_CONFIG_DIR; the schemas are linked beside it for the `$schema` check.
 */
export function writeBehavioursConfig(configDir: string, target: string): void {
  fs.cpSync(configDir, target, { recursive: true });
  fs.cpSync(BEHAVIOURS_FIXTURES, path.join(target, "pages", "behaviours"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "schemas"), path.join(path.dirname(target), "schemas"));
}

/**
 * The fixture pages as a site of their own in `work`: its site-config/ (writeBehavioursConfig, with the site's chrome)
 * and its public/ with the picture page's pictures (fixture-pictures.ts). Returns what a build of it sets: its content,
 * its public folder, and no preview cards, which nothing built from it looks at.
 */
export async function writeFixtureSite(work: string): Promise<Record<string, string>> {
  const configDir = path.join(work, "site-config");
  const publicDir = path.join(work, "public");
  writeBehavioursConfig(CONFIG_DIR, configDir);
  await writeFixturePublic(publicDir);
  return { SITE_CONFIG_DIR: configDir, SITE_PUBLIC_DIR: publicDir, PREVIEW_CARDS: "off" };
}

/**
 * The fixture page `name` and its route. The page must show what the suite checks (`shows`): a fixture changed so that
 * it does not fails the suite here, by name, rather than skipping it.
 */
export function fixturePage(
  name: string,
  shows: (document: PageDocument) => boolean,
  what: string,
): { file: string; route: string; document: PageDocument } {
  const file = path.join(BEHAVIOURS_FIXTURES, `${name}.json`);
  const document = JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument;
  if (document.path !== fixtureRoute(name)) throw new Error(`${file}: its path must be ${fixtureRoute(name)}`);
  if (!shows(document)) throw new Error(`${file}: it must have ${what}`);
  return { file, route: document.path, document };
}

type BlockOf<T extends Block["type"]> = Extract<Block, { type: T }>;

/** The fixture page of a block type (`<type>.json`) and its block, which must show what the suite checks (`shows`). */
export function fixture<T extends Block["type"]>(
  type: T,
  shows: (block: BlockOf<T>) => boolean,
  what: string,
): { route: string; block: BlockOf<T> } {
  const isIt = (b: Block): b is BlockOf<T> => b.type === type;
  const { route, document } = fixturePage(
    type,
    (page) => page.blocks.some((b) => isIt(b) && shows(b)),
    `a ${type} block with ${what}`,
  );
  return { route, block: document.blocks.find((b): b is BlockOf<T> => isIt(b) && shows(b))! };
}
