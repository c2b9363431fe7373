import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A throwaway copy of the project's content (site-config/, schemas/, public/, and the block folders with the
 * contract their manifests import), for tests that write files. */
export function copyProject(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-editor-"));
  for (const folder of ["site-config", "schemas", "public", "blocks", "contract"])
    fs.cpSync(path.join(REPO_DIR, folder), path.join(dir, folder), { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The lines of `after` that differ from `before`, compared line by line (for edits that keep the line count). */
export function changedLines(before: string, after: string): { line: number; before: string; after: string }[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const out: { line: number; before: string; after: string }[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) out.push({ line: i + 1, before: a[i] ?? "", after: b[i] ?? "" });
  return out;
}
