import { formatCatalogueError } from "../contract/errors.ts";
import { importGraph, importProblems, projectSources } from "./lib/import-graph.ts";
import { ROOT } from "./lib/paths.ts";

/**
 * `npm run lint` runs this: the layers import one way and no module imports itself through others, statically or
 * through a dynamic import() (scripts/lib/import-graph.ts).
 */
const graph = importGraph(projectSources(ROOT));
const problems = importProblems(graph);
if (problems.length) {
  console.error(problems.map(formatCatalogueError).join("\n"));
  process.exit(1);
}
console.log(`✔ ${graph.size} modules: layers import one way, no import cycle`);
