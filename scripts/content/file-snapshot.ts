import fs from "node:fs";
import path from "node:path";

/** The text of every file under `places` (files or folders, relative to `root`), by path relative to `root`. */
export function snapshot(root: string, places: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const place of places) {
    const full = path.join(root, place);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    const files = stat.isDirectory()
      ? fs
          .readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [full];
    for (const file of files)
      texts.set(path.relative(root, file).split(path.sep).join("/"), fs.readFileSync(file, "utf8"));
  }
  return texts;
}

/** The files of `after` that are new or differ from `before`, sorted. */
export const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...after.keys()].filter((file) => before.get(file) !== after.get(file)).sort();
