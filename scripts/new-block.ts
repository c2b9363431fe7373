import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { CatalogueError, catalogueError, messageOf, scaffoldErrors, scaffoldLines } from "../contract/errors.ts";
import { exitWith } from "./lib/fail.ts";
import { ROOT } from "./lib/paths.ts";
import { print } from "./lib/print.ts";
import { scaffoldBlock } from "./lib/scaffold-block.ts";

/**
 * npm run new:block -- --type faq
 * Writes blocks/faq/ (schema, manifest, component, test), then regenerates what follows from the block folders.
 */
const { values } = parseArgs({
  options: { type: { type: "string", short: "t" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  print(scaffoldLines.blockUsage);
  process.exit(0);
}
if (!values.type)
  exitWith(
    catalogueError(scaffoldErrors.missingArguments, {
      needed: "--type is",
      usage: messageOf(scaffoldLines.blockUsage),
    }),
  );

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
  print(scaffoldLines.blockCreated, {
    type: values.type,
    files: files.map((file) => path.relative(process.cwd(), file)),
  });
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  exitWith(error);
}
