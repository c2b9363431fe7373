// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readContentFile, readContentFiles } from "../contract/content.server.ts";
import { projectSources } from "../scripts/lint/import-graph.ts";
import { ROOT } from "../toolchain/paths.ts";

let dir: string;
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

function configWith(files: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-content-files-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("the one reader of site-config/", () => {
  it("lists site.json, then every page file in path order, with their text", () => {
    const config = configWith({
      "site.json": "{}",
      "pages/industries/pet.json": '{"path":"/industries/pet"}',
      "pages/home.json": '{"path":"/"}',
      "pages/notes.txt": "not a page",
    });
    const read = readContentFiles(config);
    expect(read.site).toEqual({ file: path.join(config, "site.json"), text: "{}" });
    expect(read.pages.map((page) => path.relative(config, page.file))).toEqual([
      path.join("pages", "home.json"),
      path.join("pages", "industries", "pet.json"),
    ]);
  });

  it("says a missing file is missing rather than throwing", () => {
    const config = configWith({ "pages/home.json": "{}" });
    expect(readContentFiles(config).site.text).toBeNull();
  });

  it("reads a file once while it is unchanged, and again as soon as it changes", () => {
    const config = configWith({ "site.json": '{"a":1}' });
    const file = path.join(config, "site.json");
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, anHourAgo, anHourAgo);
    const reads = vi.spyOn(fs, "readFileSync");
    expect(readContentFile(file)).toBe('{"a":1}');
    expect(readContentFile(file)).toBe('{"a":1}');
    expect(reads).toHaveBeenCalledTimes(1);
    fs.writeFileSync(file, '{"a":2}');
    expect(readContentFile(file)).toBe('{"a":2}');
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("reads a file changed in the last moments every time, since a write of the same size may keep its stamp", () => {
    const config = configWith({ "site.json": '{"a":1}' });
    const file = path.join(config, "site.json");
    const reads = vi.spyOn(fs, "readFileSync");
    readContentFile(file);
    readContentFile(file);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

describe("every reader of site-config/", () => {
  it("lists the content files through contract/content.server.ts, and nowhere else", () => {
    const readers = [...projectSources(ROOT)]
      .filter(([module, code]) => module !== "contract/content.server.ts" && /\blistPageFiles\(/.test(code))
      .map(([module]) => module);
    expect(readers).toEqual([]);
  });
});
