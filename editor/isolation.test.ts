// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../toolchain/paths.ts";

/** Every source file under `dir`, as a path from the repository root. */
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));

describe("the editor stays out of the site's build", () => {
  it("no module of the site (renderer/, blocks/, kit/, contract/, server/) imports from editor/", () => {
    const offenders = ["renderer", "blocks", "kit", "contract", "server"]
      .flatMap(sources)
      .filter((file) =>
        /from\s+["'][./]*\/editor\/|import\(["'][./]*\/editor\//.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
