import fs from "node:fs";
import path from "node:path";

/**
 * Writes a file of the picture cache whole or not at all: a build stopped half-way, or two prerendering processes
 * making the same file, leave no half-written file for the next reader to trust.
 */
export function writeAtomically(file: string, bytes: Buffer | string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
}
