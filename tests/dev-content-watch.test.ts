// @vitest-environment node
/**
 * The dev server's watcher of the content's folder (watchContent): each save handed on once, with the file it names;
 * a save that leaves a file's text as it was (an editor's save with no change, a save's late event) not at all.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { watchContent } from "../toolchain/vite-plugins.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-watch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the content's watcher", () => {
  it("hands on the files a save changes, in a new folder too, and none whose text is as it was", async () => {
    const page = path.join(dir, "pages", "industries", "pet-insurance.json");
    const other = path.join(dir, "pages", "about.json");
    fs.mkdirSync(path.dirname(other), { recursive: true });
    const handed: string[][] = [];
    const watcher = watchContent(dir, (files) => handed.push(files));
    try {
      fs.mkdirSync(path.dirname(page));
      fs.writeFileSync(page, '{ "title": "Pet insurance" }');
      // The file system's events, then the settling: seconds on a loaded machine.
      await vi.waitFor(() => expect(handed.flat()).toContain(page), { timeout: 15_000 });

      fs.writeFileSync(page, '{ "title": "Pet insurance" }');
      fs.writeFileSync(other, '{ "title": "About us" }');
      await vi.waitFor(() => expect(handed.flat()).toContain(other), { timeout: 15_000 });
      expect(handed.flat().filter((file) => file === page)).toEqual([page]);
    } finally {
      watcher.close();
    }
  }, 40_000);
});
