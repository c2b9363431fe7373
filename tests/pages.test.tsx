import fs from "node:fs";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listPageFiles } from "../contract/content.server.ts";
import type { PageDocument } from "../contract/generated/authored-types.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { renderBlocks } from "./render.tsx";

const pages = listPageFiles().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument);

describe("shipped site-config", () => {
  it("validates with no problem", () => {
    const { problems, pageCount } = validateConfig();
    expect(problems).toEqual([]);
    expect(pageCount).toBe(pages.length);
  });

  it("has the 23 routes of the spec", () => {
    expect(pages.map((p) => p.path).sort()).toEqual(
      [
        "/",
        "/about",
        "/building-agents",
        "/chat-agents",
        "/contact",
        "/cookies",
        "/free-pilot",
        "/industries",
        "/industries/auto-insurance",
        "/industries/buildings-contents-insurance",
        "/industries/contact-centers",
        "/industries/dental-insurance",
        "/industries/gadget-insurance",
        "/industries/home-emergency-insurance",
        "/industries/manufacturer-warranties",
        "/industries/pet-insurance",
        "/our-approach",
        "/privacy",
        "/product-overview",
        "/safety-security",
        "/terms",
        "/use-cases",
        "/voice-agents",
      ].sort(),
    );
  });
});

describe.each(pages.map((page) => [page.path, page] as const))("page %s", (path, page) => {
  it("renders every block, with exactly one h1", async () => {
    await renderBlocks(page.blocks, { path });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });
});
