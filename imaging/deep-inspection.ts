import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A file's refusal in the catalogue's words, or null for a file that is fine. */
export type Refusal = { code: string; message: string } | null;

const INSPECT_FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), "inspect-files.ts");

/**
 * inspectImage's whole check (a decode, which finds a damaged or cut-short file) of each file, named as a page names
 * it, from a synchronous caller: the answers kept in `cacheDir` by the file's content and name are read back, the
 * others found by one process that inspects them all and kept. A picture is decoded once, the first time it is met.
 */
export function deepInspection(files: readonly { file: string; name: string }[], cacheDir: string): Refusal[] {
  const keys = files.map(({ file, name }) =>
    crypto.createHash("sha256").update(fs.readFileSync(file)).update(`\0${name}`).digest("hex"),
  );
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
    fs.mkdirSync(path.join(cacheDir, "inspections"), { recursive: true });
    missing.forEach(({ index }, position) => {
      kept[index] = found[position]!;
      fs.writeFileSync(keptFile(keys[index]!), JSON.stringify(found[position]));
    });
  }
  return kept as Refusal[];
}
