// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { budgetErrors, messageOf } from "../contract/errors.ts";
import { editorInBuild } from "../scripts/budgets.ts";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function buildWith(files: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-budgets-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "client", file)), { recursive: true });
    fs.writeFileSync(path.join(dir, "client", file), text);
  }
  return dir;
}

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
