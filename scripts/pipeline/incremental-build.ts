/**
 * Builds again only what a change of content alters (docs/build.md, "Incremental builds"). The server build renders
 * the content as it reads it, and the only content the bundles carry is the set of icons the content names and the
 * lead API's origin (the review proved it first: scripts/review/render-content.ts). So while nothing but content changed
 * since the last build, that build's bundles and server build stay, and the pages that the change alters (the affected
 * routes' rules, affected.ts) are rendered again over the last build's files, with the files that follow the pages:
 * the sitemap and robots.txt, every not-found page, the redirects' pages, the preview cards, the pictures' files and the
 * originals. Anything else, or a record that does not hold, is a full build, and says why in one line.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CONFIG_DIR, PUBLIC_FILES_DIR, prerenderedPaths } from "../../contract/content.server.ts";
import { buildErrors, catalogueError } from "../../contract/errors.ts";
import { type LocalesOfSite, localeNotFoundPaths, siteLocales } from "../../contract/locales.ts";
import {
  PICTURE_NAME,
  namedByPages,
  picturesNamedIn,
  publishImageFiles,
  publishOriginals,
} from "../../imaging/image-files.ts";
import { IMAGE_FILES_PATH } from "../../imaging/renditions.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { type BuiltCard, placeCard, sitePreviewCards } from "../../toolchain/preview-cards.ts";
import { type CodeSides, NOT_FOUND_ROUTE, affectedBetween } from "./affected.ts";
import {
  SERVER_BUILD_FILE,
  type BuildState,
  type ContentTexts,
  codeDigests,
  contentDigests,
  contentTexts,
  forgetState,
  keptServerBuild,
  mediaDigests,
  outputSnapshot,
  readState,
  stateDir,
  writeContentRecord,
  writeState,
} from "./build-state.ts";
import { RENDER_AHEAD_LIMIT, prerenderSite, startPrerenderer } from "./prerender.ts";
import { removeRedirectPages, writeRedirectPages } from "./redirect-pages.ts";

const SITE_FILE = "site-config/site.json";

/** What `work` answers, or undefined when it throws. */
function loadsOrNot<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/** The not-found pages of the site whose site.json is `text`: the site's and each locale's. */
function notFoundPages(text: string | undefined): string[] {
  try {
    return [NOT_FOUND_ROUTE, ...localeNotFoundPaths(siteLocales(JSON.parse(text ?? "{}") as LocalesOfSite))];
  } catch {
    // Content that does not parse does not build: validation says why.
    return [NOT_FOUND_ROUTE];
  }
}

export type BuildOutcome =
  | { kind: "full"; reason: string }
  | { kind: "unchanged" }
  | {
      kind: "incremental";
      rendered: number;
      documents: number;
      removed: number;
      changes: number;
      ms: number;
      dryRun: boolean;
    };

/** The first key whose value differs between two records, either side's: what made them differ, for the one line. */
function firstDifference<V>(was: Record<string, V>, is: Record<string, V>): string | undefined {
  const same = (a: V | undefined, b: V | undefined) => JSON.stringify(a) === JSON.stringify(b);
  return [...new Set([...Object.keys(was), ...Object.keys(is)])].sort().find((key) => !same(was[key], is[key]));
}

/** The changed files between two sides, with git's status letters, by path. */
function changesBetween(was: ReadonlyMap<string, string>, is: ReadonlyMap<string, string>) {
  return [...new Set([...was.keys(), ...is.keys()])]
    .sort()
    .flatMap((file) =>
      was.get(file) === is.get(file) ? [] : [{ file, status: !was.has(file) ? "A" : !is.has(file) ? "D" : "M" }],
    );
}

/**
 * The code as the affected routes' rules read it, from the project's folder: between two builds it has not changed
 * (the code's digests say so), so both sides are what the folder holds now.
 */
function codeOnDisk(): CodeSides {
  const read = (file: string) => {
    const full = file.startsWith("site-config/")
      ? path.join(CONFIG_DIR, file.slice("site-config/".length))
      : path.join(ROOT, file);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
  };
  const filesOf = (folder: string): string[] => {
    const full = path.join(ROOT, folder);
    if (!fs.existsSync(full)) return [];
    if (!fs.statSync(full).isDirectory()) return [folder];
    return fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  };
  return {
    before: read,
    after: read,
    containing: (needle, folders) => folders.flatMap(filesOf).filter((file) => read(file)?.includes(needle)),
  };
}

const leadApiOf = (site: string | undefined) => {
  try {
    return JSON.stringify((JSON.parse(site ?? "{}") as { leadApi?: unknown }).leadApi ?? null);
  } catch {
    return "";
  }
};

/** Removes a page's file and the folders it leaves empty, up to client/. */
function removeDocument(client: string, route: string) {
  let dir = path.join(client, ...route.split("/"));
  fs.rmSync(path.join(dir, "index.html"), { force: true });
  while (dir !== client && fs.existsSync(dir) && fs.readdirSync(dir).length === 0) {
    fs.rmdirSync(dir);
    dir = path.dirname(dir);
  }
}

/** A document's HTML file under client/, as the prerenderer writes it. */
const htmlFileOf = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}/index.html`);

/**
 * The files that follow the pages, as a full build leaves them: the pictures' files the pages name and no other, and
 * the originals of public/media/ the pages show, without their metadata (copied again only when they or the pages'
 * choice of them changed). `pictures` is what each page names: the rendered pages' as the prerenderer found them
 * (`found`), or read again (those rendered ahead).
 */
async function publishPictures(
  client: string,
  pictures: Map<string, string[]>,
  {
    rendered,
    removed,
    mediaChanged,
    found,
  }: { rendered: string[]; removed: string[]; mediaChanged: boolean; found: ReadonlyMap<string, string[]> },
) {
  const originals = (named: ReadonlySet<string>) =>
    JSON.stringify([...named].filter((url) => !url.startsWith(IMAGE_FILES_PATH)).sort());
  const before = originals(namedByPages(pictures));
  for (const route of removed) pictures.delete(htmlFileOf(route));
  for (const route of rendered) {
    const file = htmlFileOf(route);
    pictures.set(file, found.get(file) ?? picturesNamedIn(fs.readFileSync(path.join(client, file), "utf8")));
  }
  const named = namedByPages(pictures);
  const imageDir = path.join(client, IMAGE_FILES_PATH);
  if (fs.existsSync(imageDir)) {
    for (const name of fs.readdirSync(imageDir))
      if (!named.has(`${IMAGE_FILES_PATH}${name}`)) fs.rmSync(path.join(imageDir, name));
    if (fs.readdirSync(imageDir).length === 0) fs.rmdirSync(imageDir);
  }
  publishImageFiles(client, named);
  if (!mediaChanged && originals(named) === before) return;
  const media = path.join(client, "media");
  fs.rmSync(media, { recursive: true, force: true });
  const source = path.join(PUBLIC_FILES_DIR, "media");
  if (fs.existsSync(source)) fs.cpSync(source, media, { recursive: true });
  await publishOriginals(client, named);
}

/**
 * The preview cards of the content now, by their path under client/, with the cache's file each is placed from (named by
 * what it shows): those whose file changed are placed again, those of pages that are gone removed. A page that is not
 * rendered again shows what it showed (the affected routes' rules), and keeps its card without a look: working out
 * every card's name took a tenth of a second of a one-page build at 10,000 pages.
 */
async function publishCards(client: string, before: Readonly<Record<string, string>>, rendered: ReadonlySet<string>) {
  const kept = (route: string, fileName: string) => (rendered.has(route) ? undefined : before[fileName]);
  const cards = Object.fromEntries((await sitePreviewCards(kept)).map((card) => [card.fileName, card.file]));
  for (const [fileName, file] of Object.entries(cards))
    if (before[fileName] !== file) placeCard(file, path.join(client, fileName));
  for (const fileName of Object.keys(before))
    if (!(fileName in cards)) fs.rmSync(path.join(client, fileName), { force: true });
  return cards;
}

/**
 * Records the full build just made in `buildDir` (finishFullBuild calls it last, full-build.ts): its server build
 * goes beside the output, moved (or copied, when the build keeps it in place: KEEP_SERVER_BUILD), then the record.
 */
export async function recordFullBuild(
  buildDir: string,
  {
    icons,
    pages,
    keepServerBuild,
    cards,
  }: {
    icons: readonly string[];
    pages: ReadonlyMap<string, string[]>;
    keepServerBuild: boolean;
    /** The preview cards the build placed. */
    cards: readonly BuiltCard[];
  },
) {
  const kept = keptServerBuild(buildDir);
  fs.rmSync(stateDir(buildDir), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  const server = path.join(buildDir, "server");
  if (keepServerBuild) fs.cpSync(server, kept, { recursive: true });
  else fs.renameSync(server, kept);
  const { documents, resources } = prerenderedPaths();
  const content = contentTexts();
  writeState(buildDir, {
    code: codeDigests(),
    media: mediaDigests(),
    icons: [...icons].sort(),
    documents: [...documents, ...resources],
    cards: Object.fromEntries(cards.map((card) => [card.fileName, card.file])),
    pictures: Object.fromEntries(pages),
    content: writeContentRecord(buildDir, content, contentDigests(content)),
  });
}

/**
 * Builds `buildDir` again from its last build where only content changed since. `validate` checks the content and
 * answers the icons it names; it is asked once content changed and the rest of the record holds, so that a full build
 * is decided without it (its own validation is the full build's). Answers what it did, or why a full build is needed,
 * having changed nothing then; with `dryRun`, what it would do, having changed nothing either.
 */
export async function buildIncrementally(
  buildDir: string,
  validate: () => readonly string[],
  { dryRun = false } = {},
): Promise<BuildOutcome> {
  const start = performance.now();
  const full = (reason: string): BuildOutcome => ({ kind: "full", reason });
  const after: ContentTexts = contentTexts();
  const digests = contentDigests(after);
  const kept = readState(buildDir, after, digests);
  if (!kept) return full(`${path.relative(ROOT, buildDir) || buildDir} holds no build to start from`);
  const { state, content: before } = kept;
  const code = firstDifference(state.code, codeDigests());
  if (code) return full(`${code} changed since the last build`);
  if (!fs.existsSync(path.join(keptServerBuild(buildDir), SERVER_BUILD_FILE)))
    return full("the last build's server build is missing");
  /** The files the last build wrote as it wrote them, or the first that is not: then the build is a full one. */
  const outputsTouched = () => {
    const touched = firstDifference(state.outputs, outputSnapshot(buildDir));
    return touched === undefined
      ? undefined
      : full(`client/${touched} was changed, added or removed after the last build`);
  };

  const media = mediaDigests();
  if (leadApiOf(before.get(SITE_FILE)) !== leadApiOf(after.get(SITE_FILE)))
    return full("the lead API's settings changed, which the build records");
  const changes = [
    ...changesBetween(before, after),
    ...changesBetween(new Map(Object.entries(state.media)), new Map(Object.entries(media))),
  ];
  if (changes.length === 0) return outputsTouched() ?? { kind: "unchanged" };
  // Started now, on the other core, it loads the server build while this process works out what changed: handed the
  // content and the pages, it renders them at once (a second of a one-page build).
  const started = dryRun
    ? undefined
    : await startPrerenderer({
        buildDirectory: buildDir,
        serverDirectory: keptServerBuild(buildDir),
        serverBuildFile: SERVER_BUILD_FILE,
        matching: PICTURE_NAME,
      });
  try {
    const affected = affectedBetween(before, after, changes, codeOnDisk(), () => true);
    const client = path.join(buildDir, "client");
    // A not-found page carries its locale's chrome and the menus, which the rules do not follow one by one: it is
    // rendered every time, as the sitemap and robots.txt are.
    const wanted = new Set([
      ...affected.routes.filter(({ status }) => status !== "gone").map(({ route }) => route),
      ...notFoundPages(after.get(SITE_FILE)),
    ]);
    // Content that does not load (it does not validate) is not rendered: the validation below says why.
    const paths = loadsOrNot(prerenderedPaths);
    const pagesOf = (documents: string[]) =>
      affected.everyRoute ? documents : documents.filter((route) => wanted.has(route));
    const pagesNow = paths && pagesOf(paths.documents);
    // A few pages are rendered by the process started ahead, with the content this one loaded, while this one validates
    // it: they are written only once the content is known valid.
    const ahead =
      started && paths && pagesNow && pagesNow.length <= RENDER_AHEAD_LIMIT
        ? started.renderAhead(pagesNow, paths.resources)
        : undefined;
    // Awaited below, or dropped with the process when the content turns out invalid.
    ahead?.catch(() => undefined);
    // Looked at while those pages render: 20,000 files took a tenth of a second before the process had its pages.
    const touched = outputsTouched();
    if (touched) return touched;
    if (JSON.stringify([...validate()].sort()) !== JSON.stringify(state.icons))
      return full("the content names other icons, which the bundles carry");
    const { documents, resources } = paths ?? prerenderedPaths();
    const render = pagesNow ?? pagesOf(documents);
    const rendered = await ahead;
    if (rendered?.failure) {
      const { path: failedPath, failure } = rendered.failure;
      throw catalogueError(buildErrors.prerenderFailed, { path: failedPath, ...failure! });
    }
    const now = new Set([...documents, ...resources]);
    const gone = state.documents.filter((route) => !now.has(route));
    const outcome = {
      rendered: render.length,
      documents: documents.length,
      removed: gone.length,
      changes: changes.length,
    };
    if (dryRun) return { kind: "incremental", ...outcome, ms: performance.now() - start, dryRun };
    forgetState(buildDir);
    for (const route of gone) removeDocument(client, route);
    // Written again after the pages, all of them, whatever changed: an address a redirect left may be a page's now.
    removeRedirectPages(buildDir);
    // What each page names, as the prerenderer found it in the pages it wrote (none in those rendered ahead).
    const rendering: Promise<ReadonlyMap<string, string[]>> = rendered
      ? started!.writeRendered().then(() => new Map())
      : prerenderSite({
          buildDirectory: buildDir,
          serverDirectory: keptServerBuild(buildDir),
          serverBuildFile: SERVER_BUILD_FILE,
          documents: render,
          resources,
          keepServerBuild: true,
          started,
          matching: PICTURE_NAME,
        }).then(({ matches }) => matches);
    // The record's content and the preview cards are written while the pages render, in the processes the prerenderer
    // has started.
    let content: BuildState["content"];
    let cards: Record<string, string>;
    let found: ReadonlyMap<string, string[]>;
    try {
      content = writeContentRecord(buildDir, after, digests, state.content);
      cards = await publishCards(client, state.cards, new Set(render));
    } finally {
      found = await rendering;
    }
    const pictures = new Map(Object.entries(state.pictures));
    const mediaChanged = changes.some(({ file }) => file.startsWith("public/media/"));
    await publishPictures(client, pictures, { rendered: render, removed: gone, mediaChanged, found });
    writeRedirectPages(buildDir);
    writeState(buildDir, {
      code: state.code,
      media,
      icons: state.icons,
      documents: [...documents, ...resources],
      cards,
      pictures: Object.fromEntries([...pictures].sort(([a], [b]) => (a < b ? -1 : 1))),
      content,
    });
    return { kind: "incremental", ...outcome, ms: performance.now() - start, dryRun };
  } finally {
    await started?.stop();
  }
}
