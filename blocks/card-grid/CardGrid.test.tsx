import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CardGridBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const cards: CardGridBlock["cards"] = [
  { icon: "clock", title: "24/7 availability", description: "Every call answered." },
  { icon: "shield-check", title: "GDPR ready", description: "Data masked by default.", href: "/safety-security" },
  { title: "Human handoff" },
];

describe("card-grid", () => {
  it.each(["feature", "benefit", "capability", "trust"] as const)(
    "renders the '%s' variant as a list of titled cards",
    async (variant) => {
      await renderBlocks([{ type: "card-grid", heading: "Why insurers choose us", variant, cards }]);
      const list = screen.getByRole("list");
      expect(within(list).getAllByRole("listitem")).toHaveLength(3);
      expect(
        within(list)
          .getAllByRole("heading", { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(["24/7 availability", "GDPR ready", "Human handoff"]);
      expect(screen.getByRole("link", { name: "GDPR ready" })).toHaveAttribute("href", "/safety-security");
    },
  );

  it("keeps the original fields working: eyebrow, intro, anchor and action", async () => {
    const { container } = await renderBlocks([
      {
        type: "card-grid",
        id: "features",
        eyebrow: "Features",
        heading: "Built for insurers",
        text: "Six reasons.",
        cards,
        action: { label: "Start Free Pilot", href: "/free-pilot" },
      },
    ]);
    expect(container.querySelector("section#features")).not.toBeNull();
    expect(screen.getByText("Features")).toBeInTheDocument();
    expect(screen.getByText("Six reasons.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Free Pilot" })).toHaveAttribute("href", "/free-pilot");
  });
});

describe("card-grid with pictures", () => {
  const pictured: CardGridBlock["cards"] = [
    {
      image: { src: "/media/examples/console.png", alt: "Illustration of the console" },
      icon: "clock",
      title: "Live view",
    },
    { title: "Handovers", description: "With the whole story." },
  ];

  it.each(["feature", "benefit", "capability", "trust"] as const)(
    "shows a card's picture at its top, with its alternative text, in the '%s' variant",
    async (variant) => {
      await renderBlocks([{ type: "card-grid", heading: "See it at work", variant, cards: pictured }]);
      const [first, second] = within(screen.getByRole("list")).getAllByRole("listitem");
      const picture = within(first!).getByRole("img", { name: "Illustration of the console" });
      expect(picture).toHaveAttribute("src", "/media/examples/console.png");
      // The picture comes before the card's heading.
      const heading = within(first!).getByRole("heading", { level: 3, name: "Live view" });
      expect(picture.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(second!).queryByRole("img")).toBeNull();
    },
  );

  it("draws no picture for cards without one", async () => {
    const { container } = await renderBlocks([{ type: "card-grid", heading: "Why insurers choose us", cards }]);
    expect(container.querySelector("img, picture")).toBeNull();
  });
});
