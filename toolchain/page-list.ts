import path from "node:path";
import { parsedDocument, readContentFiles } from "../contract/content.server.ts";

export interface ListedPage {
  path: string;
  title: string;
  /** The page's file, relative to the folder that holds site-config/. */
  file: string;
}

/**
 * Every page's path and title, sorted by path: what a link may point to. A file that is not valid JSON or has no path
 * is left out; `npm run validate` reports it.
 */
export function listPages(configDir: string): ListedPage[] {
  return readContentFiles(configDir)
    .pages.flatMap((page) => {
      const document = parsedDocument(page) as { path?: unknown; title?: unknown } | undefined;
      if (typeof document?.path !== "string") return [];
      return [
        {
          path: document.path,
          title: typeof document.title === "string" ? document.title : "",
          file: path.relative(path.dirname(configDir), page.file).split(path.sep).join("/"),
        },
      ];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
