import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blockSchemas, readSchemas } from "../contract/schemas.server.ts";
import type { BlockType } from "../contract/blocks.ts";
import { preloadBlocks } from "../renderer/PageRenderer.tsx";
import BlockCatalogue from "../renderer/routes/block-catalogue.tsx";
import { renderWithProviders } from "./render.tsx";

const schemas = blockSchemas(readSchemas());

describe("block catalogue (/__blocks, dev server only)", () => {
  it("shows every block type with its schema examples", async () => {
    await preloadBlocks([...schemas.keys()] as BlockType[]);
    renderWithProviders(<BlockCatalogue />);
    expect(screen.getByText(`${schemas.size} block types`, { exact: false })).toBeInTheDocument();
    for (const [type, { schema }] of schemas) {
      const section = document.getElementById(`block-${type}`);
      expect(section, `a section for ${type}`).not.toBeNull();
      // The section's first heading, an <h2>, names it. Read from the markup: a role query computes each element's style
      // and name, which with every block's styles on the page costs jsdom 2 s for these 22 headings.
      expect(section!.querySelector("h2")?.textContent).toBe(type);
      expect(section!.querySelectorAll(":scope > div").length).toBe(1 + (schema.examples as unknown[]).length);
    }
    // Every block of the site at once: slow on a loaded machine.
  }, 60_000);
});
