import fs from "node:fs";
import path from "node:path";
import { buildErrors, catalogueError } from "./errors.ts";

/**
 * Vite's manifest of the client build, the one description of its chunk graph (which chunk a source module became,
 * what each chunk imports statically and dynamically): the prerenderer reads the islands runtime from it, and
 * `npm run budgets` each page's chunks. The build keeps it beside the public files, not among them
 * (`clientManifest` in toolchain/vite-plugins.ts).
 */
export const CLIENT_MANIFEST_FILE = "client-manifest.json";

/** One chunk of the manifest, under the key of its source module (or `_<file>` for a chunk without one). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its first module's file name without the extension. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks it imports statically. */
  imports?: string[];
  /** Keys of the chunks it imports with import(). */
  dynamicImports?: string[];
}

export interface ClientManifest {
  /** Where it was read from, as errors name it. */
  file: string;
  chunks: Record<string, ManifestChunk>;
}

/** The manifest of the build in `buildDir` (the folder holding client/), refusing a missing or unreadable one. */
export function readClientManifest(buildDir: string): ClientManifest {
  const file = path.join(buildDir, CLIENT_MANIFEST_FILE);
  try {
    return { file, chunks: JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestChunk> };
  } catch {
    throw catalogueError(buildErrors.manifestMissing, { file });
  }
}

function chunkAt(manifest: ClientManifest, key: string): ManifestChunk {
  const chunk = manifest.chunks[key];
  if (!chunk) throw catalogueError(buildErrors.manifestEntryMissing, { file: manifest.file, chunk: key });
  return chunk;
}

/** The key of the chunk written to `file` (a path under client/, such as `assets/entry.client-x1.js`). */
export function keyOfFile(manifest: ClientManifest, file: string): string {
  const key = Object.keys(manifest.chunks).find((k) => manifest.chunks[k].file === file);
  if (key === undefined) throw catalogueError(buildErrors.manifestEntryMissing, { file: manifest.file, chunk: file });
  return key;
}

/**
 * The files of the chunks `keys` and of everything they import statically, depth first, each once, leaving out the
 * chunks in `skip` (which it adds to): the files a browser fetches to run those chunks, in Vite's preload order.
 */
export function staticClosure(manifest: ClientManifest, keys: string[], skip = new Set<string>()): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    if (skip.has(key)) return;
    skip.add(key);
    const chunk = chunkAt(manifest, key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The keys of the chunks that the chunk `key` imports with import(), in the order of the imports. */
export const dynamicImportsOf = (manifest: ClientManifest, key: string): string[] =>
  chunkAt(manifest, key).dynamicImports ?? [];

/**
 * The files that the chunk written to `file` loads with its dynamic imports: each imported chunk and its static
 * imports, in the order of the imports, each once, the importing chunk left out. These are the files Vite preloads
 * along with each import() (the `__vite__mapDeps` list of the chunk).
 */
export function dynamicImportFiles(manifest: ClientManifest, file: string): string[] {
  const key = keyOfFile(manifest, file);
  return staticClosure(manifest, dynamicImportsOf(manifest, key), new Set([key]));
}

/**
 * The key of the chunk, among `keys`, that holds `module` (a source path such as `blocks/hero/rotate-words.ts`), or
 * undefined: a module imported only with import() is a chunk keyed by its source; one that the bundler put in a chunk
 * shared with other importers is in the chunk named after it.
 */
export function keyOfModule(manifest: ClientManifest, module: string, keys: readonly string[]): string | undefined {
  if (keys.includes(module)) return module;
  const name = path.basename(module, path.extname(module));
  return keys.find((candidate) => manifest.chunks[candidate]?.name === name);
}
