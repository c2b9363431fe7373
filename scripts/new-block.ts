import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { CatalogueError, catalogueError, messageOf, scaffoldErrors, scaffoldLines } from "../contract/errors.ts";
import { exitWith } from "../toolchain/fail.ts";
import { changedFiles, snapshot } from "./content/file-snapshot.ts";
import { ROOT, relative } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { blockLabel, scaffoldBlock } from "../toolchain/scaffold-block.ts";

/**
 * npm run new:block -- --type faq
 * Writes blocks/faq/ (schema, manifest, component, test), then regenerates what follows from the block folders, and
 * lists every file it wrote or changed.
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

/** What generation rewrites from the block folders, committed or not. */
const GENERATED = ["schemas", "contract/generated", "renderer/generated", "docs", "README.md"];

try {
  const before = snapshot(ROOT, GENERATED);
  const created = await scaffoldBlock({ type: values.type, projectDir: ROOT });
  // The registry, the page schema's union, the types and the reference follow from the new folder.
  for (const script of ["generate.ts", "generate-docs.ts"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script)], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  print(scaffoldLines.blockCreated, {
    type: values.type,
    label: blockLabel(values.type),
    created: created.map(relative),
    updated: changedFiles(before, snapshot(ROOT, GENERATED)),
  });
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  exitWith(error);
}
