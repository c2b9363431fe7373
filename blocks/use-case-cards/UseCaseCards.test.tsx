import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UseCaseCardsBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: UseCaseCardsBlock = {
  type: "use-case-cards",
  id: "use-cases",
  heading: "Where our agents help",
  items: [
    {
      icon: "phone",
      title: "FNOL",
      scenario: "A pipe bursts at night.",
      solution: "The agent logs the claim.",
      impact: "Claims logged in 4 minutes",
    },
    { title: "Renewals", scenario: "A price went up.", solution: "The agent explains it." },
  ],
};

describe("use-case-cards", () => {
  it("shows each card's title, scenario, how agents help and impact under their labels", async () => {
    await renderBlocks([block]);
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole("heading", { level: 3, name: "FNOL" })).toBeInTheDocument();
    expect(first.getByText("Scenario")).toBeInTheDocument();
    expect(first.getByText("A pipe bursts at night.")).toBeInTheDocument();
    expect(first.getByText("How our agents help")).toBeInTheDocument();
    expect(first.getByText("The agent logs the claim.")).toBeInTheDocument();
    expect(first.getByText("Impact")).toBeInTheDocument();
    expect(first.getByText("Claims logged in 4 minutes")).toBeInTheDocument();
  });

  it("leaves out the impact when a card has none", async () => {
    await renderBlocks([block]);
    expect(within(screen.getAllByRole("listitem")[1]).queryByText("Impact")).toBeNull();
  });

  it("uses the page's labels, e.g. 'Solution' on role cards", async () => {
    await renderBlocks([{ ...block, labels: { solution: "Solution" } }]);
    expect(screen.getAllByText("Solution")).toHaveLength(2);
    expect(screen.queryByText("How our agents help")).toBeNull();
    expect(screen.getAllByText("Scenario")).toHaveLength(2);
  });

  it("is an anchor target named by its heading", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("region", { name: "Where our agents help" })).toHaveAttribute("id", "use-cases");
  });
});

describe("use-case-cards with pictures", () => {
  const image = { src: "/media/examples/handover.jpg", alt: "Illustration of a handover" };

  it("shows a card's picture at its top, with its alternative text", async () => {
    await renderBlocks([{ ...block, items: [{ ...block.items[0]!, image }, block.items[1]!] }]);
    const [first, second] = screen.getAllByRole("listitem");
    const picture = within(first!).getByRole("img", { name: image.alt });
    expect(picture).toHaveAttribute("src", image.src);
    expect(first!.firstElementChild!.contains(picture)).toBe(true);
    expect(within(second!).queryByRole("img")).toBeNull();
  });

  it("draws no picture for cards without one", async () => {
    const { container } = await renderBlocks([block]);
    expect(container.querySelector("img, picture")).toBeNull();
  });
});
