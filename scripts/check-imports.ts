import fs from "node:fs";
import path from "node:path";
import { type CatalogueError, catalogueError, formatCatalogueError, importErrors } from "../contract/errors.ts";
import { ROOT } from "./lib/paths.ts";

/**
 * `npm run lint` runs this: the layers import one way (app → blocks → kit → contract; scripts and server use the
 * contract, never the app or the kit; the page editor, a development tool, sits on top of them all and nothing imports
 * it) and no module imports itself through others (no import cycle).
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
 * and `npm run migrate` writes content files with the editor's save module, so that both write them the same way.
 */
const ALLOWED: Record<string, string[]> = { scripts: ["renderer/generated", "editor/save.ts"] };
const under = (file: string, prefix: string) => file === prefix || file.startsWith(`${prefix}/`);
const IGNORED = new Set(["node_modules", ".git", ".cache", "build", ".react-router", "coverage"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return IGNORED.has(entry.name) ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const files = sources(ROOT).filter((file) => !rel(file).startsWith("tests/"));
const graph = new Map<string, string[]>();
for (const file of files) {
  const code = fs.readFileSync(file, "utf8");
  // Static imports only (`import type` included): a dynamic import() is a lazy edge that cannot form a load cycle.
  const targets = [...code.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gm)]
    // An import written inside a template literal (a scaffold's file) is text, not an import of this module.
    .filter((m) => (code.slice(0, m.index).match(/`/g)?.length ?? 0) % 2 === 0)
    .map((m) => rel(path.resolve(path.dirname(file), m[1])));
  graph.set(rel(file), targets);
}

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
function visit(node: string) {
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
}
for (const node of graph.keys()) visit(node);

if (problems.length) {
  console.error(problems.map(formatCatalogueError).join("\n"));
  process.exit(1);
}
console.log(`✔ ${graph.size} modules: layers import one way, no import cycle`);
