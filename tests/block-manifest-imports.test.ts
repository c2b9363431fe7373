import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../scripts/lint/import-graph.ts";
import { ROOT } from "../toolchain/paths.ts";

/**
 * The editor reads block manifests from copies of the project that hold the contract and the block folders only
 * (editor/project-copy.ts, a person's copy in the team editor): a manifest that imports anything else does not load
 * there.
 */
describe("block manifests", () => {
  it("import nothing but the contract and their own folder", () => {
    const outside = fs
      .readdirSync(path.join(ROOT, "blocks"))
      .filter((type) => fs.existsSync(path.join(ROOT, "blocks", type, "block.ts")))
      .flatMap((type) => {
        const file = `blocks/${type}/block.ts`;
        return importsOf(file, fs.readFileSync(path.join(ROOT, file), "utf8"))
          .filter((imported) => !imported.startsWith("contract/") && !imported.startsWith(`blocks/${type}/`))
          .map((imported) => `${file} imports ${imported}`);
      });
    expect(outside).toEqual([]);
  });
});
