import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { genStamp, stampFile } from "../scripts/pipeline/gen-stamp.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "gen-stamp-"));
const FILES: Record<string, string> = {
  "blocks/hero/schema.json": '{ "title": "Hero" }',
  "site-config/pages/home.json": '{ "path": "/" }',
  "contract/generated/schema-types.ts": "export type Hero = {};",
  "docs/blocks.md": "# Blocks",
  "docs/editor.md": "# The editor",
  "tests/hero.test.ts": "// a test",
};
for (const [file, text] of Object.entries(FILES)) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
const before = genStamp(root);

/** Whether the stamp changes while `change` is applied; the file is put back as it was afterwards. */
function changesStamp(file: string, change: (text: string | undefined) => string | undefined): boolean {
  const target = path.join(root, file);
  const original = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
  const write = (text: string | undefined) => {
    if (text === undefined) fs.rmSync(target, { force: true });
    else fs.writeFileSync(target, text);
  };
  write(change(original));
  try {
    return genStamp(root) !== before;
  } finally {
    write(original);
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("what npm run gen tells it can skip by (scripts/pipeline/gen-stamp.ts)", () => {
  it("changes when what it reads changes: a block's schema changed", () => {
    expect(changesStamp("blocks/hero/schema.json", () => '{ "title": "Hero banner" }')).toBe(true);
    expect(genStamp(root)).toBe(before);
  });

  it("changes when what it wrote was changed or removed", () => {
    expect(changesStamp("contract/generated/schema-types.ts", () => "export type Hero = { title: string };")).toBe(
      true,
    );
    expect(changesStamp("docs/blocks.md", () => undefined)).toBe(true);
  });

  it("changes with NODE_ENV, which the route types follow", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(genStamp(root)).not.toBe(before);
  });

  it("stays when the content changes, which nothing it writes follows from: a page added or edited", () => {
    expect(changesStamp("site-config/pages/pricing.json", () => '{ "path": "/pricing" }')).toBe(false);
    expect(changesStamp("site-config/pages/home.json", () => '{ "path": "/", "title": "Home" }')).toBe(false);
  });

  it("stays when a file it neither reads nor writes changes: a test, another document", () => {
    expect(changesStamp("tests/hero.test.ts", (text) => `${text}\n// more`)).toBe(false);
    expect(changesStamp("docs/editor.md", (text) => `${text}\n\nMore.`)).toBe(false);
  });

  it("is kept apart for each copy of the project, even when copies share their node_modules", () => {
    expect(stampFile(root)).not.toBe(stampFile(path.join(root, "copy")));
    expect(path.dirname(stampFile(root))).toBe(path.join(root, "node_modules", ".cache"));
  });
});
