/** What every check reads: the content as validation read it, placed and addressed. Checks only read it. */
import type { Localisable, LocalisedRoute, SiteLocale } from "../../contract/locales.ts";
import type { Validators } from "../../contract/schemas.server.ts";
import type { Placing, SectionSet } from "./placing.ts";
import type { Problem } from "./problems.ts";
import type { SourceFile } from "./source-file.ts";

/** A page's fields as the checks read them. */
export interface PageLike {
  path?: unknown;
  blocks?: unknown;
  translationOf?: unknown;
  image?: { src?: unknown };
}

export interface PageEntry {
  source: SourceFile;
  /** The page as the site shows it, its sections placed: anchors, the closing call to action and links are judged on it. */
  page: PageLike;
  placing: Placing;
  /** The sections it places, directly or through others. */
  placed: Set<string>;
  /** Whether it ends with a section it cannot place, so that what it ends with is unknown (and said already). */
  endsUnknown: boolean;
  locale: SiteLocale;
}

/** A shared section's file, with the locale whose pages place it: the source's, or a locale's own version. */
export interface SectionFile {
  id: string;
  source: SourceFile;
  locale: SiteLocale;
  placing: Placing;
}

/** A page as the table of addresses holds it. */
export interface RoutedPage extends Localisable {
  entry: PageEntry;
}

export interface RouteTable {
  routes: LocalisedRoute<RoutedPage>[];
  /** The first route at each address. */
  routeAt: ReadonlyMap<string, LocalisedRoute<RoutedPage>>;
  /** Each locale's addresses, sorted, by its code. */
  pathsIn: ReadonlyMap<string, string[]>;
  /**
   * A page's address under a locale's prefix (`/de/about`), where the locale has translated it at an address of its
   * own (`/de/ueber-uns`), by the locale's code and that address: a link written as if the locale showed the page from
   * its fallback is told where it went.
   */
  translatedAt: ReadonlyMap<string, { source: string; locale: string; path: string }>;
}

export interface ValidationContext {
  validators: Validators;
  /** The folder that holds site-config/ and schemas/: files are named from it, as a marketer sees them. */
  projectDir: string;
  /** site-config/ itself. */
  configDir: string;
  publicDir: string;
  relative: (file: string) => string;
  /** Every file read, site.json first. */
  sources: readonly SourceFile[];
  site: SourceFile | undefined;
  /** The default locale first. */
  locales: readonly [SiteLocale, ...SiteLocale[]];
  /** The folders under locales/ of no declared locale, by code. */
  undeclaredFolders: readonly string[];
  /** The locales' own chromes that could be read. */
  localeSites: readonly { source: SourceFile; locale: SiteLocale }[];
  /** The locales whose folder has a site.json, read or not: the others show the default locale's chrome. */
  withOwnChrome: ReadonlySet<string>;
  /** The source's sections first, then each locale's own. */
  sectionFiles: readonly SectionFile[];
  /** The sections that a locale's pages place: its own versions in place of the source's. */
  sectionsOf: (locale: SiteLocale) => SectionSet;
  pages: readonly PageEntry[];
  routes: RouteTable;
  /** site-config/redirects.json as read, when the site has one and it is JSON. */
  redirects: SourceFile | undefined;
}

/** One check of the content: the problems it finds, each placed in its file. */
export type Check = (context: ValidationContext) => Problem[];
