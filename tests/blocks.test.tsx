import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blockSchemas, readSchemas } from "../contract/schemas.server.ts";
import { registry } from "../renderer/registry.ts";
import type { Block } from "../contract/generated/authored-types.ts";
import { renderBlocks } from "./render.tsx";

const schemas = blockSchemas(readSchemas());

describe("block registry", () => {
  it("has exactly one component for every block schema", () => {
    expect(Object.keys(registry).sort()).toEqual([...schemas.keys()].sort());
  });
});

describe.each([...schemas.entries()])("block '%s'", (_type, { schema }) => {
  const examples = (schema.examples ?? []) as Block[];

  it("has at least one schema example", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example, i) => [i, example] as const))("renders schema example %i", async (_, example) => {
    const { container } = await renderBlocks([example]);
    expect(container.querySelector("section, [data-block]")).not.toBeNull();
    const heading = (example as { heading?: string }).heading;
    if (heading) expect(screen.getAllByText(heading).length).toBeGreaterThan(0);
  });
});

describe("block.schema.json, generated from the block folders", () => {
  it(`offers every block type (${schemas.size}), then a shared section's reference, and applies each one's schema`, () => {
    const union = readSchemas().find((s) => s.name === "schemas/block.schema.json")!.schema as {
      properties: { type: { enum: string[] } };
      allOf: { then: { $ref: string } }[];
    };
    expect(union.properties.type.enum).toEqual([...[...schemas.keys()].sort(), "section"]);
    expect(union.allOf.map((branch) => branch.then.$ref)).toEqual([
      ...[...schemas.values()].map((s) => `../${s.name}`),
      "section.schema.json#/$defs/sectionReference",
    ]);
  });
});
