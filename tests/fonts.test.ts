// @vitest-environment node
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { listPageFiles, listSectionFiles } from "../contract/content.server.ts";
import {
  TYPEFACE_FILE,
  TYPEFACE_SOURCE,
  TYPEFACE_WEIGHTS,
  UNICODE_RANGE,
  unicodeRangeCodePoints,
} from "../contract/typeface.ts";

const root = path.resolve(import.meta.dirname, "..");
const covered = new Set(unicodeRangeCodePoints());

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the site's typeface", () => {
  it("has in its one file every character that site-config/ writes, so no page needs another font file", () => {
    const files = [path.join(root, "site-config/site.json"), ...listPageFiles(), ...listSectionFiles()];
    const missing = new Map<string, string>();
    for (const file of files)
      for (const text of strings(JSON.parse(fs.readFileSync(file, "utf8"))))
        for (const char of text) if (!covered.has(char.codePointAt(0)!)) missing.set(char, path.relative(root, file));
    expect(Object.fromEntries(missing), "add these characters to UNICODE_RANGE, then npm run font").toEqual({});
  });

  it("names only characters that Inter's Latin source file has", () => {
    const unicode = JSON.parse(
      fs.readFileSync(path.join(root, "node_modules/@fontsource-variable/inter/unicode.json"), "utf8"),
    ) as Record<string, string>;
    const source = new Set(unicodeRangeCodePoints(unicode.latin));
    expect(unicodeRangeCodePoints().filter((codePoint) => !source.has(codePoint))).toEqual([]);
  });

  it("is the file `npm run font` makes from the range and weights, and far smaller than the source", async () => {
    const sourcePath = createRequire(import.meta.url).resolve(TYPEFACE_SOURCE);
    const committed = fs.readFileSync(path.join(root, TYPEFACE_FILE));
    const made = await subsetFont(fs.readFileSync(sourcePath), String.fromCodePoint(...unicodeRangeCodePoints()), {
      targetFormat: "woff2",
      variationAxes: { wght: TYPEFACE_WEIGHTS },
    });
    expect(committed.equals(made), "run npm run font and commit the file").toBe(true);
    expect(committed.length).toBeLessThan(0.7 * fs.statSync(sourcePath).size);
    expect(UNICODE_RANGE).not.toContain("U+0000");
  });
});
