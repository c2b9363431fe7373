// @vitest-environment node
/**
 * The editor's lists of site-config/ on a folder of their own (two pages, a section one of them places, a file that is
 * not JSON): kept while nothing changes, and following every change of a file, a new one and a deleted one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentLists } from "./content-lists.ts";

let dir = "";
const write = (file: string, value: unknown) => {
  const full = path.join(dir, "site-config", file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
};
const page = (pagePath: string, title: string, blocks: unknown[] = []) => ({ path: pagePath, title, blocks });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-lists-"));
  write("site.json", { brand: "Fixture" });
  write("sections/band.json", { name: "Band", blocks: [{ type: "text-section", heading: "Band" }] });
  write(
    "pages/b.json",
    page("/b", "Bee", [
      { type: "hero", id: "top" },
      { type: "section", section: "band" },
    ]),
  );
  write("pages/a.json", page("/a", "Ay"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const summary = (lists: ReturnType<ReturnType<typeof contentLists>>) => ({
  pages: lists.pages.map((listed) => [listed.path, listed.title, listed.anchors, listed.notJson ?? false]),
  band: lists.sectionList.find((section) => section.id === "band")?.pages.map((placing) => placing.title),
});

describe("the editor's lists of pages and sections", () => {
  it("are made once while no file changes, and again after any change: a title, a new page, a deleted one", () => {
    const lists = contentLists(dir);
    const first = lists();
    expect(summary(first)).toEqual({
      pages: [
        ["/a", "Ay", [], false],
        ["/b", "Bee", ["top"], false],
      ],
      band: ["Bee"],
    });
    expect(lists()).toBe(first);

    write("pages/b.json", page("/b", "Bee, again", [{ type: "section", section: "band" }]));
    write("pages/c.json", page("/c", "Sea", [{ type: "section", section: "band" }]));
    write("pages/broken.json", '{ "path": "/broken", }');
    fs.rmSync(path.join(dir, "site-config/pages/a.json"));
    const next = lists();
    expect(next).not.toBe(first);
    expect(summary(next)).toEqual({
      pages: [
        ["/b", "Bee, again", [], false],
        ["/c", "Sea", [], false],
        ["", "", [], true],
      ],
      band: ["Bee, again", "Sea"],
    });
    expect(next.pages.at(-1)!.file).toBe("site-config/pages/broken.json");
  });
});
