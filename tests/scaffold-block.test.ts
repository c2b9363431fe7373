import path from "node:path";
import { describe, expect, it } from "vitest";
import { CatalogueError, scaffoldErrors } from "../contract/errors.ts";
import { blockLabel, scaffoldBlock } from "../toolchain/scaffold-block.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("new:block's label for a type", () => {
  it("is the type's words in sentence case, one rule for every type", () => {
    expect(["faq", "case-study", "logo-wall"].map(blockLabel)).toEqual(["Faq", "Case study", "Logo wall"]);
  });
});

describe("new:block refuses", () => {
  it.each([
    ["FAQ", scaffoldErrors.badBlockType.code],
    ["hero", scaffoldErrors.blockTypeExists.code],
  ])("'%s' with %s", async (type, code) => {
    const error = await scaffoldBlock({ type, projectDir: root }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).code).toBe(code);
  });
});
