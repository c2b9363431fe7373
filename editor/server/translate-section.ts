/**
 * "Translate" on a shared section (docs/sections.md#in-several-languages): a locale's own version of a section, a copy
 * of the source's file at site-config/locales/<code>/sections/<id>.json, which that locale's pages place instead of the
 * source's from then on. Its words are translated there, as a translated page's are.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import { sectionFile } from "../../contract/content.server.ts";
import {
  type AnyEntry,
  type ArgsOf,
  catalogueError,
  editorSectionErrors,
  editorTranslationErrors,
} from "../../contract/errors.ts";
import { siteLocales } from "../../contract/locales.ts";
import { formatJsonFile } from "../../toolchain/format-json.ts";
import type { Project } from "./project.ts";
import { refused } from "./refusals.ts";

export interface SectionTranslateRequest {
  /** The section's id: its file's name under site-config/sections/. */
  section: string;
  /** The locale's code, one the site translates into (not the default locale's). */
  locale: string;
}

/** A refusal of "Translate", in the words of the entry that says why. */
const notTranslated = <E extends AnyEntry>(reason: E, ...args: ArgsOf<E>) => {
  const error = catalogueError(reason, ...args);
  return refused(editorSectionErrors.translateRefused, { reason: error.message, code: error.code, hint: error.hint });
};

const siteOf = async (project: Project): Promise<Record<string, unknown>> => {
  try {
    return JSON.parse(await fs.readFile(path.join(project.configDir, "site.json"), "utf8")) as Record<string, unknown>;
  } catch {
    // A site.json that does not parse declares no locale here; validation says what is wrong with it.
    return {};
  }
};

const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/**
 * Writes `request.locale`'s own version of section `request.section`: the source's text with its `$schema` found from
 * the new place, formatted as the repository formats it. Refused, in the catalogue's words, for a locale the site does
 * not translate into, a section that does not exist, and a locale that has its own version already.
 */
export async function translateSection(project: Project, request: SectionTranslateRequest): Promise<{ file: string }> {
  const [, ...translated] = siteLocales(await siteOf(project));
  const locale = translated.find((each) => each.code === request.locale);
  if (!locale)
    throw notTranslated(editorTranslationErrors.unknownLocale, {
      locale: request.locale,
      locales: translated.map((each) => each.code),
    });
  const folder = project.rel(path.dirname(sectionFile("", project.configDir)));
  const source = project.inside([folder], `${folder}/${request.section}.json`);
  if (path.basename(source) !== `${request.section}.json` || !(await isFile(source)))
    throw notTranslated(editorSectionErrors.unknown, { section: request.section });
  const file = sectionFile(request.section, project.configDir, locale.code);
  const exists = () =>
    notTranslated(editorSectionErrors.alreadyTranslated, {
      section: request.section,
      locale: locale.name,
      file: project.rel(file),
    });
  if (await isFile(file)) throw exists();

  const text = await fs.readFile(source, "utf8");
  const schema = path.relative(path.dirname(file), path.join(project.projectDir, "schemas", "section.schema.json"));
  const edits = modify(text, ["$schema"], schema.split(path.sep).join("/"), {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" },
    getInsertionIndex: () => 0,
  });
  const formatted = await formatJsonFile(applyEdits(text, edits), project.prettierOptions(file));
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, formatted, { flag: "wx" });
  } catch (error) {
    // Another tab made it since the check: never over a file.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw exists();
    throw error;
  }
  return { file: project.rel(file) };
}
