import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type Ajv from "ajv";
import type { AnyValidateFunction } from "ajv/dist/types/index.js";
import type * as Standalone from "ajv/dist/standalone/index.js";

const require = createRequire(import.meta.url);

/**
 * The validation code ajv generates from the schemas, kept between processes: compiling the schemas took each process
 * that validates (a build, its validation, the dev server, the editor) 190–310 ms, loading the code they compile to
 * 15 ms. The code is ajv's own standalone code, generated from the same compiled schemas, so it validates, fills in
 * defaults and meets the marked references as they do. Kept beside the installed packages it imports (ajv's runtime,
 * ajv-formats' formats), named by the digest of what it is compiled from, the newest few only.
 */
const KEPT_VERSIONS = 8;

/** Where the code is kept: the installed packages' cache, from where its imports resolve. */
const keptDir = () =>
  path.join(path.dirname(path.dirname(require.resolve("ajv/package.json"))), ".cache", "validation-code");

/** The file of the code compiled from `inputs` (the schemas' text and how they are compiled) with this ajv. */
function keptFile(inputs: string): string {
  const { version } = require("ajv/package.json") as { version: string };
  const digest = createHash("sha256").update(`${version}\n${inputs}`).digest("hex").slice(0, 24);
  return path.join(keptDir(), `${digest}.cjs`);
}

/**
 * The validation functions named in `names` (export name → schema key), compiled from the schemas of the ajv that
 * `compiler` makes: loaded from the code kept for these `inputs`, making no ajv, or compiled and kept for the next
 * process. A cache that cannot be written or read (a read-only install, a file cut short) only costs the compilation.
 */
export function keptValidationCode(
  compiler: () => Ajv,
  names: Record<string, string>,
  inputs: string,
): Record<string, AnyValidateFunction> {
  const file = keptFile(inputs);
  try {
    const loaded = require(file) as Record<string, AnyValidateFunction>;
    if (Object.keys(names).every((name) => typeof loaded[name] === "function")) return loaded;
  } catch {
    // Not kept yet, or not whole: compiled below.
  }
  const ajv = compiler();
  const compiled = Object.fromEntries(
    Object.entries(names).map(([name, key]) => {
      const validate = ajv.getSchema(key);
      if (!validate) throw new Error(`schema ${key} failed to compile`);
      return [name, validate];
    }),
  );
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under another name, then renamed: a process loading it meanwhile never reads half of it.
    const partial = `${file}.${process.pid}.partial`;
    // Loaded here only: a process that loads the kept code needs none of ajv's code generation.
    const standaloneCode = (require("ajv/dist/standalone/index.js") as typeof Standalone).default;
    fs.writeFileSync(partial, standaloneCode(ajv, names));
    fs.renameSync(partial, file);
    forgetOlder(path.dirname(file));
  } catch {
    // A cache that cannot be written: the next process compiles too.
  }
  return compiled;
}

/** Keeps the newest versions of the code only: each change to a schema compiles a new one. */
function forgetOlder(dir: string) {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".cjs"))
    .map((name) => ({ file: path.join(dir, name), time: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { file } of files.slice(KEPT_VERSIONS)) fs.rmSync(file, { force: true });
}
