import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { catalogueError, formatCatalogueError, lintErrors } from "../../contract/errors.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { PRETTIER_CHECKED } from "./prettier-check.ts";

/**
 * ESLint's cache is one file (in a folder, ESLint would name its file after the working directory): the gate keeps it
 * between runs and moves it to the folder of each new clone (`restoreLintState`).
 */
export const ESLINT_CACHE = ".cache/eslint/cache.json";

export interface LintCheck {
  check: string;
  /** A binary of the project's node_modules/.bin, then its arguments. */
  command: readonly string[];
}

/** What `npm run lint` runs (scripts/lint.ts). */
export const LINT_CHECKS: readonly LintCheck[] = [
  { check: "Types", command: ["tsc"] },
  {
    check: "ESLint",
    command: ["eslint", "--cache", "--cache-strategy", "content", "--cache-location", ESLINT_CACHE, "."],
  },
  { check: "Prettier", command: ["tsx", "scripts/lint/prettier-check.ts"] },
  { check: "Imports and printed lines", command: ["tsx", "scripts/lint/check-imports.ts"] },
];

interface Outcome {
  output: Buffer[];
  status: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs one check, its output (both streams, in the order written) kept whole. */
function run({ command }: LintCheck, root: string): Promise<Outcome> {
  const [bin, ...args] = command;
  const child = spawn(path.join(root, "node_modules", ".bin", bin), args, { cwd: root });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status, signal) => resolve({ output, status, signal }));
  });
}

/**
 * Runs the checks all at once: each but ESLint is one thread, and one after another they left a core idle for a
 * minute of the gate. Each check's output is written whole when it ends, in the checks' order, so that two never
 * interleave; a check that failed is then named (LINT004). True when every check passed.
 */
export async function runChecks(checks: readonly LintCheck[], write: (text: string) => void, root = ROOT) {
  const runs = checks.map((check) => run(check, root));
  let passed = true;
  for (const [index, check] of checks.entries()) {
    const { output, status, signal } = await runs[index];
    write(Buffer.concat(output).toString());
    if (status === 0) continue;
    passed = false;
    const ended = signal ? `was stopped by ${signal}` : `exited with status ${status}`;
    const error = catalogueError(lintErrors.checkFailed, {
      check: check.check,
      command: check.command.join(" "),
      status: ended,
    });
    write(`${formatCatalogueError(error)}\n`);
  }
  return passed;
}

/**
 * The lint's state that the gate keeps on the machine between its runs, each a fresh clone, often in another folder:
 *
 * - the type-check's state names files relative to itself, and is kept as it is;
 * - ESLint's cache names each file by its absolute path: kept with the clone's folder written beside it, and moved to
 *   the next clone's folder when restored, so that ESLint then lints only the files whose text differs;
 * - Prettier's, the digests of the files it found formatted (scripts/lint/prettier-check.ts), names files by their
 *   paths in the project, and is kept as it is.
 */
const KEPT = [".cache/tsconfig.tsbuildinfo", ESLINT_CACHE, PRETTIER_CHECKED];
const ROOT_FILE = "root";

/** `"<root>/` as it is written inside a JSON string. */
const quotedRoot = (root: string) => `"${JSON.stringify(root).slice(1, -1)}/`;

/** Keeps the lint's state of the project at `root` in `folder`, once the lint passed. */
export function keepLintState(folder: string, root = ROOT) {
  fs.mkdirSync(folder, { recursive: true });
  for (const file of KEPT) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue;
    // Written beside, then renamed: a run stopped halfway leaves the last whole state in place.
    const to = path.join(folder, path.basename(file));
    fs.copyFileSync(from, `${to}.${process.pid}`);
    fs.renameSync(`${to}.${process.pid}`, to);
  }
  fs.writeFileSync(path.join(folder, ROOT_FILE), root);
}

/** Puts the state kept in `folder` in the project at `root`, before the lint; nothing when none is kept. */
export function restoreLintState(folder: string, root = ROOT) {
  const rootFile = path.join(folder, ROOT_FILE);
  if (!fs.existsSync(rootFile)) return;
  const keptRoot = fs.readFileSync(rootFile, "utf8");
  for (const file of KEPT) {
    const from = path.join(folder, path.basename(file));
    if (!fs.existsSync(from)) continue;
    const to = path.join(root, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const text = fs.readFileSync(from, "utf8");
    fs.writeFileSync(to, file === ESLINT_CACHE ? text.split(quotedRoot(keptRoot)).join(quotedRoot(root)) : text);
  }
}
