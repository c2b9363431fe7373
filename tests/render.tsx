import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import fs from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import type { Block, SiteConfig } from "../renderer/generated/schema-types.ts";
import { PageRenderer, preloadBlocks } from "../renderer/PageRenderer.tsx";
import { PathnameContext, type SiteData, SiteDataContext } from "../renderer/site-data.ts";
import { system } from "../renderer/theme.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The site data the root route would load, read from the real site-config/. */
export function siteData(overrides: Partial<SiteData> = {}): SiteData {
  const site = JSON.parse(fs.readFileSync(path.join(root, "site-config/site.json"), "utf8")) as SiteConfig;
  return {
    site,
    industries: [
      {
        label: "Home Emergency",
        href: "/industries/home-emergency-insurance",
        description: "FNOL and triage",
        featured: true,
        order: 1,
      },
      {
        label: "Pet Insurance",
        href: "/industries/pet-insurance",
        description: "Vet coordination",
        featured: false,
        order: 13,
      },
    ],
    leadApiUrl: "/api",
    ...overrides,
  };
}

/** Renders UI inside the providers the app gives it: theme, the page's path and site data. */
export function renderWithProviders(
  ui: ReactElement,
  { path = "/", data = siteData() }: { path?: string; data?: SiteData } = {},
) {
  return render(
    <ChakraProvider value={system}>
      <PathnameContext.Provider value={path}>
        <SiteDataContext.Provider value={data}>{ui}</SiteDataContext.Provider>
      </PathnameContext.Provider>
    </ChakraProvider>,
  );
}

/** Renders blocks through the real registry, their code loaded first. */
export async function renderBlocks(blocks: Block[], options?: { path?: string; data?: SiteData }) {
  await preloadBlocks(blocks.map((block) => block.type));
  return renderWithProviders(<PageRenderer blocks={blocks} />, options);
}
