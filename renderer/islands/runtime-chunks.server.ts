import path from "node:path";
import { dynamicImportFiles, readClientManifest } from "../../contract/client-manifest.server.ts";

/** Every prerendered page names the same entry: the manifest is read once per build, not once per page. */
const runtimeChunksByEntry = new Map<string, string[]>();

/**
 * The URLs of the islands runtime: the chunks that the built islands entry loads with its dynamic imports, from the
 * client build's manifest. Empty on the dev server, which serves modules one by one from the source tree.
 */
export function islandRuntimeChunks(entryModule: string): string[] {
  if (import.meta.env.DEV) return [];
  let chunks = runtimeChunksByEntry.get(entryModule);
  if (!chunks) {
    const manifest = readClientManifest(path.resolve(process.env.BUILD_DIR ?? "build"));
    chunks = dynamicImportFiles(manifest, entryModule.replace(/^\//, "")).map((file) => `/${file}`);
    runtimeChunksByEntry.set(entryModule, chunks);
  }
  return chunks;
}
