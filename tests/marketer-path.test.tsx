import { screen, within } from "@testing-library/react";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { PageDocument } from "../contract/generated/authored-types.ts";

/**
 * The marketer's path, end to end on a copy of site-config/: copy one industry page's JSON, change its text and path,
 * and the new page validates, is prerendered with the others, and appears in the header's Industries menu, the footer's Industries
 * column, the /industries index and sitemap.xml, with no other file touched.
 */
const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketer-path-"));
const configDir = path.join(scratch, "site-config");
fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const industriesDir = path.join(configDir, "pages", "industries");
// Whichever industry page the content holds first; the new one is written over any page of its own name.
const source = fs
  .readdirSync(industriesDir)
  .filter((file) => file.endsWith(".json") && file !== "marine-insurance.json")[0];
const copy = JSON.parse(fs.readFileSync(path.join(industriesDir, source), "utf8")) as PageDocument;
const hero = copy.blocks[0] as Extract<PageDocument["blocks"][number], { type: "industry-hero" }>;
const page: PageDocument = {
  ...copy,
  path: "/industries/marine-insurance",
  title: "AI agents for marine insurance",
  description:
    "AI agents for marine insurers: cargo claims, hull damage reports and broker queries, answered around the clock.",
  nav: { ...copy.nav!, label: "Marine Insurance", description: "Cargo claims and broker queries", icon: "globe" },
  blocks: [{ ...hero, badge: "Marine Insurance", heading: "AI agents for marine insurers" }, ...copy.blocks.slice(1)],
};
fs.writeFileSync(path.join(industriesDir, "marine-insurance.json"), `${JSON.stringify(page, null, 2)}\n`);

// The renderer reads site-config/ from SITE_CONFIG_DIR, fixed when its modules load: load them afresh, pointed at the
// copy (the test helpers too, so that they share the fresh modules' site-data context).
vi.stubEnv("SITE_CONFIG_DIR", configDir);
vi.resetModules();
const { industryLinks, getPage } = await import("../renderer/content/pages.server.ts");
const { prerenderedPaths, readContentFiles } = await import("../contract/content.server.ts");
const { validateConfig } = await import("../toolchain/validate.ts");
const { Header } = await import("../renderer/chrome/Header.tsx");
const { Footer } = await import("../renderer/chrome/Footer.tsx");
const sitemap = await import("../renderer/routes/sitemap.ts");
const { renderBlocks, renderWithProviders, siteData } = await import("./render.tsx");
vi.unstubAllEnvs();

const data = () => siteData({ industries: industryLinks() });

describe("a new industry page made by copying one JSON file", () => {
  it("validates, with the rest of the site", () => {
    const { problems, pageCount } = validateConfig({ configDir, publicDir: path.join(root, "public") });
    expect(problems).toEqual([]);
    expect(pageCount).toBe(
      fs.readdirSync(industriesDir).length +
        fs.readdirSync(path.join(configDir, "pages")).filter((f) => f.endsWith(".json")).length +
        readContentFiles(configDir).locales.flatMap((locale) => locale.pages).length,
    );
  });

  it("is prerendered with the others", () => {
    expect(prerenderedPaths().documents).toContain("/industries/marine-insurance");
    expect(getPage("/industries/marine-insurance")?.title).toBe("AI agents for marine insurance");
  });

  it("appears in the header's Industries menu", () => {
    renderWithProviders(<Header />, { data: data() });
    const button = screen.getByRole("button", { name: "Industries", hidden: true });
    const panel = document.getElementById(button.getAttribute("popovertarget")!)!;
    expect(within(panel).getByRole("link", { name: /Marine Insurance/, hidden: true })).toHaveAttribute(
      "href",
      "/industries/marine-insurance",
    );
  });

  it("appears in the footer's Industries column", () => {
    renderWithProviders(<Footer />, { data: data() });
    const column = screen.getByRole("heading", { name: "Industries" }).parentElement!;
    expect(within(column).getByRole("link", { name: "Marine Insurance" })).toHaveAttribute(
      "href",
      "/industries/marine-insurance",
    );
  });

  it("appears on the /industries index", async () => {
    await renderBlocks(getPage("/industries")!.blocks, { path: "/industries", data: data() });
    const card = screen.getByRole("link", { name: "Marine Insurance" });
    expect(card).toHaveAttribute("href", "/industries/marine-insurance");
    expect(within(card.closest("li")!).getByText("Cargo claims and broker queries")).toBeInTheDocument();
  });

  it("appears in sitemap.xml", async () => {
    const xml = await sitemap.loader().text();
    expect(xml).toContain("<loc>https://www.voxa.example/industries/marine-insurance</loc>");
  });

  it("renders with its own text", async () => {
    await renderBlocks(getPage("/industries/marine-insurance")!.blocks, {
      path: "/industries/marine-insurance",
      data: data(),
    });
    expect(screen.getByRole("heading", { level: 1, name: "AI agents for marine insurers" })).toBeInTheDocument();
    expect(screen.getAllByText("Marine Insurance").length).toBeGreaterThan(0);
  });
});
