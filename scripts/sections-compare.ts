/**
 * `npm run sections:compare`: proves that shared sections cost a visitor nothing. It builds the site twice, from two
 * copies of site-config/: as it is (pages placing sections), and with every reference replaced by the section's blocks
 * written in the page (overrides applied, no sections folder). Every file of the two builds (the pages, the sitemap, the
 * assets, the preview cards, each rendered from its own copy) must be byte for byte the same (docs/sections.md, "What
 * the site holds").
 *
 * The copies live outside git, so the sitemap dates their pages by the files' modification times: each copy's files
 * get the dates the repository gives them (the last commit that touched them), and a page with the sections written in
 * gets the later of its own and its sections' dates, as it would have been edited each time a section was.
 *
 *   npm run sections:compare               # keeps the two builds under .cache/sections-compare/ to diff
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type ContentFile,
  LOCALES_FOLDER,
  parsedDocument,
  placedSectionFiles,
  readContentFiles,
  sectionDocuments,
} from "../contract/content.server.ts";
import { catalogueError, sectionCompareLines } from "../contract/errors.ts";
import { expandBlocks, isSectionRef, sectionIdOf, sectionsPlaced } from "../contract/sections.ts";
import { lastModified } from "../contract/last-modified.server.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { STATE_FOLDER } from "./pipeline/build-state.ts";

/** What the written-in copy changed: the references it replaced, on how many pages. */
export interface WrittenIn {
  pages: number;
  references: number;
}

const latest = (dates: readonly string[]) => dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
const stamp = (file: string, iso: string) => fs.utimesSync(file, new Date(iso), new Date(iso));

/** The dates of every file of `configDir`, as the build reads them there (git's, or the files' own). */
function datesOf(configDir: string): Map<string, string> {
  const files = fs
    .readdirSync(configDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  return lastModified(files, configDir);
}

/** Copies `configDir` to `into` as it is, each file dated as the build dates it in `configDir`. */
export function copyAsIs(configDir: string, into: string): void {
  fs.cpSync(configDir, into, { recursive: true });
  for (const [file, date] of datesOf(configDir)) stamp(path.join(into, path.relative(configDir, file)), date);
}

/**
 * Copies `configDir` to `into` with every section reference of every page replaced by the section's blocks (overrides
 * applied), a locale's pages with its own versions of sections where it has them, and without the sections' folders:
 * the site as if no section had ever been made.
 */
export function copyWrittenIn(configDir: string, into: string): WrittenIn {
  const { site, pages, sections, locales } = readContentFiles(configDir);
  const dates = datesOf(configDir);
  const written: WrittenIn = { pages: 0, references: 0 };
  const copy = (file: ContentFile, text: string, date: string) => {
    const target = path.join(into, path.relative(configDir, file.file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    stamp(target, date);
  };
  /** Pages with the sections they place written in: `placed` are the section files their locale places. */
  const writeIn = (pageFiles: readonly ContentFile[], placed: readonly ContentFile[]) => {
    const docs = sectionDocuments(placed);
    const sectionDates = new Map(placed.map(({ file }) => [sectionIdOf(file), dates.get(file)!]));
    for (const page of pageFiles) {
      const document = parsedDocument(page) as { blocks?: unknown } | undefined;
      const blocks = Array.isArray(document?.blocks) ? document.blocks : [];
      const references = blocks.filter(isSectionRef).length;
      const date = dates.get(page.file)!;
      if (!references) {
        copy(page, page.text ?? "", date);
        continue;
      }
      written.pages += 1;
      written.references += references;
      const placedDates = [...sectionsPlaced(blocks, docs)].map((id) => sectionDates.get(id)!);
      const expanded = { ...document, blocks: expandBlocks(blocks, docs).blocks };
      copy(page, `${JSON.stringify(expanded, null, 2)}\n`, latest([date, ...placedDates]));
    }
  };
  copy(site, site.text ?? "", dates.get(site.file)!);
  writeIn(pages, sections);
  // Each locale's pages with the sections as it places them (its own versions first); its sections' folder goes.
  for (const locale of locales) {
    if (locale.site.text !== null) copy(locale.site, locale.site.text, dates.get(locale.site.file)!);
    writeIn(locale.pages, placedSectionFiles(sections, locale.sections));
  }
  // Whatever else site-config/ holds besides pages, sections and locales (none today) goes across as it is.
  for (const entry of fs.readdirSync(configDir, { withFileTypes: true }))
    if (!["site.json", "pages", "sections", LOCALES_FOLDER].includes(entry.name))
      fs.cpSync(path.join(configDir, entry.name), path.join(into, entry.name), { recursive: true });
  return written;
}

/** Builds the content of `configDir` into `buildDir`, preview cards rendered from a cache of its own. */
function build(configDir: string, buildDir: string, side: string): Promise<void> {
  const cards = fs.mkdtempSync(path.join(os.tmpdir(), "sections-compare-cards-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SITE_CONFIG_DIR: configDir,
    BUILD_DIR: buildDir,
    PREVIEW_CARDS_CACHE: cards,
  };
  for (const name of ["PREVIEW_CARDS", "PRERENDER_ONLY", "KEEP_SERVER_BUILD", "PROJECT_DIR"]) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => {
      fs.rmSync(cards, { recursive: true, force: true });
      if (code === 0) resolve();
      else reject(catalogueError(sectionCompareLines.buildFailed, { side, output }));
    });
  });
}

/** Every file of a build, by its path inside it: not what it keeps for the next build (STATE_FOLDER), which is no site. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (!file.startsWith(`${STATE_FOLDER}/`)) out.set(file, fs.readFileSync(path.join(dir, file)));
    }
  return out;
}

/** The files that differ between two builds (missing from one counts), and the size of the first. */
export function compareBuilds(a: string, b: string): { files: number; bytes: number; different: string[] } {
  const left = filesOf(a);
  const right = filesOf(b);
  const different = [...new Set([...left.keys(), ...right.keys()])]
    .filter((file) => {
      const [x, y] = [left.get(file), right.get(file)];
      return !x || !y || !x.equals(y);
    })
    .sort();
  const bytes = [...left.values()].reduce((sum, file) => sum + file.length, 0);
  return { files: left.size, bytes, different };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sections-compare-"));
    // Inside the project: the server bundle that prerenders resolves the project's packages from its own folder up.
    const out = path.join(ROOT, ".cache", "sections-compare");
    fs.rmSync(out, { recursive: true, force: true });
    try {
      const placed = path.join(scratch, "placed", "site-config");
      const writtenIn = path.join(scratch, "written-in", "site-config");
      copyAsIs(CONFIG_DIR, placed);
      const written = copyWrittenIn(CONFIG_DIR, writtenIn);
      await build(placed, path.join(out, "placed"), "placed");
      await build(writtenIn, path.join(out, "written-in"), "written in");
      const { files, bytes, different } = compareBuilds(path.join(out, "placed"), path.join(out, "written-in"));
      if (different.length) throw catalogueError(sectionCompareLines.different, { files: different });
      print(sectionCompareLines.identical, { files, bytes, ...written });
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  } catch (error) {
    exitOnError(error);
  }
}
