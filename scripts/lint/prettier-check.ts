/**
 * The lint's Prettier check (`tsx scripts/lint/prettier-check.ts`): every file Prettier formats, as `prettier --check .`
 * finds them (git's files, tracked or new, less what .gitignore and .prettierignore leave out, each with a parser),
 * checked with Prettier's own `check`, remembering by content what it found formatted.
 *
 * Prettier's own cache cannot travel between clones: each of its entries holds a hash of the file's options, its
 * absolute path among them. This one names a file by its path in the project and keeps the digest of its text, its
 * options and Prettier's version, so the gate keeps it between runs as it keeps ESLint's (scripts/gate/lint-state.ts),
 * and a file checked formatted before is not checked again while none of the three changed.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { catalogueError, formatCatalogueError, lintErrors, lintLines } from "../../contract/errors.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { print } from "../../toolchain/print.ts";

/** Where the digests of the files found formatted are kept, by path in the project. */
export const PRETTIER_CHECKED = ".cache/prettier-checked.json";

const IGNORE_FILES = [".gitignore", ".prettierignore"];

export interface FormatCheck {
  /** Files Prettier would write otherwise, by path in the project. */
  unformatted: string[];
  /** Files Prettier could not read, with its words. */
  unparsable: { file: string; reason: string }[];
  /** How many files were checked, and how many of them were known formatted from before. */
  checked: number;
  kept: number;
}

/** The files `prettier --check .` would look at: git's, tracked or not yet, that exist and that Prettier formats. */
async function formattableFiles(root: string): Promise<string[]> {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  const ignorePath = IGNORE_FILES.map((file) => path.join(root, file));
  const formattable: string[] = [];
  for (const file of [...new Set(listed)].sort()) {
    const info = await prettier.getFileInfo(path.join(root, file), { ignorePath, resolveConfig: false });
    if (!info.ignored && info.inferredParser) formattable.push(file);
  }
  return formattable;
}

function readChecked(root: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, PRETTIER_CHECKED), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

/** Checks every file Prettier formats in the project at `root`, and keeps what it found formatted for the next run. */
export async function checkFormatting(root = ROOT): Promise<FormatCheck> {
  // Prettier keeps the configuration files it read for the life of the process: a run reads them as they are now.
  await prettier.clearConfigCache();
  const before = readChecked(root);
  const after: Record<string, string> = {};
  const result: FormatCheck = { unformatted: [], unparsable: [], checked: 0, kept: 0 };
  for (const file of await formattableFiles(root)) {
    const filepath = path.join(root, file);
    const text = fs.readFileSync(filepath, "utf8");
    const options = { ...(await prettier.resolveConfig(filepath, { editorconfig: true })), filepath };
    const digest = createHash("sha256")
      .update(`${prettier.version}\0${JSON.stringify({ ...options, filepath: file })}\0${text}`)
      .digest("hex");
    result.checked++;
    if (before[file] === digest) {
      result.kept++;
      after[file] = digest;
      continue;
    }
    try {
      if (await prettier.check(text, options)) after[file] = digest;
      else result.unformatted.push(file);
    } catch (error) {
      result.unparsable.push({ file, reason: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    }
  }
  fs.mkdirSync(path.dirname(path.join(root, PRETTIER_CHECKED)), { recursive: true });
  const kept = path.join(root, PRETTIER_CHECKED);
  // Written beside, then renamed: a run stopped halfway leaves the last whole list in place.
  fs.writeFileSync(`${kept}.${process.pid}`, `${JSON.stringify(after)}\n`);
  fs.renameSync(`${kept}.${process.pid}`, kept);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { unformatted, unparsable, checked, kept } = await checkFormatting();
  for (const file of unformatted) console.log(formatCatalogueError(catalogueError(lintErrors.unformatted, { file })));
  for (const { file, reason } of unparsable)
    console.log(formatCatalogueError(catalogueError(lintErrors.unparsable, { file, reason })));
  if (unformatted.length + unparsable.length > 0) process.exit(1);
  print(lintLines.formatted, { checked, kept });
}
