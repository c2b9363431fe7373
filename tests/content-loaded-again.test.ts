// @vitest-environment node
/**
 * The content loaded again after a change (the dev server after each save, the editor) keeps each page whose text and
 * sections are as they were as the last load left it, and loads again what changed: a page's own text, or every page
 * that places a changed section.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../contract/content.server.ts";
import { ROOT } from "../toolchain/paths.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "content-again-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const configDir = path.join(scratch, "site-config");
fs.cpSync(path.join(ROOT, "site-config"), configDir, { recursive: true });

const pageOf = (content: ReturnType<typeof loadContent>, file: string) =>
  content.pages[content.files.indexOf(path.join(configDir, file))]!;
/** A page that places the closing section. */
const PLACING = "pages/about.json";
const edit = (file: string, change: (document: Record<string, unknown>) => void) => {
  const full = path.join(configDir, file);
  const document = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
  change(document);
  fs.writeFileSync(full, JSON.stringify(document, null, 2));
};

describe("the content loaded again", () => {
  it("keeps the pages that did not change, and loads the changed page again", () => {
    const first = loadContent(configDir);
    edit(PLACING, (page) => (page.title = "About us, again"));
    const second = loadContent(configDir);
    expect(second).not.toBe(first);
    expect(pageOf(second, PLACING).title).toBe("About us, again");
    const unchanged = first.files.filter((file) => file !== path.join(configDir, PLACING));
    expect(unchanged.length).toBeGreaterThan(0);
    for (const file of unchanged)
      expect(second.pages[second.files.indexOf(file)], file).toBe(first.pages[first.files.indexOf(file)]);
  });

  it("loads again every page that places a section whose text changed, with the section's new words", () => {
    const before = loadContent(configDir);
    const placing = before.files.filter((_, index) =>
      before.placed[index]!.some((file) => file.endsWith("closing.json")),
    );
    expect(placing).toContain(path.join(configDir, PLACING));
    edit("sections/closing.json", (section) => {
      (section.blocks as Record<string, unknown>[])[0]!.heading = "Ready when you are";
    });
    const after = loadContent(configDir);
    for (const file of placing) {
      const page = after.pages[after.files.indexOf(file)]!;
      expect(page, file).not.toBe(before.pages[before.files.indexOf(file)]);
      expect(JSON.stringify(page.blocks), file).toContain("Ready when you are");
    }
  });
});
