// @vitest-environment node
/**
 * A prerendering process renders the content its build handed it (contract/process-cache.ts `handedValue`): the content
 * loader answers with it and reads no file, so a file saved while the build runs changes no page it renders.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIG_DIR, loadContent, prerenderedPaths } from "../contract/content.server.ts";

const HANDED = Symbol.for("voxa-site.process-handed");
const global = globalThis as { [HANDED]?: Map<string, { inputs: string; value: unknown }> };

afterEach(() => {
  delete global[HANDED];
});

describe("the content handed to a prerendering process", () => {
  it("is the content loaded, whatever the files say, and only for the site it was loaded from", () => {
    const loaded = loadContent();
    const handed = { ...loaded, pages: loaded.pages.slice(0, 1), files: loaded.files.slice(0, 1) };
    global[HANDED] = new Map([["content", { inputs: "the build's", value: handed }]]);
    expect(loadContent()).toBe(handed);
    expect(loadContent(CONFIG_DIR)).toBe(handed);
    expect(prerenderedPaths().documents).toContain(handed.pages[0]!.path);

    // Another folder is loaded from its files.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "content-handed-"));
    try {
      fs.cpSync(CONFIG_DIR, other, { recursive: true });
      expect(loadContent(other).pages).toHaveLength(loaded.pages.length);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
