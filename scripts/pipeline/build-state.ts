/**
 * What a build keeps beside its output for the next one (docs/build.md, "Incremental builds"): the digest of every
 * input that is not content (the code, the settings, the lockfile, Node's version, the environment the build reads),
 * the content it rendered, the files it wrote with their sizes and times, and its server build. The next build renders
 * again only what a change of content alters, and only while all of this still holds.
 */
import fs from "node:fs";
import path from "node:path";
import { digest } from "../../contract/digest.ts";
import { CONFIG_DIR, PUBLIC_FILES_DIR, readContentFile, textDigest } from "../../contract/content.server.ts";
import { writeAtomically } from "../../imaging/cache-files.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { NOT_SOURCE_FOLDERS } from "../lint/import-graph.ts";
import { buildInputs, mayHoldBuildInputs } from "./build-inputs.ts";

/** The folder of a build that holds what the next build reuses: beside client/, never served. */
export const STATE_FOLDER = ".incremental";
/** The server build's entry, React Router's default name. */
export const SERVER_BUILD_FILE = "index.js";
const STATE_FILE = "state.json";
/** The texts of the content the build rendered, one after the other: the record says where each starts and ends. */
const CONTENT_FILE = "content.txt";
/** Bumped when the record's shape or meaning changes: an older record is then not trusted. */
const STATE_VERSION = 5;

/** The settings of the environment that change what a build writes. */
const BUILD_ENV = ["PRERENDER_ONLY", "PREVIEW_CARDS", "PREVIEW_CARDS_CACHE", "SOURCEMAP"];

/** The content's files by their path as the project names them ("site-config/pages/about.json"), with their text. */
export type ContentTexts = Map<string, string>;

export interface BuildState {
  version: number;
  /** Each input that is not content, by path, with its digest; the environment and Node under their own names. */
  code: Record<string, string>;
  /** The pictures and videos of public/media/ by path ("public/media/team.jpg"), with their digests. */
  media: Record<string, string>;
  /** The icons the content names: the only content the bundles carry. */
  icons: string[];
  /** The documents and resources the prerenderer wrote. */
  documents: string[];
  /** The preview cards written, by their path under client/, with the file of the cards' cache each is a copy of. */
  cards: Record<string, string>;
  /** The pictures each page names (imaging/image-files.ts builtPages), by its HTML file under client/. */
  pictures: Record<string, string[]>;
  /** Every file under client/, with its size and modification time, to see that nothing changed it since. */
  outputs: Record<string, [number, number]>;
  /**
   * The content's files as the build rendered them, by path ("site-config/pages/about.json"): the digest of each text
   * and where it is in the content file (its first byte, its length in bytes), so that the next build reads back only
   * the texts that changed since.
   */
  content: Record<string, [string, number, number]>;
}

/**
 * The NODE_ENV a build runs in: React Router's build runs in production mode unless NODE_ENV says otherwise (a test
 * runner's "test" builds for development) and sets it so for itself, and the pages are rendered in the same mode.
 */
export const buildNodeEnv = () => process.env.NODE_ENV ?? "production";

export const stateDir = (buildDir: string) => path.join(buildDir, STATE_FOLDER);
export const keptServerBuild = (buildDir: string) => path.join(stateDir(buildDir), "server");
export const stateFile = (buildDir: string) => path.join(stateDir(buildDir), STATE_FILE);

const toPosix = (file: string) => file.split(path.sep).join("/");

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The digests of the build's inputs other than content: the project's files the build reads (build-inputs.ts) outside
 * site-config/, the public folder's files outside media/, Node's version and the environment's settings.
 */
export function codeDigests(root = ROOT, publicDir = PUBLIC_FILES_DIR): Record<string, string> {
  const isInput = buildInputs(root);
  const digests: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const name = `${rel}${entry.name}`;
      const full = path.join(dir, entry.name);
      // A worktree's .git is a file naming the repository: git's, not the build's, whatever its kind.
      if (entry.name === ".git") continue;
      if (entry.isDirectory()) {
        if (NOT_SOURCE_FOLDERS.has(entry.name) || !mayHoldBuildInputs(name)) continue;
        if (rel === "" && (entry.name === "site-config" || entry.name === "public")) continue;
        walk(full, `${name}/`);
      } else if (entry.isFile() && isInput(name)) digests[name] = digest(fs.readFileSync(full));
    }
  };
  walk(root, "");
  for (const file of filesUnder(publicDir)) {
    const rel = toPosix(path.relative(publicDir, file));
    if (!rel.startsWith("media/")) digests[`public/${rel}`] = digest(fs.readFileSync(file));
  }
  digests["(node)"] = process.version;
  // Unset counts as what the build makes of it (buildNodeEnv).
  digests["(env NODE_ENV)"] = buildNodeEnv();
  for (const name of BUILD_ENV) digests[`(env ${name})`] = process.env[name] ?? "";
  for (const name of Object.keys(process.env)
    .filter((key) => key.startsWith("VITE_"))
    .sort())
    digests[`(env ${name})`] = process.env[name]!;
  return digests;
}

/** The content the pages are made of, every JSON file of site-config/, keyed as the project names it. */
export function contentTexts(configDir = CONFIG_DIR): ContentTexts {
  return new Map(
    filesUnder(configDir)
      .filter((file) => file.endsWith(".json"))
      // Read as every reader of the content reads it: the validation and the content loaded next read nothing again.
      .map((file) => [`site-config/${toPosix(path.relative(configDir, file))}`, readContentFile(file) ?? ""]),
  );
}

/** The digests of public/media/'s files, keyed as the project names them. */
export function mediaDigests(publicDir = PUBLIC_FILES_DIR): Record<string, string> {
  const media = path.join(publicDir, "media");
  return Object.fromEntries(
    filesUnder(media).map((file) => [
      `public/media/${toPosix(path.relative(media, file))}`,
      digest(fs.readFileSync(file)),
    ]),
  );
}

/**
 * Every file under client/ with its size and modification time, to the second: an image's layers keep times to the
 * second (Docker's push and save drop the rest), and a build copied into one must still be a build to start from.
 */
export function outputSnapshot(buildDir: string): Record<string, [number, number]> {
  const snapshot: Record<string, [number, number]> = {};
  // Walked folder by folder, each name joined as it is met: a page is a folder, and at 10,000 pages listing every file
  // and making each path relative again took twice as long, twice in a one-page build.
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const stat = fs.statSync(full);
        snapshot[`${prefix}${entry.name}`] = [stat.size, Math.floor(stat.mtimeMs / 1000)];
      }
    }
  };
  const client = path.join(buildDir, "client");
  if (fs.existsSync(client)) walk(client, "");
  return snapshot;
}

/** The digest of each text of the content, by its path as the project names it. */
export function contentDigests(content: ContentTexts, configDir = CONFIG_DIR): Map<string, string> {
  return new Map(
    [...content].map(([file, text]) => [
      file,
      textDigest(path.join(configDir, file.slice("site-config/".length)), text),
    ]),
  );
}

/**
 * The record the last build left in `buildDir`, and the content it rendered, given the content now (`now`, with its
 * digests): a file whose digest is the same is the text read now, and only the others are read back from the record's
 * content file. Undefined when no record can be trusted (none, another version, a content file that does not hold).
 */
export function readState(
  buildDir: string,
  now: ContentTexts,
  digests: ReadonlyMap<string, string>,
): { state: BuildState; content: ContentTexts } | undefined {
  let descriptor: number | undefined;
  try {
    const state = JSON.parse(fs.readFileSync(path.join(stateDir(buildDir), STATE_FILE), "utf8")) as BuildState;
    if (state.version !== STATE_VERSION) return undefined;
    descriptor = fs.openSync(path.join(stateDir(buildDir), CONTENT_FILE), "r");
    const content: ContentTexts = new Map();
    for (const [file, [fileDigest, start, length]] of Object.entries(state.content)) {
      if (digests.get(file) === fileDigest) {
        content.set(file, now.get(file)!);
        continue;
      }
      const bytes = Buffer.alloc(length);
      if (fs.readSync(descriptor, bytes, 0, length, start) !== length) return undefined;
      const text = bytes.toString("utf8");
      if (digest(text) !== fileDigest) return undefined;
      content.set(file, text);
    }
    return { state, content };
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}

/**
 * Writes the content a build renders into the record's content file, and answers where each text is: written while the
 * pages render, before the record that names it (`writeState`). Given the last record's index (`kept`), the texts it
 * holds stay where they are and only the others are added at the end: the last record, forgotten first, names none of
 * the bytes added, and rewriting 23 MB took a tenth of a second of a one-page build at 10,000 pages. Once the file is
 * more than twice the texts it holds, it is written again whole.
 */
export function writeContentRecord(
  buildDir: string,
  content: ContentTexts,
  digests: ReadonlyMap<string, string>,
  kept?: BuildState["content"],
): BuildState["content"] {
  const dir = stateDir(buildDir);
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(path.join(dir, STATE_FILE), { force: true });
  const file = path.join(dir, CONTENT_FILE);
  const size = kept ? (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) : 0;
  const written = (from: number, keep: BuildState["content"] | undefined) => {
    const index: BuildState["content"] = {};
    const buffers: Buffer[] = [];
    let offset = from;
    let live = 0;
    for (const [name, text] of [...content].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const fileDigest = digests.get(name)!;
      const was = keep?.[name];
      if (was && was[0] === fileDigest && was[1] + was[2] <= from) index[name] = was;
      else {
        const bytes = Buffer.from(text, "utf8");
        index[name] = [fileDigest, offset, bytes.length];
        buffers.push(bytes);
        offset += bytes.length;
      }
      live += index[name][2];
    }
    return { index, added: Buffer.concat(buffers), end: offset, live };
  };
  const added = size > 0 ? written(size, kept) : undefined;
  if (added && added.end <= 2 * added.live) {
    if (added.added.length > 0) fs.appendFileSync(file, added.added);
    return added.index;
  }
  const whole = written(0, undefined);
  writeAtomically(file, whole.added);
  return whole.index;
}

/**
 * Records what the build in `buildDir` was made of and wrote, naming the content file written before: the record is
 * written last, whole under another name and renamed, so a build stopped before it leaves no record that holds.
 */
export function writeState(buildDir: string, state: Omit<BuildState, "version" | "outputs">) {
  const dir = stateDir(buildDir);
  fs.mkdirSync(dir, { recursive: true });
  const record: BuildState = { version: STATE_VERSION, ...state, outputs: outputSnapshot(buildDir) };
  writeAtomically(path.join(dir, STATE_FILE), JSON.stringify(record));
}

/** Forgets the record, before anything of the build changes: a build interrupted from here on starts over in full. */
export function forgetState(buildDir: string) {
  fs.rmSync(path.join(stateDir(buildDir), STATE_FILE), { force: true });
}
