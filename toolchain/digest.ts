import fs from "node:fs";
import path from "node:path";

import { digest } from "../contract/digest.ts";

export { digest };

/** The digest of a file's content, or undefined when it cannot be read. */
export const digestOf = (file: string): string | undefined => {
  try {
    return digest(fs.readFileSync(file));
  } catch {
    return undefined;
  }
};

/**
 * One digest of the files at `paths` under `root` (files, or folders read whole), with their names: it changes when a
 * file is added, removed, renamed or changed. Paths in `skip` (relative to `root`) are left out; a missing path counts
 * as absent.
 */
export function digestOfFiles(root: string, paths: readonly string[], skip: ReadonlySet<string> = new Set()): string {
  const lines: string[] = [];
  const visit = (relative: string) => {
    if (skip.has(relative)) return;
    const file = path.join(root, relative);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(file).sort()) visit(path.posix.join(relative, name));
    else lines.push(`${relative} ${digestOf(file) ?? ""}`);
  };
  for (const relative of paths) visit(relative);
  return digest(lines.join("\n"));
}
