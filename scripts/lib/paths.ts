import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory of the script. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const SCHEMAS_DIR = path.join(ROOT, "schemas");
export { CONFIG_DIR, PAGES_DIR } from "../../renderer/content/files.server.ts";
export const PUBLIC_DIR = path.join(ROOT, "public");
export const GENERATED_DIR = path.join(ROOT, "renderer", "generated");

/** Base URI under which schemas are registered, so relative `$ref`s between files resolve. */
export const SCHEMA_BASE = "https://schemas.site.invalid/";

export const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
