// @vitest-environment node
/**
 * A validation kept for the content it read (the dev server's, the editor's) is made again when any file it read
 * changes: a locale's own version of a shared section too.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PUBLIC_DIR, ROOT } from "../toolchain/paths.ts";
import { validateConfig } from "../toolchain/validate.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "locale-sections-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const configDir = path.join(scratch, "site-config");
fs.cpSync(path.join(ROOT, "site-config"), configDir, { recursive: true });
const germanClosing = path.join(configDir, "locales", "de-DE", "sections", "closing.json");
const closing = {
  ...(JSON.parse(fs.readFileSync(path.join(configDir, "sections", "closing.json"), "utf8")) as {
    blocks: Record<string, unknown>[];
  }),
  $schema: "../../../../schemas/section.schema.json",
};

describe("a kept validation", () => {
  it("is made again when a locale's own version of a section changes", () => {
    fs.mkdirSync(path.dirname(germanClosing), { recursive: true });
    fs.writeFileSync(germanClosing, JSON.stringify(closing, null, 2));
    const options = { configDir, publicDir: PUBLIC_DIR };
    expect(validateConfig(options).problems).toEqual([]);

    fs.writeFileSync(
      germanClosing,
      JSON.stringify({ ...closing, blocks: [{ ...closing.blocks[0], headline: "Bereit?" }] }, null, 2),
    );
    expect(validateConfig(options).problems.map((p) => `${p.file} ${p.code}`)).toEqual([
      "site-config/locales/de-DE/sections/closing.json CFG005",
    ]);
  });
});
