import fs from "node:fs";
import path from "node:path";

/**
 * The chunks that a built module's dynamic imports need, in the list Vite writes into the module
 * (`__vite__mapDeps=(…,m.f=["assets/a.js","assets/b.js"])`), as paths under the client build directory.
 */
export function dynamicImportChunks(code: string): string[] {
  const list = code.match(/m\.f=\[([^\]]*)\]/)?.[1];
  return list?.match(/"[^"]+"/g)?.map((item) => JSON.parse(item) as string) ?? [];
}

/** Every prerendered page names the same entry: its file is read once per build, not once per page. */
const runtimeChunksByEntry = new Map<string, string[]>();

/**
 * The URLs of the islands runtime: the chunks that the built islands entry loads with its dynamic imports. Empty on the
 * dev server, which serves modules one by one from the source tree.
 */
export function islandRuntimeChunks(entryModule: string): string[] {
  let chunks = runtimeChunksByEntry.get(entryModule);
  if (!chunks) {
    const file = path.resolve(process.env.BUILD_DIR ?? "build", "client", entryModule.replace(/^\//, ""));
    chunks =
      entryModule.startsWith("/assets/") && fs.existsSync(file)
        ? dynamicImportChunks(fs.readFileSync(file, "utf8")).map((chunk) => `/${chunk}`)
        : [];
    runtimeChunksByEntry.set(entryModule, chunks);
  }
  return chunks;
}
