import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory of the script. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SCHEMAS_DIR = path.join(ROOT, "schemas");
export { CONFIG_DIR, PAGES_DIR } from "../contract/content.server.ts";
export const PUBLIC_DIR = path.join(ROOT, "public");
export const BLOCKS_DIR = path.join(ROOT, "blocks");

export const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
