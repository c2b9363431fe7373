/**
 * `npm run gen`: what follows from the block folders, the schemas and the routes (scripts/generate.ts: the block
 * union, the types, the registry; the block reference, docs/blocks.md; React Router's route types), before dev,
 * build, edit and the type-check. It runs only when what it reads or what it wrote changed since it last ran, which
 * it tells from their digests (scripts/pipeline/gen-stamp.ts): `npm run build` right after `npm run lint`, or a second
 * `npm run edit`, skips its 10 s. `--force` runs it anyway. Every command that reads what it writes runs it first
 * (package.json). Content awaiting a migration does not stop it: it says how much (GEN106).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readContentFiles } from "../contract/content.server.ts";
import { generationLines } from "../contract/errors.ts";
import { genStamp, stampFile } from "./pipeline/gen-stamp.ts";
import { templateFiles } from "../toolchain/page-templates.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const STEPS: [string, string[]][] = [
  [bin("tsx"), ["scripts/generate.ts"]],
  [bin("tsx"), ["scripts/generate-docs.ts", "--out", "docs/blocks.md"]],
  [bin("react-router"), ["typegen"]],
];

const stamp = stampFile(ROOT);
const stamped = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
if (!process.argv.includes("--force") && stamped === genStamp(ROOT)) {
  print(generationLines.upToDate);
  process.exit(0);
}

// Gone while the steps run: a step that fails leaves no stamp saying that its outputs are current.
fs.rmSync(stamp, { force: true });
for (const [command, args] of STEPS) {
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, genStamp(ROOT));

// Content in an older shape is expected after a block type's change, until `npm run migrate`: gen finishes and says so.
// The validators (ajv) are loaded here, not above: a run that finds everything up to date reads only the digests.
const [{ createValidators }, { pendingContent }] = await Promise.all([
  import("../contract/schemas.server.ts"),
  import("./pipeline/pending-content.ts"),
]);
const { pages, sections, locales } = readContentFiles();
const texts = [
  ...pages,
  ...locales.flatMap((locale) => [...locale.pages, ...locale.sections]),
  ...sections,
  ...templateFiles(ROOT),
].flatMap(({ text }) => (text === null ? [] : [text]));
const pending = pendingContent(texts, createValidators(ROOT));
if (pending.blocks > 0) print(generationLines.migrationPending, pending);
