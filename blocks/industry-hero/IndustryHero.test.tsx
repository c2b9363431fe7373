import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { IndustryHeroBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: IndustryHeroBlock = {
  type: "industry-hero",
  badge: "Pet Insurance",
  icon: "dog",
  heading: "Calm, caring support when a pet needs help",
  text: "Emergency claims and vet coordination at any hour.",
  actions: [{ label: "Schedule Demo", href: "/contact" }],
  stat: { value: 70, suffix: "%+", label: "Resolution", description: "of enquiries resolved end to end" },
  points: ["Answers 24/7", "GDPR, FCA and SOC 2 aligned"],
};

describe("industry-hero", () => {
  it("shows the badge, the headline as the page heading, the pitch and the demo button", async () => {
    await renderBlocks([block]);
    expect(screen.getByText("Pet Insurance")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: block.heading })).toBeInTheDocument();
    expect(screen.getByText(block.text)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Schedule Demo" })).toHaveAttribute("href", "/contact");
  });

  it("shows the headline figure with its prefix, suffix and decimals, and the proof points", async () => {
    await renderBlocks([{ ...block, stat: { value: 4.8, suffix: "/5", decimals: 1, label: "Satisfaction" } }]);
    expect(screen.getByText("4.8/5")).toBeInTheDocument();
    expect(screen.getByText("Satisfaction")).toBeInTheDocument();
    const points = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(points).toEqual(["Answers 24/7", "GDPR, FCA and SOC 2 aligned"]);
  });

  it("shows 70%+ for the resolution figure", async () => {
    await renderBlocks([block]);
    expect(screen.getByText("70%+")).toBeInTheDocument();
    expect(screen.getByText("of enquiries resolved end to end")).toBeInTheDocument();
  });
});
