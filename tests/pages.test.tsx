import fs from "node:fs";
import path from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listPageFiles, loadContent, readContentFiles } from "../contract/content.server.ts";
import type { PageDocument } from "../contract/generated/authored-types.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { renderBlocks } from "./render.tsx";

const pages = listPageFiles().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument);
/** The pages as the site shows them: shared sections expanded, defaults filled in. */
const shown = loadContent().pages;

describe("shipped site-config", () => {
  it("validates with no problem, every page file checked, each locale's translations too", () => {
    const { problems, pageCount } = validateConfig();
    expect(problems).toEqual([]);
    const translations = readContentFiles().locales.flatMap((locale) => locale.pages);
    expect(pageCount).toBe(pages.length + translations.length);
  });

  it("gives every page an address of its own, the home page at /, industry pages under /industries/", () => {
    const addresses = pages.map((p) => p.path);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses).toContain("/");
    const industryFiles = listPageFiles().filter((file) => path.basename(path.dirname(file)) === "industries");
    for (const file of industryFiles)
      expect((JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument).path, file).toMatch(/^\/industries\/[^/]+$/);
  });
});

describe.each(shown.map((page) => [page.path, page] as const))("page %s", (address, page) => {
  it("renders every block, with exactly one h1", async () => {
    await renderBlocks(page.blocks, { path: address });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });
});
