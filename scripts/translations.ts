/**
 * `npm run translations [-- --locale <code>] [--format text|json|github|sarif|gitlab] [--output <file>]`: each source
 * page's status in each locale, missing, outdated (with the source's changed fields) or up to date, read from git
 * (docs/translations.md).
 */
import fs from "node:fs";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { readSchemas } from "../contract/schemas.server.ts";
import { readBlockFolders } from "../toolchain/block-folders.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { translationStatus } from "../toolchain/translations/status.ts";
import { formatTranslations, translationsArguments } from "./content/translations-cli.ts";

try {
  const args = translationsArguments(process.argv.slice(2), process.env);
  const blocks = (await readBlockFolders(ROOT)).map(({ type, manifest }) => ({ type, label: manifest.label }));
  const schemas = Object.fromEntries(readSchemas(ROOT).map(({ name, schema }) => [name, schema])) as SchemaFiles;
  const report = translationStatus({ cwd: ROOT, blocks, schemas, ...(args.locale ? { locale: args.locale } : {}) });
  const { stdout, stderr, output } = formatTranslations(report, args, process.env);
  if (output) fs.writeFileSync(output, stdout);
  else process.stdout.write(stdout);
  process.stderr.write(stderr);
} catch (error) {
  exitOnError(error);
}
