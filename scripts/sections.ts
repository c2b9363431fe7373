/**
 * `npm run sections`: every shared section with the pages that place it. `npm run sections -- --rename <id> --to
 * <new-id>` renames a section's file and every reference to it in the pages and the other sections (docs/sections.md).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import prettier from "prettier";
import { catalogueError, sectionLines } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { applyRename, listSections, planRename } from "../toolchain/sections.ts";

/** What the command line asks: the list (no options), or a rename (SEC106 when only half of one is given). */
export function sectionsArgs(args: string[]): { rename?: { from: string; to: string } } {
  let values: { rename?: string; to?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { rename: { type: "string" }, to: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw catalogueError(sectionLines.badArguments, { reason: (error as Error).message });
  }
  if (values.rename === undefined && values.to === undefined) return {};
  if (!values.rename || !values.to)
    throw catalogueError(sectionLines.badArguments, { reason: "--rename and --to go together" });
  return { rename: { from: values.rename, to: values.to } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { rename } = sectionsArgs(process.argv.slice(2));
    if (!rename) print(sectionLines.usage, { sections: listSections(CONFIG_DIR) });
    else {
      const config = (await prettier.resolveConfig(path.join(ROOT, "package.json"))) ?? {};
      const plan = await planRename(CONFIG_DIR, rename.from, rename.to, (file) => ({ ...config, filepath: file }));
      applyRename(plan);
      // Named from the folder that holds site-config/, as validation names them.
      const named = (file: string) => path.relative(path.dirname(CONFIG_DIR), file).split(path.sep).join("/");
      print(sectionLines.renamed, { ...rename, files: plan.edits.map((edit) => named(edit.file)) });
    }
  } catch (error) {
    exitOnError(error);
  }
}
