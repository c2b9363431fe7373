import fs from "node:fs";
import path from "node:path";
import { type CatalogueError, catalogueError, importErrors } from "../../contract/errors.ts";

/**
 * The layers import one way (app → blocks → kit → contract; scripts and server use the contract, never the app or the
 * kit; the page editor, a development tool, sits on top of them all and nothing imports it).
 */
const LAYERS: Record<string, string[]> = {
  contract: ["renderer", "blocks", "kit", "scripts", "server", "editor"],
  kit: ["renderer", "blocks", "scripts", "server", "editor"],
  blocks: ["renderer", "scripts", "server", "editor"],
  renderer: ["editor"],
  server: ["renderer", "blocks", "kit", "scripts", "editor"],
  scripts: ["renderer", "kit", "blocks", "editor"],
};
/**
 * What a layer may import inside a banned one: scripts read the block manifests' table that `npm run gen` writes
 * (budgets decide each page's islands with it), a generated list of the block folders rather than code of the site;
 * and `npm run migrate` writes content files with the editor's save module and its JSON formatter, so that both write
 * them the same way.
 */
const ALLOWED: Record<string, string[]> = {
  scripts: ["renderer/generated", "editor/save.ts", "editor/format-json.ts"],
};
const under = (file: string, prefix: string) => file === prefix || file.startsWith(`${prefix}/`);
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
      const layer = from.split("/")[0];
      const banned = LAYERS[layer]?.find((prefix) => under(to, prefix));
      if (banned && !ALLOWED[layer]?.some((prefix) => under(to, prefix)))
        problems.push(catalogueError(importErrors.layer, { from, to, layer, banned }));
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
