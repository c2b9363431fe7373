import path from "node:path";
import type { readContentFiles } from "../../contract/content.server.ts";

type ContentFiles = ReturnType<typeof readContentFiles>;

/**
 * The content files with the pages to check that are not on disk yet (the editor checks a translation before it writes
 * it), added where the content loader will find them: under pages/, or under a locale's pages/.
 */
export function withUnwritten(
  files: ContentFiles,
  configDir: string,
  overrides: ReadonlyMap<string, string> | undefined,
): ContentFiles {
  const read = new Set([...files.pages, ...files.locales.flatMap((locale) => locale.pages)].map(({ file }) => file));
  const unwritten = [...(overrides ?? [])].filter(([file]) => !read.has(file) && file.endsWith(".json"));
  if (unwritten.length === 0) return files;
  let { pages, locales } = files;
  for (const [file, text] of unwritten) {
    const [folder, code, inLocale, ...rest] = path.relative(configDir, file).split(path.sep);
    if (folder === "pages") pages = [...pages, { file, text }];
    else if (folder === "locales" && code && inLocale === "pages" && rest.length > 0) {
      const own = locales.find((locale) => locale.code === code) ?? {
        code,
        site: { file: path.join(configDir, "locales", code, "site.json"), text: null },
        pages: [],
        sections: [],
      };
      locales = [...locales.filter((locale) => locale !== own), { ...own, pages: [...own.pages, { file, text }] }];
      locales.sort((a, b) => a.code.localeCompare(b.code));
    }
  }
  return { ...files, pages, locales };
}
