import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { CatalogueError, catalogueError, scaffoldErrors } from "../contract/errors.ts";
import { exitWith } from "./lib/fail.ts";
import { ROOT } from "./lib/paths.ts";
import { scaffoldBlock } from "./lib/scaffold-block.ts";

/**
 * npm run new:block -- --type faq
 * Writes blocks/faq/ (schema, manifest, component, test), then regenerates what follows from the block folders.
 */
const usage = "Usage: npm run new:block -- --type <type>   (lower-case words joined by hyphens, e.g. faq, logo-wall)";
const { values } = parseArgs({
  options: { type: { type: "string", short: "t" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.type) exitWith(catalogueError(scaffoldErrors.missingArguments, { needed: "--type is", usage }));

try {
  const files = await scaffoldBlock({ type: values.type, projectDir: ROOT });
  // The registry, the page schema's union, the types and the reference follow from the new folder.
  for (const script of ["generate.ts", "generate-docs.ts"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script)], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  console.log(`✔ created block type '${values.type}':
${files.map((file) => `  ${path.relative(process.cwd(), file)}`).join("\n")}

Next:
  1. Describe its fields in schema.json (a description on each, a maxLength on each text, realistic examples).
  2. Say what it is in block.ts (label, one-line description, category, icon; hydrate if it moves or answers clicks).
  3. Draw it in its component; npm run dev shows it at http://localhost:5173/__blocks.
  4. npx vitest run blocks/${values.type}
Deleting blocks/${values.type}/ (then npm run gen) removes the type everywhere.`);
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  exitWith(error);
}
