import fs from "node:fs";
import path from "node:path";

/** What `addManyPages` wrote: how many pages, one of them by name, and those translated, for a test to look for. */
export interface ManyPages {
  /** The pages written (the project's own pages come on top). */
  count: number;
  /** A page in the middle of the list, with its title, to be found by typing it. */
  middle: { file: string; path: string; title: string };
  /** The source pages given a German translation, by file from the project's folder. */
  translated: string[];
}

const REGIONS = ["north", "south", "east", "west", "midlands", "highlands", "coast", "valleys", "islands", "capital"];

/**
 * Grows a copy of the project (`projectDir`, made by copyProject) to `count` more pages, as a site with programmatic
 * pages is: each industry page of the site again for region after region, under site-config/pages/regions/<region>/,
 * with its own address and title and without its place in the menus (thousands of menu entries would measure the menu).
 * Every `translateEvery`-th copy also gets a German translation under the locale's prefix. The files are written as
 * they are, one after another: 10,000 pages take about a second.
 */
export function addManyPages(projectDir: string, count: number, { translateEvery = 100 } = {}): ManyPages {
  const configDir = path.join(projectDir, "site-config");
  const industryDir = path.join(configDir, "pages", "industries");
  const industries = fs
    .readdirSync(industryDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({
      slug: path.basename(name, ".json"),
      page: JSON.parse(fs.readFileSync(path.join(industryDir, name), "utf8")) as Record<string, unknown> & {
        path: string;
        title: string;
      },
    }));
  const written: { file: string; path: string; title: string }[] = [];
  const translated: string[] = [];
  const made = new Set<string>();
  const folder = (dir: string) => {
    if (!made.has(dir)) fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  for (let n = 0; n < count; n++) {
    const { slug, page } = industries[n % industries.length]!;
    const region = REGIONS[Math.floor(n / industries.length) % REGIONS.length]!;
    const round = Math.floor(n / (industries.length * REGIONS.length)) + 1;
    const name = `${slug}-${round}`;
    const pagePath = `/regions/${region}/${name}`;
    const title = `${page.title} in the ${region} (${round})`;
    const file = `site-config/pages/regions/${region}/${name}.json`;
    const copy: Record<string, unknown> = {
      ...page,
      $schema: "../../../../schemas/page.schema.json",
      path: pagePath,
      title,
    };
    delete copy.nav;
    folder(path.join(configDir, "pages", "regions", region));
    fs.writeFileSync(path.join(projectDir, file), `${JSON.stringify(copy, null, 2)}\n`);
    written.push({ file, path: pagePath, title });
    if (n % translateEvery === 0) {
      const dir = path.join(configDir, "locales", "de-DE", "pages", "regions", region);
      folder(dir);
      const translation = {
        ...copy,
        $schema: "../../../../../../schemas/page.schema.json",
        translationOf: pagePath,
        path: `/de${pagePath}`,
        title: `KI-Agenten: ${title}`,
      };
      fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(translation, null, 2)}\n`);
      translated.push(file);
    }
  }
  const byAddress = [...written].sort((a, b) => a.path.localeCompare(b.path));
  return {
    count,
    middle: byAddress[Math.floor(byAddress.length / 2)]!,
    translated,
  };
}
