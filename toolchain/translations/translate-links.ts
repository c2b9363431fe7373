/**
 * The links of a page being translated (the editor's Translate, docs/localisation.md): each led to the locale's address
 * of the page it names, so that the translation stays in its locale as validation asks (LOC002, LOC003). A link to a
 * page the locale has no version of is left out where the schema lets it go (an optional link, an item of a list that
 * may be shorter), and said so before the translation is written.
 */
import type { Located, SchemaFiles } from "../../contract/schema-tree.ts";
import { type Localisable, type SiteLocale, localisedRoutes } from "../../contract/locales.ts";
import { schemaAt } from "../schema-tree.ts";

type Segment = string | number;

/** A link of the page, where it is and what it says. */
export interface PageLink {
  path: Segment[];
  href: string;
}

export interface LocalisedLinks {
  /** The document with its links led to the locale's addresses and those it cannot keep left out. */
  doc: Record<string, unknown>;
  /** What was left out for each link the locale cannot keep: the link itself, or the action or item that holds it. */
  leftOut: (PageLink & { removed: Segment[] })[];
  /** The links the locale cannot keep that the schema needs where they are (validation names them). */
  kept: PageLink[];
  /**
   * The same changes as edits of the document's text, in the order they apply: a value written at `path`, or with no
   * `value` the place removed (jsonc-parser's `modify`, which keeps the rest of the text as it was written).
   */
  edits: { path: Segment[]; value?: string }[];
}

/**
 * Where each page of the site is in `locale`, by any of its addresses (its source's path, a translation's), for a new
 * translation of `own.source` at `own.path`: a string where the locale has the page, null where it has none; a path
 * that is no page's is not in the map.
 */
export function localeAddresses(
  locales: readonly SiteLocale[],
  sources: readonly Localisable[],
  translations: ReadonlyMap<string, readonly Localisable[]>,
  locale: SiteLocale,
  own: { source: string; path: string },
): Map<string, string | null> {
  const withOwn = new Map(translations);
  withOwn.set(locale.code, [...(translations.get(locale.code) ?? []), { path: own.path, translationOf: own.source }]);
  const routes = localisedRoutes(locales, sources, withOwn);
  const inLocale = new Map(
    routes.filter((route) => route.locale === locale).map((route) => [route.source, route.path]),
  );
  return new Map(routes.map((route) => [route.path, inLocale.get(route.source) ?? null]));
}

/** Where a locale has each page, by any of the page's addresses: what `localiseLinks` asks of `localeAddresses`' map. */
export type LocaleAddressLookup = Pick<ReadonlyMap<string, string | null>, "get">;

/**
 * `localeAddresses` for many new translations into one locale, as the page list asks for each page that has none: the
 * site's routes are worked out once, and each new translation works out again only its own source's routes (the only
 * ones it changes), so a site of 10,000 pages costs 10,000 small steps rather than 10,000 times its routes.
 */
export function localeAddressBook<P extends Localisable>(
  locales: readonly SiteLocale[],
  sources: readonly P[],
  translations: ReadonlyMap<string, readonly Localisable[]>,
  locale: SiteLocale,
): {
  /** Whether the locale has every page at some address (its own, or its fallback's): then no link is ever left out. */
  hasEveryPage: boolean;
  /** Where the locale has each page once `own` is written. */
  withTranslation: (own: { source: string; path: string }) => LocaleAddressLookup;
} {
  const routes = localisedRoutes<Localisable>(locales, sources, translations);
  const inLocale = new Map(
    routes.filter((route) => route.locale === locale).map((route) => [route.source, route.path]),
  );
  // As in localeAddresses' map, a path two routes share answers for the later one.
  const sourceAt = new Map(routes.map((route) => [route.path, route.source]));
  const sourceByPath = new Map<string, Localisable>();
  for (const source of sources) if (!sourceByPath.has(source.path)) sourceByPath.set(source.path, source);
  const bySource = new Map<string, Map<string, Localisable[]>>();
  for (const [code, pages] of translations)
    for (const page of pages) {
      if (!page.translationOf) continue;
      const ofSource = bySource.get(page.translationOf) ?? new Map<string, Localisable[]>();
      ofSource.set(code, [...(ofSource.get(code) ?? []), page]);
      bySource.set(page.translationOf, ofSource);
    }
  const withTranslation = (own: { source: string; path: string }): LocaleAddressLookup => {
    const source = sourceByPath.get(own.source);
    const withOwn = new Map(bySource.get(own.source));
    withOwn.set(locale.code, [...(withOwn.get(locale.code) ?? []), { path: own.path, translationOf: own.source }]);
    const ownRoutes = source ? localisedRoutes<Localisable>(locales, [source], withOwn) : [];
    const ownAddress = ownRoutes.find((route) => route.locale === locale)?.path ?? null;
    const ownPaths = new Set(ownRoutes.map((route) => route.path));
    return {
      get: (path) => {
        if (ownPaths.has(path)) return ownAddress;
        const of = sourceAt.get(path);
        // A path of the source's that its new translation replaces (its fallback in the locale) is no route any more.
        if (of === undefined || of === own.source) return undefined;
        return inLocale.get(of) ?? null;
      },
    };
  };
  return { hasEveryPage: sources.every((source) => inLocale.has(source.path)), withTranslation };
}

/** Every `href` of a document with a site path (`/…`), in document order. */
function linksOf(value: unknown, path: Segment[] = []): PageLink[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => linksOf(item, [...path, index]));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === "href" && typeof item === "string"
      ? item.startsWith("/") && !item.startsWith("//")
        ? [{ path: [...path, key], href: item }]
        : []
      : linksOf(item, [...path, key]),
  );
}

const at = (value: unknown, path: readonly Segment[]): unknown =>
  path.reduce<unknown>((here, step) => (here as Record<Segment, unknown> | undefined)?.[step], value);

/** Later places first, so that leaving out an item does not move the places still to leave out. */
const laterFirst = (a: PageLink, b: PageLink) => {
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const [x, y] = [a.path[i]!, b.path[i]!];
    if (x !== y) return typeof x === "number" && typeof y === "number" ? y - x : String(y).localeCompare(String(x));
  }
  return b.path.length - a.path.length;
};

/**
 * The page's links led to the locale's address of each page (`addresses`, from `localeAddresses`), anchors and queries
 * kept; a link to a page the locale has no version of left out with the least that holds it: the link where it is
 * optional, else the action or list item around it where that may go, else kept (and reported).
 */
export function localiseLinks(
  document: Record<string, unknown>,
  addresses: LocaleAddressLookup,
  schemas: SchemaFiles,
  root: Located,
): LocalisedLinks {
  const doc = structuredClone(document);
  const unkept: PageLink[] = [];
  const edits: LocalisedLinks["edits"] = [];
  for (const link of linksOf(doc)) {
    const cut = link.href.search(/[?#]/);
    const [target, rest] = cut === -1 ? [link.href, ""] : [link.href.slice(0, cut), link.href.slice(cut)];
    const address = addresses.get(target) ?? addresses.get(target.replace(/(.)\/$/, "$1"));
    if (address === undefined) continue;
    const parent = at(doc, link.path.slice(0, -1)) as Record<string, unknown>;
    if (address === null) unkept.push(link);
    else if (`${address}${rest}` !== link.href) {
      const href = `${address}${rest}`;
      parent.href = href;
      edits.push({ path: link.path, value: href });
    }
  }
  const leftOut: LocalisedLinks["leftOut"] = [];
  const kept: PageLink[] = [];
  for (const link of unkept.sort(laterFirst)) {
    const removed = removable(doc, link.path, schemas, root);
    if (!removed) {
      kept.push(link);
      continue;
    }
    const holder = at(doc, removed.slice(0, -1));
    const last = removed.at(-1)!;
    if (Array.isArray(holder)) holder.splice(last as number, 1);
    else delete (holder as Record<string, unknown>)[last as string];
    leftOut.push({ ...link, removed });
    edits.push({ path: removed });
  }
  return { doc, leftOut: leftOut.reverse(), kept: kept.reverse(), edits };
}

/** The place to remove so that a link goes, as the schema allows: the link itself, else what holds it; none when neither may go. */
function removable(doc: unknown, linkPath: Segment[], schemas: SchemaFiles, root: Located): Segment[] | undefined {
  const mayGo = (path: Segment[]) => {
    const holderPath = path.slice(0, -1);
    const holder = schemaAt(schemas, root, doc, holderPath)?.schema;
    const key = path.at(-1)!;
    if (!holder) return false;
    if (typeof key === "number") return ((at(doc, holderPath) as unknown[]).length ?? 0) > (holder.minItems ?? 0);
    return !(holder.required ?? []).includes(key);
  };
  if (mayGo(linkPath)) return linkPath;
  const around = linkPath.slice(0, -1);
  // A page's blocks are never left out: a block holds more than its link.
  if (around.length > 2 && mayGo(around)) return around;
  return undefined;
}
