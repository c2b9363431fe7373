import { formatCatalogueError, lintLines } from "../../contract/errors.ts";
import { importGraph, importProblems, projectSources } from "./import-graph.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { literalPrints, printsChecked } from "./printed-text.ts";
import { print } from "../../toolchain/print.ts";

/**
 * `npm run lint` runs this: the layers import one way and no module imports itself through others, statically or
 * through a dynamic import() (scripts/lint/import-graph.ts); every line a command prints comes from the catalogue
 * (scripts/lint/printed-text.ts).
 */
const sources = projectSources(ROOT);
const graph = importGraph(sources);
const problems = [
  ...importProblems(graph),
  ...[...sources].filter(([module]) => printsChecked(module)).flatMap(([module, code]) => literalPrints(module, code)),
];
if (problems.length) {
  console.error(problems.map(formatCatalogueError).join("\n"));
  process.exit(1);
}
print(lintLines.clean, { modules: graph.size });
