// @vitest-environment node
import { describe, expect, it } from "vitest";
import { generationErrors } from "../contract/errors.ts";
import { resolve } from "../contract/schema-tree.ts";
import { blockSchemas } from "../contract/schemas.server.ts";
import { catalogueErrorOf } from "./support/catalogue-error.ts";

describe("schemas that cannot be read as blocks", () => {
  it("refuses a block schema whose type is not its folder's name (GEN004)", () => {
    const error = catalogueErrorOf(() =>
      blockSchemas([{ name: "blocks/faq/schema.json", schema: { properties: { type: { const: "faqs" } } } }]),
    );
    expect(error.code).toBe(generationErrors.schemaTypeMismatch.code);
    expect(error.message).toBe(
      'blocks/faq/schema.json: properties.type.const must be "faq", the name of the block\'s folder',
    );
  });

  it("names the file and the $ref that leads nowhere (GEN005)", () => {
    const files = {
      "blocks/faq/schema.json": { properties: { icon: { $ref: "../../schemas/defs.json#/$defs/Icon" } } },
    };
    const error = catalogueErrorOf(() =>
      resolve(files, { file: "blocks/faq/schema.json", schema: { $ref: "../../schemas/defs.json#/$defs/Icon" } }),
    );
    expect(error.code).toBe(generationErrors.unresolvedRef.code);
    expect(error.message).toBe("blocks/faq/schema.json: cannot resolve $ref '../../schemas/defs.json#/$defs/Icon'");
  });
});
