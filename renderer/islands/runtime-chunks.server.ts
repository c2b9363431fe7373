import path from "node:path";
import {
  type ClientManifest,
  dynamicImportsOf,
  keyOfFile,
  keyOfModule,
  readClientManifest,
  staticClosure,
} from "../../contract/client-manifest.server.ts";
import type { BlockType } from "../../contract/blocks.ts";
import { buildErrors, catalogueError } from "../../contract/errors.ts";
import { enhancementModule } from "../../contract/hydration.ts";
import { manifests } from "../generated/block-manifests.ts";

/** The entry's chunks, read once per build: every prerendered page names the same entry. */
interface EntryChunks {
  manifest: ClientManifest;
  /** The islands runtime's chunks (URLs). */
  runtime: string[];
  /** The chunk key of each block type's DOM enhancement. */
  enhancements: Map<BlockType, string>;
}
const entries = new Map<string, EntryChunks>();

function entryChunks(entryModule: string): EntryChunks {
  let chunks = entries.get(entryModule);
  if (!chunks) {
    const manifest = readClientManifest(path.resolve(process.env.BUILD_DIR ?? "build"));
    const key = keyOfFile(manifest, entryModule.replace(/^\//, ""));
    const imported = dynamicImportsOf(manifest, key);
    const types = (Object.keys(manifests) as BlockType[]).filter((type) => enhancementModule(manifests, type));
    const enhancements = new Map(
      types.map((type) => {
        const module = enhancementModule(manifests, type)!;
        const chunk = keyOfModule(manifest, module, imported);
        // The entry imports every enhancement: one not found is a manifest from another build.
        if (!chunk) throw catalogueError(buildErrors.manifestEntryMissing, { file: manifest.file, chunk: module });
        return [type, chunk] as const;
      }),
    );
    const runtime = imported.filter((chunk) => ![...enhancements.values()].includes(chunk));
    chunks = {
      manifest,
      runtime: staticClosure(manifest, runtime, new Set([key])).map((file) => `/${file}`),
      enhancements,
    };
    entries.set(entryModule, chunks);
  }
  return chunks;
}

/**
 * The URLs of the islands runtime: the chunks that the built islands entry loads with its dynamic imports, but the
 * blocks' DOM enhancements (a page preloads its own, `enhancementChunks`), from the client build's manifest. Empty on
 * the dev server, which serves modules one by one from the source tree.
 */
export const islandRuntimeChunks = (entryModule: string): string[] =>
  import.meta.env.DEV ? [] : entryChunks(entryModule).runtime;

/**
 * The URLs of the DOM enhancements of these block types and of the chunks they import, from the client build's
 * manifest. Empty on the dev server, which serves each module when the entry imports it.
 */
export function enhancementChunks(entryModule: string, types: readonly BlockType[]): string[] {
  if (import.meta.env.DEV) return [];
  const { manifest, enhancements } = entryChunks(entryModule);
  const keys = types.flatMap((type) => enhancements.get(type) ?? []);
  return staticClosure(manifest, keys).map((file) => `/${file}`);
}
