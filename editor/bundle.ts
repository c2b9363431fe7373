import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { type Plugin, build } from "vite";
import { catalogueError, editorErrors } from "../contract/errors.ts";
import { digest, digestOf, digestOfFiles } from "../toolchain/digest.ts";
import { siteIcons } from "../toolchain/site-icons-plugin.ts";

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * What a bundle was built from: each of the repository's files in it, the installed packages' lockfile, and how it was
 * built (this file and the Vite plugins it uses: a change to them makes the kept bundles stale too).
 */
interface Sources {
  files: Record<string, string>;
  lockfile: string;
  recipe: string;
}

/** The files that say how a bundle is built. */
const RECIPE = ["editor/bundle.ts", "toolchain/site-icons-plugin.ts"];

const SOURCES_FILE = "sources.json";
/** Bundles kept besides the one in use: another checkout of the code (a branch switched back to) opens at once. */
const KEPT_BUNDLES = 3;

const ABANDONED_AFTER_MS = 10 * 60_000;

type Stamps = Omit<Sources, "files">;

/** Whether every file a bundle was built from, the lockfile and the recipe (their digests given) read as they did. */
function isCurrent(sources: Sources, repoDir: string, stamps: Stamps): boolean {
  if (stamps.lockfile !== sources.lockfile || stamps.recipe !== sources.recipe) return false;
  return Object.entries(sources.files).every(([file, sum]) => digestOf(path.join(repoDir, file)) === sum);
}

function readSources(bundleDir: string): Sources | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(bundleDir, SOURCES_FILE), "utf8")) as Sources;
  } catch {
    return undefined;
  }
}

/** Records the repository's files that went into the build (not the installed packages, which the lockfile stands for). */
function recordSources(repoDir: string, into: Set<string>): Plugin {
  return {
    name: "editor-bundle-sources",
    generateBundle() {
      for (const id of this.getModuleIds()) {
        const file = id.replace(/[?#].*$/, "");
        if (file.startsWith("\0") || !path.isAbsolute(file)) continue;
        const relative = path.relative(repoDir, file);
        if (relative.startsWith("..") || relative.split(path.sep).includes("node_modules")) continue;
        into.add(relative.split(path.sep).join("/"));
      }
    },
  };
}

async function buildBundle(repoDir: string, outDir: string, stamps: Stamps): Promise<Sources> {
  const app = path.join(repoDir, "editor", "app");
  const files = new Set<string>(["editor/app/index.html", "editor/app/preview.html"]);
  await build({
    configFile: false,
    root: app,
    // The project's public/ is served from the project itself, where uploads land while the editor runs.
    publicDir: false,
    mode: "production",
    // Vite takes a build's flavour from NODE_ENV when it is set, and test runners set it to "test": React's development
    // build and JSX helpers would go into the pages (about 40 % more script time for each load), and `npm run edit`
    // would then open that bundle. It is a production build whoever runs it.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    oxc: { jsx: { development: false } },
    // Its failure is told once, in the catalogue's words (EDIT_BUNDLE_FAILED) with Vite's message.
    logLevel: "silent",
    plugins: [siteIcons({ all: true }), react(), recordSources(repoDir, files)],
    build: {
      outDir,
      emptyOutDir: true,
      // Read from this machine's disk, never over a network: the sizes Vite warns about do not apply.
      chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
      reportCompressedSize: false,
      rolldownOptions: { input: { index: path.join(app, "index.html"), preview: path.join(app, "preview.html") } },
    },
  });
  return {
    files: Object.fromEntries([...files].sort().map((file) => [file, digestOf(path.join(repoDir, file)) ?? ""])),
    ...stamps,
  };
}

/**
 * The editor's pages and their code, built by Vite into node_modules/.vite-editor/, and rebuilt only when a file they
 * were built from changed (a block, the renderer, the editor, a generated registry) or the installed packages did.
 * A production build loads in a fraction of what the development server's module-by-module answers cost, and the
 * build takes a few seconds. Returns the bundle's folder; `onBuild` is told before a build starts.
 */
export async function editorBundle(
  options: { repoDir?: string; cacheDir?: string; onBuild?: () => void } = {},
): Promise<string> {
  const repoDir = options.repoDir ?? REPO_DIR;
  const cache = options.cacheDir ?? path.join(repoDir, "node_modules", ".vite-editor");
  fs.mkdirSync(cache, { recursive: true });
  // What a build stopped midway (Ctrl+C) left; a build under way elsewhere is younger than this.
  for (const name of fs.readdirSync(cache).filter((entry) => entry.startsWith("building-"))) {
    const dir = path.join(cache, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > ABANDONED_AFTER_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
  const bundles = fs
    .readdirSync(cache)
    .filter((name) => name.startsWith("bundle-"))
    .map((name) => path.join(cache, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  const stamps: Stamps = {
    lockfile: digestOf(path.join(repoDir, "package-lock.json")) ?? "",
    recipe: digestOfFiles(repoDir, RECIPE),
  };
  const current = bundles.find((dir) => {
    const sources = readSources(dir);
    return sources !== undefined && isCurrent(sources, repoDir, stamps);
  });
  if (current) {
    const now = new Date();
    fs.utimesSync(current, now, now);
    return current;
  }

  options.onBuild?.();
  // Built aside, then moved into place whole: another editor starting at the same time never reads half a bundle.
  const scratch = fs.mkdtempSync(path.join(cache, "building-"));
  try {
    const sources = await buildBundle(repoDir, scratch, stamps);
    const manifest = JSON.stringify(sources, null, 2);
    fs.writeFileSync(path.join(scratch, SOURCES_FILE), manifest);
    const target = path.join(cache, `bundle-${digest(manifest).slice(0, 16)}`);
    try {
      fs.renameSync(scratch, target);
    } catch {
      // The same bundle was built by another editor meanwhile: it is used, this copy dropped.
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    for (const old of bundles.filter((dir) => dir !== target).slice(KEPT_BUNDLES))
      fs.rmSync(old, { recursive: true, force: true });
    return target;
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw catalogueError(editorErrors.bundleFailed, { reason: error instanceof Error ? error.message : String(error) });
  }
}
