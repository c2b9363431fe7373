import fs from "node:fs";
import path from "node:path";
import { readContentFile, readContentFiles, textDigest } from "../contract/content.server.ts";
import { framingFiles } from "../contract/media-framing.server.ts";
import { computedOnce } from "../contract/process-cache.ts";
import { REDIRECTS_FILE } from "../contract/redirects.ts";
import { readBlockHistories, readKeptSchemas } from "../contract/block-history.server.ts";
import { type Validators, projectDir, projectValidators, readSchemas } from "../contract/schemas.server.ts";
import { CONFIG_DIR, PUBLIC_DIR } from "./paths.ts";
import type { Check } from "./validate/context.ts";
import { type Problem, inReportOrder } from "./validate/problems.ts";
import { readContent } from "./validate/read-content.ts";
import { borrowedChrome } from "./validate/checks/borrowed-chrome.ts";
import { closingCallToAction } from "./validate/checks/closing-call-to-action.ts";
import { duplicatePaths } from "./validate/checks/duplicate-paths.ts";
import { fallbackCollisions } from "./validate/checks/fallback-collisions.ts";
import { images } from "./validate/checks/images.ts";
import { links } from "./validate/checks/links.ts";
import { redirects } from "./validate/checks/redirects.ts";
import { localeFolders } from "./validate/checks/locale-folders.ts";
import { localeList } from "./validate/checks/locale-list.ts";
import { schemaErrors } from "./validate/checks/schema-errors.ts";
import { schemaReferences } from "./validate/checks/schema-references.ts";
import { sectionOverrides } from "./validate/checks/section-overrides.ts";
import { sectionPlacing } from "./validate/checks/section-placing.ts";
import { shareImage } from "./validate/checks/share-image.ts";
import { translations } from "./validate/checks/translations.ts";
import { uniqueBlockIds } from "./validate/checks/unique-block-ids.ts";

export type { Problem } from "./validate/problems.ts";

/**
 * Every check of the content, one module each under validate/checks/. Problems are reported by file and place; at one
 * place they keep the order of this list, so a new check goes where its problems should read.
 */
export const checks: readonly Check[] = [
  schemaErrors,
  schemaReferences,
  localeList,
  localeFolders,
  sectionPlacing,
  sectionOverrides,
  uniqueBlockIds,
  translations,
  duplicatePaths,
  closingCallToAction,
  fallbackCollisions,
  links,
  redirects,
  images,
  borrowedChrome,
  shareImage,
];

export interface ValidateOptions {
  configDir?: string;
  publicDir?: string;
  validators?: Validators;
  /** Texts to check instead of what is on disk, by absolute file name (the editor's unsaved documents). */
  overrides?: ReadonlyMap<string, string>;
}

export interface ValidationResult {
  problems: Problem[];
  pageCount: number;
  /** Every value the schemas mark as an icon (`"siteRef": "icon"`), defaults included: what the build must ship. */
  icons: string[];
}

/**
 * Validates site.json and every page document, reporting every problem in one pass. The result for the files on disk
 * and the project's schemas is kept in the process while none of them changes: a build validates in the plugins of
 * each of its environments (six times, a second each for a thousand pages).
 */
export function validateConfig(options: ValidateOptions = {}): ValidationResult {
  const configDir = options.configDir ?? CONFIG_DIR;
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const validate = () =>
    validateFiles(configDir, publicDir, options.validators ?? projectValidators(), options.overrides);
  if (options.validators || options.overrides) return validate();
  return computedOnce("validation", validationInputs(configDir, publicDir), validate);
}

/** Everything a validation reads: the config files, the names, sizes and dates of the public files, the schemas. */
function validationInputs(configDir: string, publicDir: string): string {
  const { site, pages, sections, locales } = readContentFiles(configDir);
  const all = [
    site,
    ...pages,
    ...sections,
    ...locales.flatMap((locale) => [locale.site, ...locale.pages, ...locale.sections]),
  ];
  const framings = framingFiles(configDir);
  const others = [...framings, path.join(configDir, REDIRECTS_FILE)];
  const files = [...all.map(({ file }) => file), ...others];
  const texts = [
    ...all.map(({ file, text }) => textDigest(file, text)),
    ...others.map((file) => textDigest(file, readContentFile(file))),
  ];
  const publicFiles = fs.existsSync(publicDir)
    ? fs
        .readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const { size, mtimeMs } = fs.statSync(file);
          return [file, size, mtimeMs];
        })
    : [];
  const kept = readKeptSchemas(readBlockHistories(projectDir()), projectDir());
  return JSON.stringify([configDir, publicDir, files, texts, publicFiles, readSchemas(), kept]);
}

function validateFiles(
  configDir: string,
  publicDir: string,
  validators: Validators,
  overrides: ReadonlyMap<string, string> | undefined,
): ValidationResult {
  const { context, problems: unread } = readContent({ configDir, publicDir, validators, overrides });
  const problems = [...unread, ...checks.flatMap((check) => check(context))];
  const icons = context.sources.flatMap(({ references }) => references.filter((r) => r.kind === "icon"));
  return {
    problems: inReportOrder(problems),
    pageCount: context.pages.length,
    icons: [...new Set(icons.map(({ value }) => value))].sort(),
  };
}

export const formatProblem = (p: Problem) =>
  `${p.file}:${p.line}:${p.column}  ${p.pointer || "/"}  ${p.code} ${p.message}`;
