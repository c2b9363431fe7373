/**
 * The page templates of `npm run new:page` (toolchain/templates/*.json): pages to be, content like the others, so that
 * `npm run migrate` migrates their blocks and `npm run gen` counts them among what awaits a migration.
 */
import fs from "node:fs";
import path from "node:path";

/** Where a project keeps its page templates. */
export const templatesDir = (projectDir: string) => path.join(projectDir, "toolchain", "templates");

/** The page templates of the project at `projectDir`, by file (absolute) with their texts, sorted. */
export function templateFiles(projectDir: string): { file: string; text: string }[] {
  const dir = templatesDir(projectDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ file: path.join(dir, name), text: fs.readFileSync(path.join(dir, name), "utf8") }));
}
