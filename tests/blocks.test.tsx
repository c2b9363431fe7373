import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blockSchemas, readSchemas } from "../scripts/lib/schemas.ts";
import { registry } from "../renderer/registry.ts";
import type { Block } from "../renderer/generated/schema-types.ts";
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

describe("block.schema.json", () => {
  it(`lists every block schema (${schemas.size})`, () => {
    const union = readSchemas().find((s) => s.name === "block.schema.json")!.schema.oneOf as { $ref: string }[];
    expect(union.map((entry) => entry.$ref).sort()).toEqual([...schemas.values()].map((s) => s.name).sort());
  });
});
