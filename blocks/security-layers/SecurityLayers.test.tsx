import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SecurityLayersBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: SecurityLayersBlock = {
  type: "security-layers",
  id: "layers",
  heading: "Four layers of security",
  layers: [
    { icon: "lock", title: "Data encryption", description: "AES-256 at rest.", points: ["TLS 1.2+", "AES-256"] },
    { icon: "user", title: "Access control", description: "Multi-factor authentication." },
    { icon: "eye", title: "Real-time monitoring", description: "Alerts around the clock." },
    { icon: "shield-check", title: "Compliance alignment", description: "GDPR, FCA and SOC 2." },
  ],
  note: { title: "Masking by default", text: "Card numbers are masked before they reach a transcript." },
};

describe("security-layers", () => {
  it("lists the layers in order, numbered, then the note", async () => {
    const { container } = await renderBlocks([block]);
    expect(container.querySelector("section#layers")).not.toBeNull();
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "Four layers of security",
      "Data encryption",
      "Access control",
      "Real-time monitoring",
      "Compliance alignment",
      "Masking by default",
    ]);
    const layers = container.querySelector("ol")!;
    expect(layers.children).toHaveLength(4);
    expect(within(layers.children[0] as HTMLElement).getByText("Layer 1")).toBeInTheDocument();
    expect(
      within(layers.children[0] as HTMLElement)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["TLS 1.2+", "AES-256"]);
  });

  it("keeps the rings out of the accessibility tree and writes the default centre label", async () => {
    const { container } = await renderBlocks([block]);
    const rings = container.querySelector('[aria-hidden="true"]')!;
    expect(rings).toHaveTextContent("Your data");
  });
});
