// @vitest-environment node
/**
 * The watcher of a folder and the folders under it (toolchain/folder-watcher.ts), each folder watched on its own: a
 * file is named wherever it is written, in a folder made or moved in after the start too, and once closed nothing is.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FolderWatcher, watchFolders } from "../toolchain/folder-watcher.ts";

let dir: string;
let named: string[];
let watcher: FolderWatcher;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "folder-watcher-"));
  fs.mkdirSync(path.join(dir, "pages"));
  named = [];
  watcher = watchFolders(dir, (file) => named.push(file));
});
afterEach(() => {
  watcher.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The file system's events come a little after the write: seconds on a loaded machine. */
const namedSoon = (file: string) => vi.waitFor(() => expect(named).toContain(file), { timeout: 15_000 });

describe("the folders' watcher", () => {
  it("names a file saved in a folder that was there, and in folders made two deep and written at once", async () => {
    const about = path.join(dir, "pages", "about.json");
    fs.writeFileSync(about, "{}");
    await namedSoon(about);
    const deep = path.join(dir, "pages", "industries", "motor", "fleet.json");
    fs.mkdirSync(path.dirname(deep), { recursive: true });
    fs.writeFileSync(deep, "{}");
    await namedSoon(deep);
    named.length = 0;
    fs.writeFileSync(deep, '{ "title": "Fleet" }');
    await namedSoon(deep);
  }, 40_000);

  it("names the files of a folder moved in, and watches it", async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "folder-watcher-outside-"));
    fs.writeFileSync(path.join(outside, "claims.json"), "{}");
    const moved = path.join(dir, "pages", "claims");
    fs.renameSync(outside, moved);
    await namedSoon(path.join(moved, "claims.json"));
    fs.writeFileSync(path.join(moved, "new.json"), "{}");
    await namedSoon(path.join(moved, "new.json"));
  }, 40_000);

  it("names a folder removed, and watches it again once it is made again", async () => {
    const folder = path.join(dir, "pages", "legal");
    fs.mkdirSync(folder);
    await namedSoon(folder);
    fs.rmSync(folder, { recursive: true });
    named.length = 0;
    await vi.waitFor(() => expect(named).toContain(folder), { timeout: 15_000 });
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "terms.json"), "{}");
    await namedSoon(path.join(folder, "terms.json"));
  }, 40_000);

  it("names nothing once closed", async () => {
    watcher.close();
    // A second watcher, open, says when the write's events have come.
    const seen: string[] = [];
    const open = watchFolders(dir, (file) => seen.push(file));
    try {
      const after = path.join(dir, "pages", "after.json");
      fs.writeFileSync(after, "{}");
      await vi.waitFor(() => expect(seen).toContain(after), { timeout: 15_000 });
      expect(named).toEqual([]);
    } finally {
      open.close();
    }
  }, 40_000);
});
