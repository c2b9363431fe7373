import fs from "node:fs";
import path from "node:path";
import { type CatalogueError, catalogueError, importErrors } from "../../contract/errors.ts";

/** In a list of LAYERS, the commands: the files of scripts/ outside its rooms, each run by an npm script. */
const COMMANDS = "scripts/*";

/**
 * The rooms of scripts/, each with the rooms it may import (docs/architecture.md, "The rooms of scripts/"). A room
 * holds what the commands share and imports no command; the gate's steps are run by .ci/run, and nothing imports them.
 * The review stands on the build's pipeline and on what is measured on a build; the pipeline reads the import graph.
 */
const SCRIPT_ROOMS: Record<string, string[]> = {
  "scripts/gate": ["scripts/lint"],
  "scripts/review": ["scripts/pipeline", "scripts/measure", "scripts/content", "scripts/lint"],
  "scripts/docs": ["scripts/measure"],
  "scripts/pipeline": ["scripts/lint"],
  "scripts/measure": [],
  "scripts/content": [],
  "scripts/lint": [],
  "scripts/types": [],
};

/**
 * What each top-level folder may not import (docs/architecture.md, "Layers"). The site's layers import one way
 * (renderer → blocks → kit → contract); beside them the tools, the editor and the commands (scripts/), both stand on
 * the content toolchain (toolchain/), which stands on the contract; the server stands on the contract. Both servers
 * (server/ and the team editor) stand on platform/ too: the PostgreSQL transactions, the SQL migrations and the SMTP
 * client, which nothing of the site or its tools needs. The picture pipeline (imaging/: image checks, the files made of
 * each image) stands on the contract; the renderer's loaders, the toolchain and the editor use it, never the site's
 * components or the lead server. The editor previews pages with the site's own renderer, so it
 * may import the app; nothing imports the editor or the commands. Each room of scripts/ is a layer of its own
 * (SCRIPT_ROOMS).
 */
const LAYERS: Record<string, string[]> = {
  contract: ["renderer", "blocks", "kit", "toolchain", "scripts", "server", "editor", "platform", "imaging"],
  platform: ["renderer", "blocks", "kit", "toolchain", "scripts", "server", "editor", "imaging"],
  imaging: ["renderer", "blocks", "kit", "toolchain", "scripts", "server", "editor", "platform"],
  kit: ["renderer", "blocks", "toolchain", "scripts", "server", "editor", "platform", "imaging"],
  blocks: ["renderer", "toolchain", "scripts", "server", "editor", "platform", "imaging"],
  renderer: ["toolchain", "scripts", "server", "editor", "platform"],
  toolchain: ["renderer", "blocks", "kit", "scripts", "server", "editor", "platform"],
  server: ["renderer", "blocks", "kit", "toolchain", "scripts", "editor", "imaging"],
  scripts: ["renderer", "kit", "blocks", "editor", "scripts/gate"],
  editor: ["scripts", "server"],
  ...Object.fromEntries(
    Object.entries(SCRIPT_ROOMS).map(([room, may]) => [
      room,
      [
        "renderer",
        "kit",
        "blocks",
        "editor",
        COMMANDS,
        ...Object.keys(SCRIPT_ROOMS).filter((other) => other !== room && !may.includes(other)),
      ],
    ]),
  ),
};

const under = (file: string, prefix: string) => file === prefix || file.startsWith(`${prefix}/`);
/** The layer a module belongs to: the deepest folder of LAYERS that holds it (a room of scripts/ before scripts/). */
const layerOf = (file: string): string | undefined =>
  Object.keys(LAYERS)
    .filter((layer) => under(file, layer))
    .sort((a, b) => b.length - a.length)[0];
/** Whether a layer's ban `prefix` (a folder, or COMMANDS) reaches `file`. */
const bans = (prefix: string, file: string) =>
  prefix === COMMANDS ? layerOf(file) === "scripts" : under(file, prefix);
/** Folders that hold no source of the project: installed packages, git's, caches, builds and reports. */
export const NOT_SOURCE_FOLDERS: ReadonlySet<string> = new Set([
  "node_modules",
  ".git",
  ".cache",
  "build",
  ".react-router",
  "coverage",
]);

/** A module's path relative to the root, with `/` as separator, mapped to the paths of the modules it imports. */
export type ImportGraph = Map<string, string[]>;

// Static imports and re-exports (`import type` included), side-effect imports, and dynamic import(): a lazy import
// still runs the module's top level in the importer's graph, so a cycle through it is a cycle.
const IMPORT = [
  /^(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/gm,
  /^import\s+["'](\.{1,2}\/[^"']+)["']/gm,
  /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
];

/** The project's own modules that `code` (the text of `file`, a root-relative path) imports, as root-relative paths. */
export function importsOf(file: string, code: string): string[] {
  return (
    IMPORT.flatMap((pattern) => [...code.matchAll(pattern)])
      // An import written inside a template literal (a scaffold's file) is text, not an import of this module.
      .filter((m) => (code.slice(0, m.index).match(/`/g)?.length ?? 0) % 2 === 0)
      .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])))
  );
}

/** The import graph of the given modules: root-relative path → text. */
export function importGraph(sources: Map<string, string>): ImportGraph {
  return new Map([...sources].map(([file, code]) => [file, importsOf(file, code)]));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The modules of the project under `root` (tests left out) and their text. */
export function projectSources(root: string): Map<string, string> {
  const modules = sourceFiles(root).map((file) => ({
    file,
    name: path.relative(root, file).split(path.sep).join("/"),
  }));
  return new Map(
    modules
      .filter(({ name }) => !name.startsWith("tests/"))
      .map(({ file, name }) => [name, fs.readFileSync(file, "utf8")]),
  );
}

/** Every import against the layers, then every import cycle among the graph's modules. */
export function importProblems(graph: ImportGraph): CatalogueError[] {
  const problems: CatalogueError[] = [];
  for (const [from, targets] of graph)
    for (const to of targets) {
      const layer = layerOf(from);
      const banned = layer && LAYERS[layer].find((prefix) => bans(prefix, to));
      if (banned)
        problems.push(
          catalogueError(importErrors.layer, {
            from,
            to,
            layer,
            banned: banned === COMMANDS ? "the commands (scripts/*.ts)" : `${banned}/`,
          }),
        );
    }

  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "open") {
      problems.push(catalogueError(importErrors.cycle, { modules: [...stack.slice(stack.indexOf(node)), node] }));
      return;
    }
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) if (graph.has(next)) visit(next);
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) visit(node);
  return problems;
}
