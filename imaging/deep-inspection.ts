import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { digest } from "../contract/digest.ts";
import { writeAtomically } from "./cache-files.ts";

/** A file's refusal in the catalogue's words, or null for a file that is fine. */
export type Refusal = { code: string; message: string } | null;

const INSPECT_FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), "inspect-files.ts");

/**
 * inspectImage's whole check (a decode, which finds a damaged or cut-short file) of each file, named as a page names
 * it, from a synchronous caller: the answers kept in `cacheDir` by the file's content and name are read back, the
 * others found by one process that inspects them all and kept. A picture is decoded once, the first time it is met.
 */
export function deepInspection(files: readonly { file: string; name: string }[], cacheDir: string): Refusal[] {
  const keys = files.map(({ file, name }) => digest(Buffer.concat([fs.readFileSync(file), Buffer.from(`\0${name}`)])));
  const keptFile = (key: string) => path.join(cacheDir, "inspections", `${key}.json`);
  const kept = keys.map((key): Refusal | undefined => {
    try {
      return JSON.parse(fs.readFileSync(keptFile(key), "utf8")) as Refusal;
    } catch {
      return undefined;
    }
  });
  const missing = files.flatMap((entry, index) => (kept[index] === undefined ? [{ ...entry, index }] : []));
  if (missing.length) {
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", INSPECT_FILES, JSON.stringify(missing.map(({ file, name }) => [file, name]))],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 16 * 1024 * 1024 },
    );
    const found = JSON.parse(output) as Refusal[];
    missing.forEach(({ index }, position) => {
      kept[index] = found[position]!;
      writeAtomically(keptFile(keys[index]!), JSON.stringify(found[position]));
    });
  }
  return kept as Refusal[];
}
