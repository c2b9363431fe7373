import fs from "node:fs";
import path from "node:path";
import { listPageFiles } from "../../contract/content.server.ts";

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
  const pages: ListedPage[] = [];
  for (const file of listPageFiles(path.join(configDir, "pages"))) {
    let document: { path?: unknown; title?: unknown };
    try {
      document = JSON.parse(fs.readFileSync(file, "utf8")) as typeof document;
    } catch {
      continue;
    }
    if (typeof document.path !== "string") continue;
    pages.push({
      path: document.path,
      title: typeof document.title === "string" ? document.title : "",
      file: path.relative(path.dirname(configDir), file).split(path.sep).join("/"),
    });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}
