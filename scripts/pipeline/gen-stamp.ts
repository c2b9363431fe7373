import path from "node:path";
import { digest, digestOfFiles } from "../../toolchain/digest.ts";

/**
 * What `npm run gen`'s steps read: their own code, and the files it reads (the routes' types load the site's Vite
 * config). Not the content: nothing gen writes follows from it, and a page edited is validated in a second without
 * the types, the registry and the block reference written again. Gen reads the content only to count the blocks
 * awaiting a migration once its steps ran, after a block type changed; validation names each of them anyway.
 */
const INPUTS = [
  "blocks",
  "schemas",
  "contract",
  "vite.config.ts",
  "renderer/routes.ts",
  "renderer/routes",
  "react-router.config.ts",
  "scripts/gen.ts",
  "scripts/generate.ts",
  "scripts/generate-docs.ts",
  "patches",
  "toolchain/vite-plugins.ts",
  "toolchain/site-icons-plugin.ts",
  // The rooms of scripts/ that its steps and the configs import.
  "scripts/pipeline",
  "scripts/docs",
  "package-lock.json",
  "tsconfig.json",
  ".prettierrc.json",
];

/** What they write. */
const OUTPUTS = [
  "schemas/block.schema.json",
  "contract/generated",
  "renderer/generated",
  "docs/blocks.md",
  ".react-router/types",
];

/**
 * Where the stamp of the project in `root` is kept: in its installed packages' cache, named after the project's
 * folder, since a copy of the project (a test's) may share the same node_modules.
 */
export const stampFile = (root: string): string =>
  path.join(root, "node_modules", ".cache", `gen-stamp-${digest(path.resolve(root)).slice(0, 12)}.json`);

/**
 * What `npm run gen` leaves as it is when it finds it unchanged: the digests of what its steps read and of what they
 * wrote, and NODE_ENV, which the route types follow (outside production the routes add the block catalogue's).
 */
export const genStamp = (root: string): string =>
  JSON.stringify({
    inputs: digestOfFiles(root, INPUTS, new Set(OUTPUTS)),
    outputs: digestOfFiles(root, OUTPUTS),
    nodeEnv: process.env.NODE_ENV ?? "",
  });
