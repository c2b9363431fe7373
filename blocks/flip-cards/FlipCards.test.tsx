import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FlipCardsBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";
import enhanceFlipCards from "./flip-cards-dom.ts";

const titles = [
  "First notice of loss",
  "Customer service",
  "Retentions",
  "Underwriting support",
  "Claims management",
  "Service scheduling",
];
const useCases: FlipCardsBlock = {
  type: "flip-cards",
  heading: "Use cases",
  cards: titles.map((title) => ({
    title,
    description: `${title} handled end to end.`,
    backTitle: "How the agent helps",
    points: [`${title} point one`, `${title} point two`],
  })),
};

/** The prerendered markup with the browser entry's DOM code on it, as a visitor gets it. */
async function renderLive(block: FlipCardsBlock) {
  const { container } = await renderBlocks([block]);
  enhanceFlipCards(container);
}

const shownTitles = () => screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("flip-cards", () => {
  it("shows 3 of 6 use cases, then all with 'Discover More Use Cases', then 3 again with 'Show Less'", async () => {
    await renderLive(useCases);
    expect(shownTitles()).toEqual(titles.slice(0, 3));
    const more = screen.getByRole("button", { name: "Discover More Use Cases" });
    expect(more).toHaveAttribute("aria-expanded", "false");

    fireEvent.click(more);
    expect(shownTitles()).toEqual(titles);
    const less = screen.getByRole("button", { name: "Show Less" });
    expect(less).toHaveAttribute("aria-expanded", "true");

    fireEvent.click(less);
    expect(shownTitles()).toEqual(titles.slice(0, 3));
    expect(screen.getByRole("button", { name: "Discover More Use Cases" })).toBeInTheDocument();
  });

  it("has no toggle when every card fits", async () => {
    await renderLive({ ...useCases, initialVisible: 8 });
    expect(shownTitles()).toEqual(titles);
    expect(screen.queryByRole("button", { name: "Discover More Use Cases" })).toBeNull();
  });

  it("flips a card once on click and keeps it flipped, with focus on its back", async () => {
    await renderLive(useCases);
    const flip = screen.getByRole("button", { name: "See how it works: First notice of loss" });
    expect(flip).toHaveAttribute("aria-expanded", "false");

    fireEvent.click(flip);
    expect(flip).toHaveAttribute("aria-expanded", "true");
    const back = screen.getByRole("group", { name: "First notice of loss: How the agent helps" });
    expect(flip).toHaveAttribute("aria-controls", back.id);
    expect(back).toHaveFocus();
    expect(within(back).getByText("First notice of loss point one")).toBeInTheDocument();

    fireEvent.click(flip);
    expect(flip).toHaveAttribute("aria-expanded", "true");
    expect(flip.closest("[data-flipped]")).toHaveAttribute("data-flipped", "true");
    // The other cards are untouched.
    expect(screen.getByRole("button", { name: "See how it works: Customer service" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("stays flipped when the list is collapsed and expanded again", async () => {
    await renderLive(useCases);
    fireEvent.click(screen.getByRole("button", { name: "Discover More Use Cases" }));
    const flip = screen.getByRole("button", { name: "See how it works: Service scheduling" });
    fireEvent.click(flip);
    fireEvent.click(screen.getByRole("button", { name: "Show Less" }));
    fireEvent.click(screen.getByRole("button", { name: "Discover More Use Cases" }));
    // Flipped, its front is hidden from the accessibility tree: the back now speaks for the card.
    const back = screen.getByRole("group", { name: "Service scheduling: How the agent helps" });
    expect(back).toBeVisible();
    expect(document.querySelector(`[aria-controls="${back.id}"]`)).toHaveAttribute("aria-expanded", "true");
  });

  it("answers from the prerendered markup, with no React state: the flips and the toggle are DOM code", async () => {
    await renderBlocks([useCases]);
    const more = screen.getByRole("button", { name: "Discover More Use Cases" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(more.getAttribute("aria-controls")!)?.tagName).toBe("UL");
    expect(shownTitles()).toEqual(titles.slice(0, 3));
  });

  it("flips with the keyboard, as a native button", async () => {
    await renderLive(useCases);
    const flip = screen.getByRole("button", { name: "See how it works: Retentions" });
    expect(flip.tagName).toBe("BUTTON");
    expect(flip).toHaveAttribute("type", "button");
  });

  it("renders role cards with their capabilities and a closing link", async () => {
    const roles = [
      "FNOL",
      "Retentions",
      "Customer Service",
      "Compliance",
      "Claims Management",
      "Telesales",
      "Collections",
      "Appointment Scheduler",
    ];
    await renderLive({
      type: "flip-cards",
      heading: "Agents for Key Roles",
      columns: 4,
      initialVisible: 8,
      flipHint: "Key capabilities",
      cards: roles.map((title) => ({
        title,
        description: `${title} agent.`,
        backTitle: "Key capabilities",
        points: [`${title} capability`],
      })),
      action: { label: "Start Free Pilot", href: "/free-pilot" },
    });
    expect(shownTitles()).toEqual(roles);
    fireEvent.click(screen.getByRole("button", { name: "Key capabilities: Telesales" }));
    expect(screen.getByRole("group", { name: "Telesales: Key capabilities" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Start Free Pilot" })).toHaveAttribute("href", "/free-pilot");
  });
});
