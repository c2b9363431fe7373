import { configErrors } from "../../../contract/errors.ts";
import type { Check, PageEntry } from "../context.ts";
import { findings } from "../problems.ts";

/** No two pages share a path. */
export const duplicatePaths: Check = ({ pages, relative }) => {
  const { problems, report } = findings(relative);
  const byPath = new Map<string, PageEntry>();
  for (const entry of pages) {
    const { page, source } = entry;
    if (typeof page.path !== "string") continue;
    const other = byPath.get(page.path);
    // Said on both files, each naming the other: whichever of the two was just written, its author sees it.
    if (other) {
      report(source, "/path", configErrors.duplicatePath, { path: page.path, other: relative(other.source.file) });
      report(other.source, "/path", configErrors.duplicatePath, { path: page.path, other: relative(source.file) });
    } else byPath.set(page.path, entry);
  }
  return problems;
};
