// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_MANIFEST_FILE, type ManifestChunk } from "../contract/client-manifest.server.ts";
import { budgetErrors, messageOf } from "../contract/errors.ts";
import { editorInBuild, measure } from "../scripts/budgets.ts";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function buildWith(files: Record<string, string>, manifest: Record<string, ManifestChunk> = {}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-budgets-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "client", file)), { recursive: true });
    fs.writeFileSync(path.join(dir, "client", file), text);
  }
  fs.writeFileSync(path.join(dir, CLIENT_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

describe("npm run budgets: every page's JavaScript is measured", () => {
  const entryScript = "console.log('entry')";
  const manifest = { "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true } };

  it("measures the entry script a page loads", () => {
    const [home] = measure(
      buildWith(
        {
          "index.html": '<h1>Home</h1><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": entryScript,
        },
        manifest,
      ),
    );
    expect(home).toMatchObject({ route: "/", jsFiles: 1, problems: [] });
    expect(home.jsGzip).toBe(gzipSync(entryScript, { level: 9 }).length);
  });

  it("counts the chunks of the islands the page's HTML marks, and of no other block", () => {
    const island = "export const video = 1";
    const [home] = measure(
      buildWith(
        {
          "index.html":
            '<h1>Home</h1><div data-island="video" data-island-key="block-0"></div><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": entryScript,
          "assets/video-1.js": island,
          "assets/stats-1.js": "export const stats = 1",
        },
        {
          ...manifest,
          "blocks/video/Video.tsx": { file: "assets/video-1.js" },
          "blocks/stats/Stats.tsx": { file: "assets/stats-1.js" },
        },
      ),
    );
    expect(home.jsFiles).toBe(2);
    expect(home.jsGzip).toBe(gzipSync(entryScript, { level: 9 }).length + gzipSync(island, { level: 9 }).length);
  });

  it("refuses a page in which no entry script is found, rather than measuring 0 kB", () => {
    const [home] = measure(buildWith({ "index.html": "<h1>Home</h1>", "assets/entry-1.js": entryScript }, manifest));
    expect(home.problems.map((problem) => [problem.code, problem.message])).toEqual([
      [
        budgetErrors.noEntryScript.code,
        "/: client/index.html has no module script or modulepreload, so its JavaScript cannot be measured",
      ],
    ]);
  });
});

describe("npm run budgets: no page editor code in the build", () => {
  it("passes a build that carries none of the editor's names", () => {
    expect(
      editorInBuild(buildWith({ "index.html": "<h1>Home</h1>", "assets/entry-1.js": "fetch('/api/leads')" })),
    ).toEqual([]);
  });

  it("names each file and each editor name it carries", () => {
    const leaks = editorInBuild(
      buildWith({
        "index.html": "<h1>Home</h1>",
        "assets/chunk-2.js": 'headers:{"x-editor-token":t()};localStorage.getItem(`voxa-editor:draft:${f}`)',
      }),
    );
    expect(leaks.map((leak) => [leak.code, leak.message])).toEqual([
      [
        budgetErrors.editorShipped.code,
        messageOf(budgetErrors.editorShipped, { file: "client/assets/chunk-2.js", trace: "x-editor-token" }),
      ],
      [
        budgetErrors.editorShipped.code,
        messageOf(budgetErrors.editorShipped, { file: "client/assets/chunk-2.js", trace: "voxa-editor:draft:" }),
      ],
    ]);
    expect(leaks[0].message).toBe(
      "client/assets/chunk-2.js contains 'x-editor-token', a name of the page editor's code",
    );
  });
});
