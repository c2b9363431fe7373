import fs from "node:fs";
import path from "node:path";
import type { PageDocument } from "../../../contract/generated/schema-types.ts";
import type { LocalisedRoute } from "../../../contract/locales.ts";
import { allRoutes } from "../../../renderer/content/pages.server.ts";
import { ROOT } from "../../../toolchain/paths.ts";
import { JSDOM } from "jsdom";

/**
 * What the route sweeps check on each route (docs/quality.md, "What the browser suites check"). Every route of every
 * locale is loaded at each width and checked for errors, overflow and its headings; axe audits the whole page once per
 * distinct template of each locale (the chrome with it), and every translation, which has words of its own. A fallback
 * shows its source's blocks in its locale's chrome: `showsItsSource` below proves, from the built pages, that its
 * content is its source's, whose template is audited in the source's locale, and its chrome is audited on its locale's
 * own pages; a fallback it does not hold for is checked as a page of its own.
 */
export interface PlannedRoute {
  path: string;
  /** The code of the route's locale. */
  locale: string;
  kind: LocalisedRoute<PageDocument>["kind"];
  /** The address whose content a fallback shows; the route's own otherwise. */
  canonical: string;
  /** The blocks the page is made of, with what changes their layout (see `templateOf`). */
  template: string;
  /** Whether axe audits the whole page here: the first route of its template in its locale, or a translation. */
  audited: boolean;
}

/** Per block type, the properties whose value picks a layout or a look: those the schema bounds to a set of values. */
function layoutProperties(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const blocksDir = path.join(ROOT, "blocks");
  for (const type of fs.readdirSync(blocksDir)) {
    const file = path.join(blocksDir, type, "schema.json");
    if (!fs.existsSync(file)) continue;
    const schema = JSON.parse(fs.readFileSync(file, "utf8")) as {
      properties?: Record<string, { enum?: unknown[]; type?: string }>;
    };
    found.set(
      type,
      Object.entries(schema.properties ?? {})
        .filter(([, property]) => property.enum !== undefined || property.type === "boolean")
        .map(([name]) => name),
    );
  }
  return found;
}

/**
 * A page's template: each of its blocks as its type, the values of the properties that pick its layout or look (a
 * tone, a column count, a switch) and which of its fields it fills. Two pages with one template differ in words and
 * addresses only, which is what axe's rules do not judge apart from what validation already refuses (an empty label).
 */
export function templateOf(page: PageDocument, layout: Map<string, string[]>): string {
  return page.blocks
    .map((block) => {
      const fields = block as unknown as Record<string, unknown>;
      const looks = (layout.get(block.type) ?? []).map((name) => `${name}=${String(fields[name] ?? "")}`);
      const filled = Object.keys(fields)
        .filter((name) => name !== "type")
        .sort();
      return [block.type, ...looks, ...filled].join(",");
    })
    .join(" | ");
}

/** Every route of the site, in the order of `allRoutes`, with its template and whether axe audits it. */
export function routePlan(routes: readonly LocalisedRoute<PageDocument>[] = allRoutes()): PlannedRoute[] {
  const layout = layoutProperties();
  const seen = new Set<string>();
  const planned: PlannedRoute[] = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((route) => {
      const template = templateOf(route.page, layout);
      const key = `${route.locale.code} ${template}`;
      const first = route.kind !== "fallback" && !seen.has(key);
      seen.add(key);
      return {
        path: route.path,
        locale: route.locale.code,
        kind: route.kind,
        canonical: route.canonical,
        template,
        audited: route.kind === "translation" || first,
      };
    });
  // A locale made only of fallbacks still has its chrome audited, on its first route.
  for (const locale of new Set(planned.map((route) => route.locale)))
    if (!planned.some((route) => route.locale === locale && route.audited))
      planned.find((route) => route.locale === locale)!.audited = true;
  return planned;
}

/**
 * The blocks of a built page (the children of its `main`, inside the wrapper that marks a fallback's language), each
 * with what a fallback changes on purpose made alike: the addresses its links lead to (the locale's own) and its marks
 * of language and direction.
 */
export function blocksOf(html: string): string[] {
  let blocks = parsedBlocks.get(html);
  if (!blocks) parsedBlocks.set(html, (blocks = parseBlocks(html)));
  return blocks;
}

/** Each page's blocks, parsed once: a locale's own pages are compared with each of its fallbacks. */
const parsedBlocks = new Map<string, string[]>();

function parseBlocks(html: string): string[] {
  const main = new JSDOM(html).window.document.querySelector("main");
  if (!main) return [];
  const wrapper =
    main.children.length === 1 && main.firstElementChild?.hasAttribute("lang") ? main.firstElementChild : main;
  return [...wrapper.children].map((block) =>
    block.outerHTML
      .replace(/ (href|lang|dir)="[^"]*"/g, ` $1=""`)
      .replace(/&quot;href&quot;:&quot;[^&]*&quot;/g, "&quot;href&quot;:&quot;&quot;"),
  );
}

/**
 * Whether a fallback's page shows its source's content: each of its blocks is the source's block in its place, or a
 * block the locale's own pages show too (its version of a shared section, which is checked there). A fallback that
 * shows anything else (an index listing the locale's titles) is checked as a page of its own.
 */
export function showsItsSource(fallback: string, source: string, localePages: readonly string[]): boolean {
  const shown = blocksOf(fallback);
  const own = blocksOf(source);
  const elsewhere = new Set(localePages.flatMap(blocksOf));
  return shown.length === own.length && shown.every((block, at) => block === own[at] || elsewhere.has(block));
}
