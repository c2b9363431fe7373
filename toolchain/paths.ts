import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory of the script. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SCHEMAS_DIR = path.join(ROOT, "schemas");
export { CONFIG_DIR, PAGES_DIR } from "../contract/content.server.ts";
/** The public folder the build copies and validation checks pages' files against: public/, or SITE_PUBLIC_DIR. */
export { PUBLIC_FILES_DIR as PUBLIC_DIR } from "../contract/content.server.ts";
export const BLOCKS_DIR = path.join(ROOT, "blocks");

export const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
