import fs from "node:fs";
import path from "node:path";
import { digest } from "./digest.ts";
import { catalogueError, configErrors } from "./errors.ts";
import type { LocaleSiteConfig, PageDocument, SiteConfig } from "./generated/schema-types.ts";
import { type LocalisedRoute, type SiteLocale, localeNotFoundPaths, localisedRoutes, siteLocales } from "./locales.ts";
import { type KeptValue, computedOnce, handedValue, keptValue } from "./process-cache.ts";
import { type Checked, type CheckedKind, checkedText } from "./checked-files.server.ts";
import { type Validators, projectDir, projectValidators, schemaInputs } from "./schemas.server.ts";
import {
  SECTIONS_FOLDER,
  type SectionDoc,
  expandBlocks,
  isSectionRef,
  sectionIdOf,
  sectionsPlaced,
} from "./sections.ts";

/**
 * site-config/ of the project being built: npm runs every script from the project root, and this module is also bundled
 * into the prerender build, so the working directory (not this file's location) is the reliable anchor.
 * SITE_CONFIG_DIR points the build at another copy (tests, benchmarks); SITE_PUBLIC_DIR, below, at another public folder.
 */
export const CONFIG_DIR = path.resolve(process.env.SITE_CONFIG_DIR ?? "site-config");

export const PAGES_DIR = path.join(CONFIG_DIR, "pages");
export const SECTIONS_DIR = path.join(CONFIG_DIR, SECTIONS_FOLDER);
/** The folder of site-config/ that holds each locale's own files, site-config/locales/<code>/ (docs/localisation.md). */
export const LOCALES_FOLDER = "locales";
/**
 * public/ of the project being built: the files pages name (their pictures among them), copied into the build as they
 * are. SITE_PUBLIC_DIR points the build at another folder (a test's pictures, made by the test), as SITE_CONFIG_DIR does
 * for the content.
 */
export const PUBLIC_FILES_DIR = path.resolve(process.env.SITE_PUBLIC_DIR ?? "public");

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

const reads = ((globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.content-files")] ??= new Map()) as Map<
  string,
  { stamp: string; text: string; digest?: string }
>;

const WATCHED = Symbol.for("voxa-site.content-watched");
const watched = globalThis as { [WATCHED]?: number };

/**
 * How recent a file's modification time must be for its read not to be kept. File systems stamp a write with a coarse
 * clock (a few milliseconds on Linux), so a file read just before a write of the same size can keep its stamp: as git
 * does with "racily clean" entries, a file changed this recently is read again every time.
 */
const RACY_MS = 2000;

/**
 * The text of one file of site-config/, or null when there is none. Every reader of the content (the build, the dev
 * server, validation, the page editor, the page lists) reads through here, so a file is read once while its size and
 * modification time stay the same, whichever of them asks; the reads are kept on globalThis, as computedOnce's values
 * are, because the build loads this module more than once.
 */
export function readContentFile(file: string): string | null {
  const held = heldReads();
  if (held?.has(file)) return held.get(file)!;
  const text = readFileAsKept(file);
  held?.set(file, text);
  return text;
}

function readFileAsKept(file: string): string | null {
  const kept = reads.get(file);
  // A process that watches the files is told of every change (contentChanged), which forgets the file's read: what it
  // kept holds without looking at the file again (10,000 pages looked at took 60 ms of each validation and load).
  if (kept && watched[WATCHED] !== undefined) return kept.text;
  const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stat?.isFile()) return null;
  const stamp = `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
  if (kept?.stamp === stamp) return kept.text;
  const text = fs.readFileSync(file, "utf8");
  if (Date.now() - Number(stat.mtimeMs) > RACY_MS) reads.set(file, { stamp, text });
  else reads.delete(file);
  return text;
}

/**
 * The digest of a file's text as readContentFile read it, worked out once per read: the values computed from the whole
 * content (its validation, the content loaded) are named by these, where hashing every text again for each (tens of
 * megabytes at 10,000 pages) took a build's main process half a second.
 */
export function textDigest(file: string, text: string | null): string {
  if (text === null) return "";
  const kept = reads.get(file);
  if (kept?.text === text) return (kept.digest ??= digest(text));
  return digest(text);
}

const HELD = Symbol.for("voxa-site.content-held");
const heldReads = () => (globalThis as { [HELD]?: Map<string, string | null> })[HELD];

/**
 * Runs `work` with the content as it is first read in it: each file is read (or found unchanged) once, however many
 * of the command's steps read it (the record of the build, the validation, the content loaded). A one-page build of a
 * 10,000-page site looked at every file six times; and a file saved while the command runs changes none of its steps.
 */
export async function withContentHeld<T>(work: () => Promise<T>): Promise<T> {
  const global = globalThis as { [HELD]?: Map<string, string | null> };
  if (global[HELD]) return work();
  global[HELD] = new Map();
  try {
    return await work();
  } finally {
    delete global[HELD];
  }
}

/**
 * A process that watches site-config/ (the dev server) says so once, then on every change of a file of it, naming the
 * file: whoever keeps something made of the content (renderer/content/pages.server.ts) asks the files again only after
 * a change, not on every call (10,000 pages looked at on each of a request's dozens of calls made a saved change show
 * in 2 s), and a file's text is read again only once a change names it (readContentFile).
 */
export function contentWatched(): void {
  watched[WATCHED] ??= 0;
}

export function contentChanged(file: string): void {
  watched[WATCHED] = (watched[WATCHED] ?? 0) + 1;
  reads.delete(file);
}

/** The number of changes a watching process has seen, or undefined where nothing watches the files. */
export const contentChanges = (): number | undefined => watched[WATCHED];

/** One file of site-config/ as read: its path and its text (null when the file is missing). */
export interface ContentFile {
  file: string;
  text: string | null;
}

/**
 * The file of shared section `id`: site-config/sections/<id>.json, or with `locale` (a locale other than the default)
 * that locale's own version of it, site-config/locales/<code>/sections/<id>.json.
 */
export const sectionFile = (id: string, configDir: string = CONFIG_DIR, locale?: string) =>
  locale === undefined
    ? path.join(configDir, SECTIONS_FOLDER, `${id}.json`)
    : path.join(configDir, LOCALES_FOLDER, locale, SECTIONS_FOLDER, `${id}.json`);

/** Every shared section's file (of `locale`'s own folder, with one), sorted by id. */
export function listSectionFiles(configDir: string = CONFIG_DIR, locale?: string): string[] {
  const dir = path.dirname(sectionFile("", configDir, locale));
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** One locale's folder as read: its chrome (site.json, text null when missing), its pages and its own sections. */
export interface LocaleFiles {
  code: string;
  site: ContentFile;
  pages: ContentFile[];
  sections: ContentFile[];
}

/** site.json, every page file in path order and every shared section's file, of the site-config/ folder `configDir`. */
export function readContentFiles(configDir: string = CONFIG_DIR): {
  site: ContentFile;
  pages: ContentFile[];
  sections: ContentFile[];
  locales: LocaleFiles[];
} {
  const siteFile = path.join(configDir, "site.json");
  const pagesDir = path.join(configDir, "pages");
  const pageFiles = fs.existsSync(pagesDir) ? listPageFiles(pagesDir) : [];
  return {
    site: { file: siteFile, text: readContentFile(siteFile) },
    pages: pageFiles.map((file) => ({ file, text: readContentFile(file) })),
    sections: loadSections(configDir).files,
    locales: readLocaleFiles(configDir),
  };
}

/** Every folder under site-config/locales/, by code: its site.json, its pages and its sections. */
function readLocaleFiles(configDir: string): LocaleFiles[] {
  const dir = path.join(configDir, LOCALES_FOLDER);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((code) => {
      const siteFile = path.join(dir, code, "site.json");
      const pagesDir = path.join(dir, code, "pages");
      const pageFiles = fs.existsSync(pagesDir) ? listPageFiles(pagesDir) : [];
      return {
        code,
        site: { file: siteFile, text: readContentFile(siteFile) },
        pages: pageFiles.map((file) => ({ file, text: readContentFile(file) })),
        sections: readSectionFiles(configDir, code),
      };
    });
}

/** The shared sections' files of `configDir` as read: the source's, or with `locale` that locale's own versions. */
const readSectionFiles = (configDir: string, locale?: string): ContentFile[] =>
  listSectionFiles(configDir, locale).map((file) => ({ file, text: readContentFile(file) }));

/**
 * The shared sections of `configDir`: their files as read, and their documents by id. Every reader of sections (the
 * content loader, validation, the tools, the editor) comes through here or `readContentFiles`, whose locales carry
 * their own versions (`placedSectionFiles` gives the sections a locale's pages place).
 */
export function loadSections(configDir: string = CONFIG_DIR): {
  files: ContentFile[];
  documents: Map<string, SectionDoc>;
} {
  const files = readSectionFiles(configDir);
  return { files, documents: sectionDocuments(files) };
}

/** The section files a locale's pages place: its own version of each section, else the source's. */
export function placedSectionFiles(source: readonly ContentFile[], own: readonly ContentFile[]): ContentFile[] {
  const owned = new Set(own.map(({ file }) => sectionIdOf(file)));
  return [...source.filter(({ file }) => !owned.has(sectionIdOf(file))), ...own].sort((a, b) =>
    sectionIdOf(a.file).localeCompare(sectionIdOf(b.file)),
  );
}

/** The sections' documents by id; a file that is not JSON is left out (validation names the problem). */
export function sectionDocuments(files: readonly ContentFile[]): Map<string, SectionDoc> {
  return new Map(
    files.flatMap((file) => {
      const document = parsedDocument(file);
      return document && typeof document === "object" ? [[sectionIdOf(file.file), document as SectionDoc]] : [];
    }),
  );
}

/** A page file's document, or undefined when its text is not JSON (validation names the problem). */
export function parsedDocument(file: ContentFile): unknown {
  if (file.text === null) return undefined;
  try {
    return JSON.parse(file.text) as unknown;
  } catch {
    return undefined;
  }
}

/** What the app reads from site-config/: validated, with every schema default filled in. */
export interface Content {
  site: SiteConfig;
  pages: PageDocument[];
  /** The file each page was read from, in the order of `pages`. */
  files: string[];
  /** The files of the shared sections each page places, directly or through others, in the order of `pages`. */
  placed: string[][];
  /** Every locale of the site, the default one first (a site that declares none has one). */
  siteLocales: SiteLocale[];
  /** The other locales' own files, as `site` and `pages` are the default locale's, in the order of `siteLocales`. */
  locales: LocaleContent[];
}

/** A locale's chrome and its translated pages, validated and with their defaults filled in. */
export interface LocaleContent {
  locale: SiteLocale;
  /** Its site-config/locales/<code>/site.json, undefined when it has none. */
  site: LocaleSiteConfig | undefined;
  pages: PageDocument[];
  files: string[];
  placed: string[][];
}

/**
 * Reads site.json and every page, with every shared section a page places replaced by the section's blocks (each page
 * gets its own copy, overrides applied: the built page is as if the blocks were written in it), validating each
 * against its schema, which fills in every default the file leaves out (the only place defaults are applied:
 * components receive complete blocks). Validation with its messages, file and line is `npm run validate`'s job, run
 * before every build; reaching an invalid file here means it was skipped.
 * Loaded once in the process while the files and schemas are unchanged: the build's plugins, its route config and
 * the dev server ask again and again.
 */
export function loadContent(configDir: string = CONFIG_DIR): Content {
  // A prerendering process renders the content its build handed it (process-cache.ts).
  const handed = configDir === CONFIG_DIR ? handedValue<Content>(CONTENT) : undefined;
  if (handed) return handed;
  const read = readContentFiles(configDir);
  const files = read.pages.map((page) => page.file);
  const texts = [read.site, ...read.pages].map(({ file, text }) => text ?? fs.readFileSync(file, "utf8"));
  const named = ({ file, text }: ContentFile) => [file, textDigest(file, text)];
  const localeTexts = read.locales.map(({ site, pages, sections }) => [
    named(site),
    pages.map(named),
    sections.map(named),
  ]);
  const key = JSON.stringify([
    configDir,
    [read.site, ...read.pages].map(named),
    read.sections.map(named),
    localeTexts,
    schemaInputs(),
  ]);
  return computedOnce(CONTENT, key, () => {
    const validators = projectValidators();
    const sourceSections = sectionDocuments(read.sections);
    const problems: string[] = [];
    const pagesBefore = pagesLoaded.validators === validators ? pagesLoaded.pages : new Map<string, LoadedPage>();
    const pagesNow = new Map<string, LoadedPage>();
    const mismatch = (file: string) => problems.push(doesNotMatch(file));
    /**
     * A file's document checked against its kind's schema, which fills in its defaults: the validation checks the
     * same files, and one check serves both (checked-files.server.ts).
     */
    const checked = <T>(kind: CheckedKind, file: string, text: string): T => {
      const { value, errors } = checkedText(validators, kind, file, text);
      if (errors.length) mismatch(file);
      return value as T;
    };
    /** The files of the sections a page's blocks place, of the locale the page is in (`files`: its placed files). */
    const placedBy = (blocks: unknown, files: readonly ContentFile[] = read.sections, sections = sourceSections) => {
      const fileOf = new Map(files.map(({ file }) => [sectionIdOf(file), file]));
      return [...sectionsPlaced(blocks, sections)].map((id) => fileOf.get(id) ?? sectionFile(id, configDir));
    };
    /**
     * A page checked against the page's schema as written (the check the validation makes too), with its sections
     * expanded: each its own copy of the section's blocks as written, overrides applied, each block then checked
     * against the block union, as the page's schema checks its own. And the files of the sections it places.
     */
    const pageOf = (
      file: string,
      text: string,
      sectionFiles?: readonly ContentFile[],
      sections = sourceSections,
    ): LoadedPage => {
      const document = checked<PageDocument | null>("page", file, text);
      const blocks = document?.blocks as unknown;
      if (!document || !Array.isArray(blocks) || !blocks.some(isSectionRef))
        return { document: document as PageDocument, placed: [] };
      const placed = placedBy(blocks, sectionFiles, sections);
      const { blocks: expanded, origins, problems: unplaced } = expandBlocks(blocks, sections);
      if (unplaced.length) problems.push(`${path.relative(projectDir(), file)}: places a section it cannot expand`);
      const shared = expanded.filter((_, index) => origins[index]!.sections.length > 0);
      if (!shared.every((block) => validators.block(block))) mismatch(file);
      // The checked document is the validation's too: the page's copy has its own list.
      return { document: { ...document, blocks: expanded } as PageDocument, placed };
    };
    /**
     * A page with its defaults and the files of the sections it places, as the last load left it when its text and
     * the sections it could place are the same (`sectionsRead`: theirs as read): a saved change under the dev server
     * parses and validates one page, not 10,000.
     */
    const loadPage = (
      { file, text }: { file: string; text: string },
      sectionsRead: string,
      sectionFiles?: readonly ContentFile[],
      sections?: Map<string, SectionDoc>,
    ): LoadedPage => {
      const pageKey = `${file}\n${textDigest(file, text)}\n${sectionsRead}`;
      const problemsBefore = problems.length;
      const page = pagesBefore.get(pageKey) ?? pageOf(file, text, sectionFiles, sections);
      if (problems.length === problemsBefore) pagesNow.set(pageKey, page);
      return page;
    };
    const sectionsRead = (sectionFiles: readonly ContentFile[]) => JSON.stringify(sectionFiles.map(named));
    const site = checked<SiteConfig>("site", read.site.file, texts[0]!);
    const sourceRead = sectionsRead(read.sections);
    const sourcePages = files.map((file, index) => loadPage({ file, text: texts[index + 1]! }, sourceRead));
    const pages = sourcePages.map((page) => page.document);
    const locales = siteLocales(site);
    // Only the declared locales' folders are read: validation names a folder that no locale declares.
    const localeContent = locales.slice(1).map((locale): LocaleContent => {
      const own = read.locales.find((folder) => folder.code === locale.code);
      const pageFiles = own?.pages ?? [];
      const pageTexts = pageFiles.map(({ file, text }) => text ?? fs.readFileSync(file, "utf8"));
      const sectionFiles = placedSectionFiles(read.sections, own?.sections ?? []);
      const sections = sectionDocuments(sectionFiles);
      const localeRead = sectionsRead(sectionFiles);
      const loaded = pageFiles.map(({ file }, index) =>
        loadPage({ file, text: pageTexts[index]! }, localeRead, sectionFiles, sections),
      );
      return {
        locale,
        site: own?.site.text ? checked<LocaleSiteConfig>("localeSite", own.site.file, own.site.text) : undefined,
        pages: loaded.map((page) => page.document),
        files: pageFiles.map(({ file }) => file),
        placed: loaded.map((page) => page.placed),
      };
    });
    if (problems.length) throw catalogueError(configErrors.invalidAtLoad, { problems: problems.join("\n") });
    pagesLoaded = { validators, pages: pagesNow };
    const placed = sourcePages.map((page) => page.placed);
    return { site, pages, files, placed, siteLocales: locales, locales: localeContent };
  });
}

/** A page as loaded: its document with its defaults, and the files of the sections it places. */
interface LoadedPage {
  document: PageDocument;
  placed: string[];
}

/**
 * The pages of the last content loaded in this module, by file, text and sections read (loadContent's `loadPage`),
 * with the validators that filled in their defaults: only the last load's, so that it holds one site's pages.
 */
let pagesLoaded: { validators?: Validators; pages: Map<string, LoadedPage> } = { pages: new Map() };

/** The name of the loaded content among the process's kept values. */
const CONTENT = "content";

/**
 * site.json as the content loader reads it, with its defaults, without the pages: what a build's bundles need of the
 * content (the lead API's origin). Checked as the validation checks it (checked-files.server.ts).
 */
export function loadSiteConfig(configDir: string = CONFIG_DIR): SiteConfig {
  const file = path.join(configDir, "site.json");
  const invalid = () => catalogueError(configErrors.invalidAtLoad, { problems: doesNotMatch(file) });
  let checked: Checked;
  try {
    checked = checkedText(projectValidators(), "site", file, readContentFile(file) ?? "");
  } catch (error) {
    if (error instanceof SyntaxError) throw invalid();
    throw error;
  }
  if (checked.errors.length) throw invalid();
  return checked.value as SiteConfig;
}

/**
 * A content file that does not match its schema, as the content loader names it. No count: the schema's raw errors
 * repeat each other (an unknown property of a block is also the block union's "must match then"); the number of
 * problems is the validator's, which the build and the dev server show.
 */
const doesNotMatch = (file: string) => `${path.relative(projectDir(), file)}: does not match its schema`;

/**
 * The content as this process loaded it, by its name among the process's kept values, with the digest of the files and
 * schemas it was loaded from: the prerenderer's processes are handed it (scripts/pipeline/prerender.ts, process-cache.ts
 * `handedValue`) and render it, instead of compiling the schemas and validating every file again.
 */
export function loadedContent(configDir: string = CONFIG_DIR): [string, KeptValue][] {
  loadContent(configDir);
  return [[CONTENT, keptValue(CONTENT)!]];
}

/**
 * The pages the build prerenders into files, the not-found page, and the site's resources. PRERENDER_ONLY (a path
 * prefix) keeps only the pages under it, and the home page that the server needs to start: the generated-pages check
 * builds its own pages without the site's, which the main build already covers.
 */
export function prerenderedPaths(): { documents: string[]; resources: string[] } {
  const only = process.env.PRERENDER_ONLY;
  const content = loadContent();
  const built = contentRoutes(content)
    .map((route) => route.path)
    .sort()
    .filter((pagePath) => !only || pagePath === "/" || pagePath.startsWith(only));
  return {
    documents: [...built, "/404", ...localeNotFoundPaths(content.siteLocales)],
    resources: ["/sitemap.xml", "/robots.txt"],
  };
}

const routesOf = new WeakMap<Content, LocalisedRoute<PageDocument>[]>();

/** Every address of the loaded site, in every locale (contract/locales.ts), worked out once per content loaded. */
export function contentRoutes(content: Content): LocalisedRoute<PageDocument>[] {
  let routes = routesOf.get(content);
  if (!routes) {
    const translations = new Map(content.locales.map(({ locale, pages }) => [locale.code, pages]));
    routes = localisedRoutes(content.siteLocales, content.pages, translations);
    routesOf.set(content, routes);
  }
  return routes;
}
