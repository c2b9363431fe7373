import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listPageFiles } from "../contract/content.server.ts";
import { UNICODE_RANGE } from "../kit/fonts.tsx";

const root = path.resolve(import.meta.dirname, "..");

const ranges = UNICODE_RANGE.split(",").map((range) => {
  const [from, to = from] = range.replace(/^U\+/, "").split("-");
  return [parseInt(from, 16), parseInt(to, 16)] as const;
});
const covered = (codePoint: number) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the site's typeface", () => {
  it("has in its one Latin file every character that site-config/ writes, so no page needs another font file", () => {
    const files = [path.join(root, "site-config/site.json"), ...listPageFiles()];
    const missing = new Map<string, string>();
    for (const file of files)
      for (const text of strings(JSON.parse(fs.readFileSync(file, "utf8"))))
        for (const char of text) if (!covered(char.codePointAt(0)!)) missing.set(char, path.relative(root, file));
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
