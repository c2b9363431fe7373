import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyRequest } from "fastify";
import prettier from "prettier";
import { LOCALES_FOLDER, loadSections } from "../../contract/content.server.ts";
import { editorErrors, editorPathErrors, entryByCode, messageOf } from "../../contract/errors.ts";
import { SECTIONS_FOLDER } from "../../contract/sections.ts";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { projectValidators } from "../../contract/schemas.server.ts";
import { readBlockFolders } from "../../toolchain/block-folders.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { blockMetas } from "../block-meta.ts";
import { contentLists } from "./content-lists.ts";
import { mediaAspects } from "./media-aspects.ts";
import { UnsafePathError, resolveInside } from "../safe-path.ts";
import { refused } from "./refusals.ts";

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The images and videos a page may show, by their names' endings. */
export const MEDIA_TYPES = /\.(svg|png|jpe?g|webp|avif|mp4|webm)$/;

/** A file's version as the tab holds it: a save carries the version it was made on, to find a change on disk. */
export const version = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);

export type Project = Awaited<ReturnType<typeof openProject>>;

/** The project a request works on: the one checkout, or in the team editor the signed-in person's own copy. */
export type ProjectOf = (request: FastifyRequest) => Project;

/** The project the editor edits: its folders, its schemas and blocks, and what every route asks of them. */
export async function openProject(projectDir: string) {
  const configDir = path.join(projectDir, "site-config");
  const publicDir = path.join(projectDir, "public");
  // Compiled once in the process for the schemas this copy holds: every person's copy of the same schemas shares them.
  const validators = projectValidators(projectDir);
  // The same parsed files ajv compiled, read through the editor's narrower view of a schema.
  const schemas = Object.fromEntries(validators.schemas.map(({ name, schema }) => [name, schema])) as SchemaFiles;
  const blockFolders = await readBlockFolders(projectDir);
  const blocks = blockMetas(blockFolders);
  const aspects = mediaAspects(blockFolders, validators.ajv);
  const prettierConfig = (await prettier.resolveConfig(path.join(REPO_DIR, "package.json"))) ?? {};

  const rel = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");

  /** The file a request names inside `roots`; a name leading anywhere else is refused with the reason. */
  const inside = (roots: string[], name: string) => {
    try {
      return resolveInside(projectDir, roots, name);
    } catch (error) {
      if (error instanceof UnsafePathError) throw refused(editorErrors.unsafePath, { reason: error.message });
      throw error;
    }
  };
  const documentFile = (name: unknown) => {
    const file = inside(["site-config"], String(name));
    if (!file.endsWith(".json"))
      throw refused(editorErrors.unsafePath, { reason: messageOf(editorPathErrors.notJson, { file: String(name) }) });
    return file;
  };
  /** The schema a file of site-config/ is checked with: by its folder, the default locale's or a locale's own. */
  const rootSchema = (file: string) => {
    const parts = path.relative(configDir, file).split(path.sep);
    const inLocale = parts[0] === LOCALES_FOLDER;
    // A locale's folder holds what site-config/ does: its site.json, pages/ and sections/.
    const own = inLocale ? parts.slice(2) : parts;
    if (own.length === 1 && own[0] === "site.json")
      return inLocale ? "schemas/locale-site.schema.json" : "schemas/site.schema.json";
    return own[0] === SECTIONS_FOLDER ? "schemas/section.schema.json" : "schemas/page.schema.json";
  };

  const lists = contentLists(projectDir);

  const media = async () => {
    // A project without public/ has no media.
    const entries = await fs
      .readdir(publicDir, { recursive: true, withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? [] : Promise.reject(error)));
    return entries
      .filter((entry) => entry.isFile() && MEDIA_TYPES.test(entry.name))
      .map((entry) => "/" + path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort();
  };

  const problemsFor = (file: string, text: string) =>
    validateConfig({ configDir, publicDir, validators, overrides: new Map([[file, text]]) })
      .problems.filter((problem) => path.resolve(projectDir, problem.file) === file)
      .map((problem) => ({ ...problem, hint: entryByCode(problem.code)?.hint ?? "" }));

  return {
    projectDir,
    configDir,
    publicDir,
    validators,
    schemas,
    blocks,
    /** The shapes the site's blocks cut pictures to, with the places that use each (the media library's previews). */
    aspects,
    /** Prettier's settings for `file`, as the repository formats it. */
    prettierOptions: (file: string) => ({ ...prettierConfig, filepath: file }),
    rel,
    inside,
    documentFile,
    rootSchema,
    /**
     * The pages (by address), the shared sections with the pages that place them, and each locale's own versions of
     * sections by id, which its pages place instead of the source's: from one read of site-config/.
     */
    lists,
    /** Every page, by address, as the page list shows it. */
    pages: () => lists().pages,
    media,
    /** The shared sections by id (site-config/sections/), for the preview to show the blocks a page places. */
    sections: () => Object.fromEntries(loadSections(configDir).documents),
    problemsFor,
  };
}
