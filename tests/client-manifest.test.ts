import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CLIENT_MANIFEST_FILE,
  type ManifestChunk,
  dynamicImportFiles,
  keyOfFile,
  readClientManifest,
  staticClosure,
} from "../contract/client-manifest.server.ts";
import { catalogueErrorOf } from "./support/catalogue-error.ts";

/** The shape of the site's client build: an entry with static imports that loads the runtime with import(). */
const CHUNKS: Record<string, ManifestChunk> = {
  "_runtime.js": { file: "assets/runtime-r1.js" },
  "_preload.js": { file: "assets/preload-p1.js" },
  "renderer/entry.client.tsx": {
    file: "assets/entry.client-e1.js",
    isEntry: true,
    imports: ["_runtime.js", "_preload.js"],
    dynamicImports: ["node_modules/react-dom/client.js", "kit/theme.ts", "renderer/islands/hydrate.tsx"],
  },
  "node_modules/react-dom/client.js": {
    file: "assets/client-c1.js",
    isDynamicEntry: true,
    imports: ["_runtime.js", "_react.js"],
  },
  "_react.js": { file: "assets/react-x1.js", imports: ["_runtime.js"] },
  "kit/theme.ts": { file: "assets/theme-t1.js", isDynamicEntry: true, imports: ["_runtime.js", "_jsx.js"] },
  "_jsx.js": { file: "assets/jsx-j1.js" },
  "renderer/islands/hydrate.tsx": {
    file: "assets/hydrate-h1.js",
    isDynamicEntry: true,
    imports: ["_runtime.js", "node_modules/react-dom/client.js", "renderer/entry.client.tsx", "kit/theme.ts"],
  },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function buildWith(chunks: Record<string, ManifestChunk> | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-manifest-"));
  dirs.push(dir);
  if (chunks) fs.writeFileSync(path.join(dir, CLIENT_MANIFEST_FILE), JSON.stringify(chunks));
  return dir;
}

describe("the chunk graph of the client build, read from its manifest", () => {
  it("lists what an entry loads with import(), in import order, each chunk once, the entry itself left out", () => {
    const manifest = readClientManifest(buildWith(CHUNKS));
    expect(dynamicImportFiles(manifest, "assets/entry.client-e1.js")).toEqual([
      "assets/client-c1.js",
      "assets/runtime-r1.js",
      "assets/react-x1.js",
      "assets/theme-t1.js",
      "assets/jsx-j1.js",
      "assets/hydrate-h1.js",
    ]);
  });

  it("follows static imports depth first, skipping chunks already counted", () => {
    const manifest = readClientManifest(buildWith(CHUNKS));
    const seen = new Set<string>();
    expect(staticClosure(manifest, [keyOfFile(manifest, "assets/entry.client-e1.js")], seen)).toEqual([
      "assets/entry.client-e1.js",
      "assets/runtime-r1.js",
      "assets/preload-p1.js",
    ]);
    expect(staticClosure(manifest, ["node_modules/react-dom/client.js"], seen)).toEqual([
      "assets/client-c1.js",
      "assets/react-x1.js",
    ]);
  });

  it("refuses a build without a manifest", () => {
    const dir = buildWith(undefined);
    const error = catalogueErrorOf(() => readClientManifest(dir));
    expect(error.code).toBe("BUILD001");
    expect(error.message).toContain(path.join(dir, CLIENT_MANIFEST_FILE));
  });

  it("refuses a file or an import that the manifest does not know, rather than listing nothing", () => {
    const manifest = readClientManifest(buildWith(CHUNKS));
    const unknownFile = catalogueErrorOf(() => dynamicImportFiles(manifest, "assets/entry.client-zz.js"));
    expect(unknownFile.code).toBe("BUILD002");
    expect(unknownFile.message).toContain("has no chunk for assets/entry.client-zz.js");

    const broken = readClientManifest(
      buildWith({ ...CHUNKS, "kit/theme.ts": { file: "assets/theme-t1.js", imports: ["_gone.js"] } }),
    );
    const unknownImport = catalogueErrorOf(() => dynamicImportFiles(broken, "assets/entry.client-e1.js"));
    expect(unknownImport.code).toBe("BUILD002");
    expect(unknownImport.message).toContain("has no chunk for _gone.js");
  });
});
