import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { migrationErrors } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { lineDiff } from "./content/line-diff.ts";
import { contentDocuments, migrateDocuments, projectMigrateOptions } from "../toolchain/migrate.ts";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";

/**
 * npm run migrate [-- --dry-run | --write]
 * Brings every block of site.json, the pages, the sections and the page templates to its type's latest version and
 * writes the files that change. In CI (CI=true) it writes nothing unless --write is given, and fails when anything is
 * pending.
 */
const { values } = parseArgs({ options: { "dry-run": { type: "boolean" }, write: { type: "boolean" } } });
const dryRun = values["dry-run"] ?? (process.env.CI === "true" && !values.write);
const started = performance.now();
const projectDir = path.dirname(CONFIG_DIR);

try {
  const documents = contentDocuments(CONFIG_DIR, projectDir);
  const migrated = await migrateDocuments(documents, await projectMigrateOptions(ROOT, projectDir));
  const blocks = migrated.reduce((sum, document) => sum + document.changes.length, 0);
  for (const document of migrated)
    console.log(
      `${dryRun ? "·" : "✔"} ${migrationErrors.fileChanges.code} ${migrationErrors.fileChanges.message({
        file: document.file,
        blocks: document.changes.map(
          (change) => `${change.pointer} '${change.type}' ${change.from} → ${change.to} (${change.names.join(", ")})`,
        ),
        diff: lineDiff(document.before, document.after).join("\n"),
      })}`,
    );
  if (migrated.length === 0) {
    console.log(`✔ ${migrationErrors.upToDate.code} ${migrationErrors.upToDate.message({ files: documents.length })}`);
  } else if (dryRun) {
    console.error(
      `✖ ${migrationErrors.pending.code} ${migrationErrors.pending.message({ blocks, files: migrated.length })}\n  ${migrationErrors.pending.hint}`,
    );
    process.exit(1);
  } else {
    // Every file is computed before the first is written: a failing migration leaves the site as it was.
    for (const document of migrated) fs.writeFileSync(path.join(projectDir, document.file), document.after);
    const ms = Math.round(performance.now() - started);
    console.log(
      `✔ ${migrationErrors.migrated.code} ${migrationErrors.migrated.message({ blocks, files: migrated.length, ms })}\n  ${migrationErrors.migrated.hint}`,
    );
  }
} catch (error) {
  exitOnError(error);
}
