import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TiersBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: TiersBlock = {
  type: "tiers",
  heading: "Works at Any Scale",
  tiers: [
    {
      icon: "user",
      title: "Small teams",
      size: "5–50 seats",
      description: "Cover evenings.",
      points: ["One role to start"],
    },
    { icon: "users", title: "Mid-sized", size: "50–500 seats", description: "Several roles.", highlighted: true },
    { icon: "building", title: "Enterprise", size: "500–5,000 seats", description: "Multi-site." },
  ],
};

describe("tiers", () => {
  it("shows one card per tier, smallest first, with its size and inclusions", async () => {
    await renderBlocks([block]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Small teams",
      "Mid-sized",
      "Enterprise",
    ]);
    expect(screen.getByText("500–5,000 seats")).toBeInTheDocument();
    const [tiers] = screen.getAllByRole("list");
    expect(within(tiers!.children[0] as HTMLElement).getByRole("listitem")).toHaveTextContent("One role to start");
  });

  it("tags the highlighted tier with the default label, or the configured one", async () => {
    await renderBlocks([block]);
    expect(
      within(screen.getAllByRole("list")[0]!.children[1] as HTMLElement).getByText("Most popular"),
    ).toBeInTheDocument();
    await renderBlocks([{ ...block, highlightLabel: "Best fit" }]);
    expect(screen.getByText("Best fit")).toBeInTheDocument();
  });
});
