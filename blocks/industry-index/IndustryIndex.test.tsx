import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { IndustryIndexBlock } from "../../contract/generated/authored-types.ts";
import type { IndustryLink } from "../../kit/site-data.ts";
import { renderBlocks, siteData } from "../../tests/render.tsx";

const block: IndustryIndexBlock = { type: "industry-index", heading: "All industries" };

const industries: IndustryLink[] = [
  {
    label: "Pet Insurance",
    href: "/industries/pet-insurance",
    description: "Vet coordination",
    icon: "dog",
    featured: false,
    order: 13,
  },
  {
    label: "Home Emergency",
    href: "/industries/home-emergency-insurance",
    description: "FNOL and triage",
    icon: "building",
    featured: true,
    order: 1,
  },
  {
    label: "Marine Insurance",
    href: "/industries/marine-insurance",
    description: "Cargo and hull claims",
    icon: "building",
    featured: false,
    order: 20,
  },
];

describe("industry-index", () => {
  it("links to every industry page from the site data, featured first, with its description", async () => {
    await renderBlocks([block], { data: siteData({ industries }) });
    const cards = screen.getAllByRole("listitem");
    expect(cards.map((card) => within(card).getByRole("link").textContent)).toEqual([
      "Home Emergency",
      "Pet Insurance",
      "Marine Insurance",
    ]);
    expect(screen.getByRole("link", { name: "Marine Insurance" })).toHaveAttribute(
      "href",
      "/industries/marine-insurance",
    );
    expect(screen.getByText("Cargo and hull claims")).toBeInTheDocument();
  });

  it("tags featured industries with the block's label", async () => {
    await renderBlocks([{ ...block, featuredLabel: "Popular" }], { data: siteData({ industries }) });
    expect(within(screen.getAllByRole("listitem")[0]).getByText("Popular")).toBeInTheDocument();
    expect(screen.getAllByText("Popular")).toHaveLength(1);
  });
});
