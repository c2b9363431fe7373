import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * A throwaway copy of the project's content (site-config/, schemas/, public/, and the block folders with the contract
 * their manifests import), for the editor's benchmark and screenshots and for tests that write files.
 */
export function copyProject(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-editor-"));
  for (const folder of ["site-config", "schemas", "public", "blocks", "contract"])
    fs.cpSync(path.join(REPO_DIR, folder), path.join(dir, folder), { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
