import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { catalogueError, migrationErrors, scaffoldErrors } from "../contract/errors.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";

/**
 * npm run new:migration -- --block stats --name value-to-figure
 * Writes the migration, the kept schema of the version before it and its test, bumps the block's version, then
 * regenerates the types of the versions and the reference.
 */
const usage =
  "Usage: npm run new:migration -- --block <type> --name <what-changes>   (e.g. --block stats --name value-to-figure)";
const { values } = parseArgs({
  options: {
    block: { type: "string", short: "b" },
    name: { type: "string", short: "n" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.block || !values.name)
  exitWith(catalogueError(scaffoldErrors.missingArguments, { needed: "--block and --name are", usage }));

try {
  const files = await scaffoldMigration({ type: values.block, name: values.name, projectDir: ROOT });
  for (const script of ["generate.ts", "generate-docs.ts"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script)], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  const version = Number(/^(\d{3})-/.exec(path.basename(files[0]))?.[1]);
  console.log(
    `✔ ${migrationErrors.scaffolded.code} ${migrationErrors.scaffolded.message({
      type: values.block,
      version,
      files: files.map((file) => path.relative(process.cwd(), file)),
    })}`,
  );
} catch (error) {
  exitOnError(error);
}
