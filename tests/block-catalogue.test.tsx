import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
      expect(screen.getByRole("heading", { level: 2, name: type })).toBeInTheDocument();
      expect(document.querySelectorAll(`#block-${type} > div`).length).toBe(1 + (schema.examples as unknown[]).length);
    }
    // Every block of the site at once: slow on a loaded machine.
  }, 60_000);

  it("is a route in development and absent from production builds", async () => {
    const paths = async (env: string) => {
      vi.stubEnv("NODE_ENV", env);
      vi.resetModules();
      const routes = (await import("../renderer/routes.ts")).default;
      vi.unstubAllEnvs();
      return routes.map((route) => route.path);
    };
    expect(await paths("development")).toContain("__blocks");
    expect(await paths("production")).not.toContain("__blocks");
  });
});
