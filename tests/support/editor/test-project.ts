import fs from "node:fs";
import path from "node:path";

export { copyProject } from "../../../editor/project-copy.ts";

/**
 * `wanted`, or `wanted-2`, `wanted-3`…: the first slug that names no page file under `folder` of a copy's
 * site-config/pages/ and no page's address there. Tests that add a page to a copy of the content take this one, so
 * that a page the content already holds (the README's own example, once a marketer adds it) never stands in their way.
 */
export function freeSlug(pagesDir: string, folder: string, wanted: string): string {
  const addresses = new Set(
    (fs.readdirSync(pagesDir, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".json"))
      .map((file) => (JSON.parse(fs.readFileSync(path.join(pagesDir, file), "utf8")) as { path?: unknown }).path),
  );
  const taken = (slug: string) =>
    fs.existsSync(path.join(pagesDir, folder, `${slug}.json`)) ||
    addresses.has(`/${[folder, slug].filter(Boolean).join("/")}`);
  let slug = wanted;
  for (let n = 2; taken(slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

/** The lines of `after` that differ from `before`, compared line by line (for edits that keep the line count). */
export function changedLines(before: string, after: string): { line: number; before: string; after: string }[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const out: { line: number; before: string; after: string }[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) out.push({ line: i + 1, before: a[i] ?? "", after: b[i] ?? "" });
  return out;
}
