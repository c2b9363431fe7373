import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checks } from "../validate.ts";
import type { Check } from "./context.ts";

const folder = path.join(import.meta.dirname, "checks");

describe("validation's list of checks", () => {
  it("runs each module of validate/checks/, once", async () => {
    const files = fs.readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    const modules = await Promise.all(
      files.map(async (file) => ({ file, exports: Object.values(await import(path.join(folder, file))) })),
    );
    // A check module holds its check and nothing else another module could need.
    expect(modules.filter(({ exports }) => exports.length !== 1).map(({ file }) => file)).toEqual([]);
    const unlisted = modules.filter(({ exports }) => !checks.includes(exports[0] as Check)).map(({ file }) => file);
    expect(unlisted).toEqual([]);
    expect(checks).toHaveLength(new Set(checks).size);
    expect(checks).toHaveLength(files.length);
  });
});
