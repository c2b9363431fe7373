/**
 * Which routes of the built site a change can alter: the content graph of the pages (a page's `nav` shows in every
 * header, footer and island context; its title in its descendants' breadcrumbs; a block type's folder reaches the pages
 * that use it; a translation is a page of its own route, shown too where a locale falls back to it, and linked from its
 * source and the source's other translations) and the code that renders them (renderer, kit, contract: every route).
 * docs/review.md lists the rules; what no rule knows counts as every route, so the set can be too wide but never misses
 * a page.
 */
import fs from "node:fs";
import path from "node:path";
import { buildInputs } from "./build-inputs.ts";
import { git, nulFields, readFilesAt, resolveCommit } from "../../toolchain/git-read.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { localeNotFoundPaths } from "../../contract/locales.ts";
import { type SectionDoc, sectionIdOf, sectionsPlaced } from "../../contract/sections.ts";
import { type Locales, fallbackRoute, localesOf } from "../../toolchain/translations/locale-files.ts";

export interface AffectedOptions {
  /** The ref the change is compared with (its merge base with HEAD is the base). */
  base: string;
  /** The project's folder, inside a git checkout (default: this project). */
  cwd?: string;
  /** Include uncommitted changes (staged, unstaged and untracked files) as the head; default true. */
  workingTree?: boolean;
}

export type RouteStatus = "changed" | "added" | "gone";

export interface AffectedRoute {
  route: string;
  status: RouteStatus;
  /** Why the route is in the set, one line per cause (file: what changed). */
  reasons: string[];
}

export interface Affected {
  base: string;
  mergeBase: string;
  head: string;
  workingTree: boolean;
  /**
   * With `workingTree`, the files the build reads that differ from HEAD (staged, unstaged, untracked), relative to the
   * project: none means the head is the commit `head` as it is; always empty without `workingTree`.
   */
  uncommitted: string[];
  /** The changed files, relative to the project, with git's status letter (A, M, D…). */
  changes: { status: string; file: string }[];
  /** A change reaches every route (site.json, the code, a nav entry…). */
  everyRoute: boolean;
  /** Pages (and the 404 page) whose HTML can change, sorted. */
  routes: AffectedRoute[];
  /** Other files of the site that can change (sitemap.xml, robots.txt). */
  files: string[];
}

const PAGES = "site-config/pages/";
const SECTIONS = "site-config/sections/";
/** A locale's files: its translations under pages/, its chrome in site.json (docs/translations.md). */
const LOCALES = "site-config/locales/";
const LOCALE_PAGE = /^site-config\/locales\/([^/]+)\/pages\/.+\.json$/;
const LOCALE_SITE = /^site-config\/locales\/([^/]+)\/site\.json$/;
/** A locale's own version of a shared section, placed on its pages instead of the source's (docs/sections.md). */
const LOCALE_SECTION = /^site-config\/locales\/([^/]+)\/sections\/[^/]+\.json$/;
const SITE_FILE = "site-config/site.json";
const REDIRECTS_FILE = "site-config/redirects.json";
export const NOT_FOUND_ROUTE = "/404";
const SITEMAP = "/sitemap.xml";
const ROBOTS = "/robots.txt";

interface PageDoc {
  path?: string;
  /** A translation's source page, by its path. */
  translationOf?: string;
  title?: string;
  nav?: unknown;
  blocks?: { type?: string }[];
  [key: string]: unknown;
}

/**
 * The pages of one side of the comparison: by file, their text and (when it parses) their document; and the shared
 * sections they may place, by id.
 */
interface PageSet {
  texts: Map<string, string>;
  docs: Map<string, PageDoc | undefined>;
  /** Every section file, the source's and the locales' own, by file. */
  sections: Map<string, { text: string; doc?: SectionDoc }>;
  /** The locales of its site.json, if it declares any. */
  locales?: Locales;
}

function parse(text: string | undefined): PageDoc | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as PageDoc) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A side's pages, translations and sections from the texts of their files (relative to the project). A file whose text
 * is the same on the other side (`other`, read first) shares its document, which nothing changes: of a change, both
 * sides are mostly the same files, 10,000 pages parsed twice.
 */
function pageSet(files: Map<string, string>, other?: PageSet): PageSet {
  const texts = new Map([...files].filter(([file]) => isPageFile(file)));
  const sections = new Map(
    [...files]
      .filter(([file]) => isSectionFile(file))
      .map(([file, text]) => {
        const same = other?.sections.get(file);
        return [file, same?.text === text ? same : { text, doc: parse(text) as SectionDoc | undefined }];
      }),
  );
  const docOf = (file: string, text: string) => (other?.texts.get(file) === text ? other.docs.get(file) : parse(text));
  const locales = localesOf(files.get(SITE_FILE));
  return {
    texts,
    docs: new Map([...texts].map(([file, text]) => [file, docOf(file, text)])),
    sections,
    ...(locales ? { locales } : {}),
  };
}

/** A page's file: a source page, or a locale's translation, which is a page of its own route. */
const isPageFile = (file: string) => (file.startsWith(PAGES) && file.endsWith(".json")) || LOCALE_PAGE.test(file);
const isSourcePageFile = (file: string) => file.startsWith(PAGES);
/** A shared section's file: site-config/sections/<id>.json (sub-folders are not read), or a locale's version of one. */
const isSectionFile = (file: string) =>
  (file.startsWith(SECTIONS) && file.endsWith(".json") && !file.slice(SECTIONS.length).includes("/")) ||
  LOCALE_SECTION.test(file);

/**
 * The section files the page in `pageFile` places, by id: its locale's own version of a section where that locale has
 * one, else the source's.
 */
function sectionsFor(pages: PageSet, pageFile: string): Map<string, { file: string; doc: SectionDoc }> {
  const locale = LOCALE_PAGE.exec(pageFile)?.[1];
  const ownFolder = locale === undefined ? undefined : `${LOCALES}${locale}/sections/`;
  const placed = new Map<string, { file: string; doc: SectionDoc }>();
  for (const [file, { doc }] of pages.sections) {
    const own = ownFolder !== undefined && file.startsWith(ownFolder);
    if (!doc || !(own || file.startsWith(SECTIONS))) continue;
    const id = sectionIdOf(file);
    if (own || !placed.has(id)) placed.set(id, { file, doc });
  }
  return placed;
}

/** The section files a page places, directly or through other sections. */
function placedFiles(pages: PageSet, pageFile: string, doc: PageDoc | undefined): string[] {
  const placed = sectionsFor(pages, pageFile);
  const docs = new Map([...placed].map(([id, { doc: section }]) => [id, section]));
  // A reference to a section that has no file is to the source's, which adding the file would make.
  return [...sectionsPlaced(doc?.blocks, docs)].map((id) => placed.get(id)?.file ?? `${SECTIONS}${id}.json`);
}

function basePages(cwd: string, commit: string, other?: PageSet): PageSet {
  const files = nulFields(
    git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-name", commit, "--", PAGES, SECTIONS, LOCALES, SITE_FILE]),
  ).filter((file) => isPageFile(file) || isSectionFile(file) || file === SITE_FILE);
  return pageSet(readFilesAt(cwd, commit, files), other);
}

/** The routes of the pages that place one of the section files `files`, directly or through other sections. */
function placingRoutes(pages: PageSet, files: ReadonlySet<string>): string[] {
  return [...pages.docs]
    .filter(([file, doc]) => placedFiles(pages, file, doc).some((placed) => files.has(placed)))
    .map(([, doc]) => doc!.path)
    .filter((route): route is string => typeof route === "string");
}

/** The blocks a page shows: its own, and those of the sections it places. */
function shownBlocks(pages: PageSet, file: string, doc: PageDoc | undefined): { type?: string }[] {
  const placed = placedFiles(pages, file, doc).flatMap((section) => pages.sections.get(section)?.doc?.blocks ?? []);
  return [...(doc?.blocks ?? []), ...(placed as { type?: string }[])];
}

/** The routes of the pages whose text, or the text of a section they place, passes `test`. */
function routesWhoseText(pages: PageSet, test: (text: string) => boolean): string[] {
  const own = [...pages.texts]
    .filter(([, text]) => test(text))
    .map(([file]) => pages.docs.get(file)?.path)
    .filter((route): route is string => typeof route === "string");
  const sections = new Set([...pages.sections].filter(([, { text }]) => test(text)).map(([file]) => file));
  return [...own, ...(sections.size ? placingRoutes(pages, sections) : [])];
}

function headPages(cwd: string, workingTree: boolean, base: PageSet): PageSet {
  return workingTree ? pageSet(contentTexts(cwd), base) : basePages(cwd, "HEAD", base);
}

/**
 * The texts of the content the routes are made of, as the project's folder holds them now (relative to it): every
 * page, translation and section file, and site.json.
 */
export function contentTexts(cwd: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (rel: string) => {
    const dir = path.join(cwd, rel);
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = `${rel}${entry.name}`;
      if (entry.isDirectory()) walk(`${child}/`);
      else if (isPageFile(child) || isSectionFile(child))
        texts.set(child, fs.readFileSync(path.join(cwd, child), "utf8"));
    }
  };
  walk(PAGES);
  walk(SECTIONS);
  walk(LOCALES);
  const site = path.join(cwd, SITE_FILE);
  if (fs.existsSync(site)) texts.set(SITE_FILE, fs.readFileSync(site, "utf8"));
  return texts;
}

/** The changed files between the merge base and HEAD, and with `workingTree` the uncommitted ones as well. */
function changedFiles(cwd: string, mergeBase: string, workingTree: boolean): { status: string; file: string }[] {
  const diff = nulFields(
    git(cwd, [
      "diff",
      "--name-status",
      "--no-renames",
      "-z",
      "--relative",
      mergeBase,
      ...(workingTree ? [] : ["HEAD"]),
    ]),
  );
  const changes = new Map<string, string>();
  for (let i = 0; i + 1 < diff.length; i += 2) changes.set(diff[i + 1]!, diff[i]!);
  if (workingTree)
    for (const file of nulFields(git(cwd, ["ls-files", "--others", "--exclude-standard", "-z"])))
      changes.set(file, "A");
  return [...changes]
    .map(([file, status]) => ({ status, file }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The files that differ from HEAD in the working tree (staged, unstaged, untracked), relative to the project. */
function uncommittedFiles(cwd: string): string[] {
  const files = new Set([
    ...nulFields(git(cwd, ["diff", "--name-only", "--no-renames", "-z", "--relative", "HEAD"])),
    ...nulFields(git(cwd, ["ls-files", "--others", "--exclude-standard", "-z"])),
  ]);
  return [...files].sort();
}

/** The files (relative to the project) of the head that contain `needle`, among `paths`. */
function filesContaining(cwd: string, needle: string, paths: string[], workingTree: boolean): string[] {
  const args = ["grep", "-l", "-z", "-F", "-e", needle, ...(workingTree ? ["--untracked"] : ["HEAD"]), "--", ...paths];
  try {
    return nulFields(git(cwd, args)).map((file) => file.replace(/^HEAD:/, ""));
  } catch {
    // git grep exits 1 when nothing matches.
    return [];
  }
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a file's text links to `route`: an href equal to it, or to an anchor of it. */
const linksTo = (route: string) => {
  const pattern = new RegExp(`"${route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(#[^"]*)?"`);
  return (text: string) => pattern.test(text);
};

/** The routes that link to `route` (an href equal to it, or to an anchor of it) in the given pages or their sections. */
function linkingRoutes(pages: PageSet, route: string): string[] {
  return routesWhoseText(pages, linksTo(route));
}

/** Whether the page in `file`, or a section it places, links to `route`. */
function pageLinksTo(pages: PageSet, file: string, route: string): boolean {
  const test = linksTo(route);
  const texts = [
    pages.texts.get(file),
    ...placedFiles(pages, file, pages.docs.get(file)).map((section) => pages.sections.get(section)?.text),
  ];
  return texts.some((text) => text !== undefined && test(text));
}

/** Computes the affected routes of a change; see the module's comment and docs/review.md. */
export function affectedRoutes(options: AffectedOptions): Affected {
  const cwd = options.cwd ?? ROOT;
  const workingTree = options.workingTree ?? true;
  const baseCommit = resolveCommit(cwd, options.base);
  const head = resolveCommit(cwd, "HEAD");
  const mergeBase = git(cwd, ["merge-base", baseCommit, head]).trim();
  const changes = changedFiles(cwd, mergeBase, workingTree);
  const isBuildInput = buildInputs(cwd);
  const code: CodeSides = {
    before: (file) => readFilesAt(cwd, mergeBase, [file]).get(file),
    after: (file) => {
      if (!workingTree) return readFilesAt(cwd, "HEAD", [file]).get(file);
      return fs.existsSync(path.join(cwd, file)) ? fs.readFileSync(path.join(cwd, file), "utf8") : undefined;
    },
    containing: (needle, folders) => filesContaining(cwd, needle, folders, workingTree),
  };
  const base = basePages(cwd, mergeBase);
  const found = routesChangedBy(base, headPages(cwd, workingTree, base), changes, code, isBuildInput);
  return {
    base: options.base,
    mergeBase,
    head,
    workingTree,
    uncommitted: workingTree ? uncommittedFiles(cwd).filter(isBuildInput) : [],
    changes,
    ...found,
  };
}

/**
 * The code a change's rules read besides the content: a file's text before and after (undefined where it does not
 * exist), and the files of `folders` (relative to the project) whose text holds `needle` after the change.
 */
export interface CodeSides {
  before: (file: string) => string | undefined;
  after: (file: string) => string | undefined;
  containing: (needle: string, folders: string[]) => string[];
}

/**
 * The routes of the built site that the change of `changes` alters, the content being `before` and `after` the change
 * (every page, translation and section file and site.json by path, as contentTexts reads them): the rules of the
 * module's comment, shared by the review (between two commits) and the incremental build (between two builds).
 */
export function affectedBetween(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  changes: { status: string; file: string }[],
  code: CodeSides,
  isBuildInput: (file: string) => boolean,
): Pick<Affected, "everyRoute" | "routes" | "files"> {
  const beforeSet = pageSet(new Map(before));
  return routesChangedBy(beforeSet, pageSet(new Map(after), beforeSet), changes, code, isBuildInput);
}

function routesChangedBy(
  before: PageSet,
  after: PageSet,
  changes: { status: string; file: string }[],
  code: CodeSides,
  isBuildInput: (file: string) => boolean,
): Pick<Affected, "everyRoute" | "routes" | "files"> {
  const pathsOf = (pages: PageSet) =>
    new Set([...pages.docs.values()].map((doc) => doc?.path).filter((p): p is string => typeof p === "string"));
  const basePaths = pathsOf(before);
  const headPaths = pathsOf(after);

  const reasons = new Map<string, string[]>();
  const files = new Set<string>();
  let everyRoute: string | undefined;
  const add = (route: string, why: string) => reasons.set(route, [...(reasons.get(route) ?? []), why]);
  const all = (why: string) => {
    everyRoute ??= why;
    files.add(SITEMAP).add(ROBOTS);
  };
  const descendants = (route: string, why: string) => {
    for (const other of new Set([...basePaths, ...headPaths]))
      if (route !== "/" && other.startsWith(`${route}/`)) add(other, why);
  };
  const usingType = (type: string) =>
    [before, after].flatMap((pages) =>
      [...pages.docs]
        .filter(([file, doc]) => shownBlocks(pages, file, doc).some((block) => block?.type === type))
        .map(([, doc]) => doc!.path)
        .filter((route): route is string => typeof route === "string"),
    );

  const shownElsewhere = [fallbacks(before), fallbacks(after)];
  for (const route of shownElsewhere[0]!.keys()) basePaths.add(route);
  for (const route of shownElsewhere[1]!.keys()) headPaths.add(route);
  // The not-found pages, the site's and each locale's: each shows its locale's chrome and menus.
  const notFound = (pages: PageSet) => [NOT_FOUND_ROUTE, ...localeNotFoundPaths(pages.locales?.translated ?? [])];
  for (const route of notFound(after)) headPaths.add(route);
  for (const route of notFound(before)) basePaths.add(route);
  /** The reasons that are a locale's chrome: a route showing another locale's page does not show that locale's. */
  const chromeReasons = new Set<string>();

  for (const { file } of changes) {
    if (!isBuildInput(file)) continue;
    if (isPageFile(file)) {
      pageChange(file);
      for (const shown of shownElsewhere)
        for (const [route, { file: from, locale }] of shown)
          if (from === file) add(route, `${file}: shown at ${route} for want of a ${locale} translation`);
      continue;
    }
    const localeSite = LOCALE_SITE.exec(file);
    if (localeSite) {
      localeChrome(file, localeSite[1]!);
      continue;
    }
    if (isSectionFile(file)) {
      const id = sectionIdOf(file);
      const placing = [before, after].flatMap((pages) => placingRoutes(pages, new Set([file])));
      for (const route of placing) add(route, `${file}: section '${id}' is placed on the page`);
      [before, after].forEach((pages, side) => {
        for (const [route, { file: from }] of shownElsewhere[side]!)
          if (placedFiles(pages, from, pages.docs.get(from)).includes(file)) {
            add(route, `${file}: section '${id}' is placed on the page shown at ${route}`);
            placing.push(route);
          }
      });
      // The sitemap dates a page by the latest of its file and the sections it places.
      if (placing.length) files.add(SITEMAP);
      continue;
    }
    if (file === SITE_FILE) {
      all(`${file}: the site's settings, shown on every page`);
      continue;
    }
    const block = /^blocks\/([^/]+)\/(.+)$/.exec(file);
    if (block) {
      blockChange(file, block[1]!);
      continue;
    }
    const asset = /^public\/(.+)$/.exec(file);
    if (asset) {
      publicChange(file, asset[1]!);
      continue;
    }
    // The redirects alter no page (a link to an old address is written as it was): every build writes their own pages
    // and list again (redirect-pages.ts).
    if (file === REDIRECTS_FILE) continue;
    // A picture's framing (docs/media.md) changes the files of the pages that show the picture, and no other.
    const framing = /^site-config\/media\/(.+)\.json$/.exec(file);
    if (framing) {
      for (const pages of [before, after])
        for (const route of namingRoutes(pages, `/media/${framing[1]}`))
          add(route, `${file}: frames /media/${framing[1]}, shown on the page`);
      continue;
    }
    all(`${file}: code or settings of the build`);
  }

  function pageChange(file: string) {
    const was = before.docs.get(file);
    const is = after.docs.get(file);
    files.add(SITEMAP);
    if ((before.texts.has(file) && !was?.path) || (after.texts.has(file) && !is?.path)) {
      all(`${file}: not a page document that can be read`);
      return;
    }
    if (was && is && was.path === is.path) {
      const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((key) => !equal(was[key], is[key]));
      if (keys.includes("nav")) all(`${file}: its menu entry (nav), shown on every page`);
      if (keys.includes("title")) descendants(is.path!, `${file}: its title, in the breadcrumbs below it`);
      if (keys.length > 0) add(is.path!, `${file}: ${keys.join(", ")}`);
      if (keys.includes("translationOf")) translationsLinked(file, was, is);
      return;
    }
    translationsLinked(file, was, is);
    if (was) {
      add(was.path!, `${file}: page ${was.path} removed or moved`);
      if (was.nav !== undefined) all(`${file}: its menu entry (nav) left every page`);
      descendants(was.path!, `${file}: an ancestor in the breadcrumbs removed`);
      for (const route of linkingRoutes(after, was.path!)) add(route, `${file}: links to the removed ${was.path}`);
    }
    if (is) {
      add(is.path!, `${file}: page ${is.path} added`);
      if (is.nav !== undefined) all(`${file}: its menu entry (nav), shown on every page`);
      descendants(is.path!, `${file}: a new ancestor in the breadcrumbs`);
    }
  }

  /**
   * A page and its translations link to each other (hreflang, the language switcher): a translation added, removed or
   * moved, or tied to another source, changes its source's page and the source's other translations.
   */
  function translationsLinked(file: string, ...docs: (PageDoc | undefined)[]) {
    const code = LOCALE_PAGE.exec(file)?.[1];
    for (const doc of docs) {
      const source = isSourcePageFile(file) ? doc?.path : doc?.translationOf;
      if (source === undefined) continue;
      for (const route of [before, after].flatMap((pages) => translationFamily(pages, source)))
        if (route !== doc?.path) add(route, `${file}: a translation of ${source}, which its translations link to`);
      // A page the locale shows from its fallback leads its links to the locale's address of each page.
      if (code !== undefined)
        [before, after].forEach((pages, side) => {
          for (const [route, shown] of shownElsewhere[side]!)
            if (shown.locale === code && pageLinksTo(pages, shown.file, source))
              add(route, `${file}: the ${code} address of ${source}, which the page shown at ${route} links to`);
        });
    }
  }

  /** A locale's chrome (its site.json) shows on every page of the locale; a locale site.json does not declare, on any. */
  function localeChrome(file: string, code: string) {
    const locale = [after, before].flatMap((pages) => pages.locales?.translated ?? []).find((l) => l.code === code);
    if (!locale) {
      all(`${file}: the chrome of ${code}, a locale site.json does not declare`);
      return;
    }
    const under = `/${locale.prefix}`;
    const why = `${file}: the ${code} chrome, on every page of the locale`;
    chromeReasons.add(why);
    for (const route of new Set([...basePaths, ...headPaths]))
      if (route === under || route.startsWith(`${under}/`)) add(route, why);
  }

  function blockChange(file: string, type: string) {
    const manifest = `blocks/${type}/block.ts`;
    const manifests = [code.before(manifest), code.after(manifest)];
    // CSS that a manifest names for pages read without JavaScript goes into the <head> of every page.
    const noScript = manifests.map((text) => text && /noScriptCss:\s*"\.\/([^"]+)"/.exec(text)?.[1]);
    if (file === manifest ? noScript.some(Boolean) : noScript.includes(file.slice(`blocks/${type}/`.length))) {
      all(`${file}: no-script CSS, in every page's head`);
      return;
    }
    // Another block's files that import this folder render it too.
    const types = new Set([type]);
    for (const importer of code.containing(`../${type}/`, ["blocks"])) types.add(importer.split("/")[1]!);
    for (const used of types)
      for (const route of usingType(used)) add(route, `${file}: block type '${used}' is on the page`);
  }

  function publicChange(file: string, name: string) {
    const inCode = code.containing(name, ["renderer", "kit", "contract", "blocks", "toolchain", "scripts", SITE_FILE]);
    if (inCode.length > 0) {
      all(`${file}: named by ${inCode[0]}, on every page`);
      return;
    }
    for (const pages of [before, after])
      for (const route of namingRoutes(pages, `/${name}`)) add(route, `${file}: named by the page`);
  }

  // A locale shows a page it lacks from its fallback at its own address: what reaches the page's route (a block type's
  // code, a picture it names, a page it links to) reaches the routes showing the same document, but not the chrome of
  // the page's locale, which the route does not show.
  [before, after].forEach((pages, side) => {
    for (const [route, { file }] of shownElsewhere[side]!) {
      const shown = pages.docs.get(file)?.path;
      const why = (shown === undefined ? [] : (reasons.get(shown) ?? [])).filter((w) => !chromeReasons.has(w));
      if (why.length && !reasons.has(route)) add(route, `${why[0]!} (shown at ${route} for want of a translation)`);
    }
  });

  const routes: AffectedRoute[] = [];
  const statusOf = (route: string): RouteStatus =>
    !headPaths.has(route) ? "gone" : basePaths.has(route) ? "changed" : "added";
  const everyReason = everyRoute;
  if (everyReason !== undefined) for (const route of headPaths) add(route, everyReason);
  for (const route of basePaths) if (!headPaths.has(route) && !reasons.has(route)) add(route, "page removed");
  for (const [route, why] of reasons) routes.push({ route, status: statusOf(route), reasons: [...new Set(why)] });
  routes.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return { everyRoute: everyReason !== undefined, routes, files: [...files].sort() };
}

/** The routes of a source page (by its path) and of its translations, in one side of the comparison. */
function translationFamily(pages: PageSet, source: string): string[] {
  return [...pages.docs]
    .filter(([file, doc]) => (isSourcePageFile(file) ? doc?.path === source : doc?.translationOf === source))
    .map(([, doc]) => doc!.path)
    .filter((route): route is string => typeof route === "string");
}

/**
 * The routes where a locale shows another locale's page for want of its own translation (its `missing` is
 * "fallback"), each with the file shown there: the fallback locale's translation, or its fallback's, down to the
 * source page of the default locale.
 */
function fallbacks(pages: PageSet): Map<string, { file: string; locale: string }> {
  const out = new Map<string, { file: string; locale: string }>();
  const locales = pages.locales;
  if (!locales) return out;
  const translated = new Map<string, Map<string, string>>();
  for (const [file, doc] of pages.docs) {
    const code = LOCALE_PAGE.exec(file)?.[1];
    if (code && doc?.translationOf)
      translated.set(code, (translated.get(code) ?? new Map()).set(doc.translationOf, file));
  }
  const byCode = new Map(locales.translated.map((locale) => [locale.code, locale]));
  for (const [file, doc] of pages.docs) {
    if (!isSourcePageFile(file) || !doc?.path) continue;
    for (const locale of locales.translated) {
      if (translated.get(locale.code)?.has(doc.path)) continue;
      let shown: string | undefined;
      const seen = new Set([locale.code]);
      for (let at = locale; at.whenMissing.missing === "fallback";) {
        const next = at.whenMissing.fallback;
        shown = next === locales.defaultLocale ? file : translated.get(next)?.get(doc.path);
        const nextLocale = byCode.get(next);
        if (shown || !nextLocale || seen.has(next)) break;
        seen.add(next);
        at = nextLocale;
      }
      if (shown) out.set(fallbackRoute(locale.prefix, doc.path), { file: shown, locale: locale.code });
    }
  }
  return out;
}

/**
 * The routes whose document, or a section it places, names `value` anywhere in a string (an image's src, a video's
 * poster…).
 */
function namingRoutes(pages: PageSet, value: string): string[] {
  const needle = JSON.stringify(value).slice(0, -1);
  return routesWhoseText(pages, (text) => text.includes(needle));
}
