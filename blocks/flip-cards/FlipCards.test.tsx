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
  // The cards beyond the third and the disclosure's labels are shown and hidden by its CSS.
  const { container } = await renderBlocks([block], { css: true });
  enhanceFlipCards(container);
}

/** The "discover more" disclosure's <summary>, the button a visitor presses. */
const disclosure = () => document.querySelector<HTMLElement>("details > summary")!;
const disclosureOf = (summary: HTMLElement) => summary.parentElement as HTMLDetailsElement;
/** The summary's label as a visitor sees (and a screen reader reads) it: its text that is displayed. */
const label = (summary: HTMLElement) =>
  [...summary.querySelectorAll<HTMLElement>("[data-label]")]
    .filter((text) => getComputedStyle(text).display !== "none")
    .map((text) => text.textContent)
    .join("");
const shownTitles = () => screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("flip-cards", () => {
  it("shows 3 of 6 use cases, then all with 'Discover More Use Cases', then 3 again with 'Show Less'", async () => {
    await renderLive(useCases);
    expect(shownTitles()).toEqual(titles.slice(0, 3));
    const toggle = disclosure();
    expect(label(toggle)).toBe("Discover More Use Cases");
    expect(disclosureOf(toggle).open).toBe(false);

    fireEvent.click(toggle);
    expect(disclosureOf(toggle).open).toBe(true);
    expect(shownTitles()).toEqual(titles);
    expect(label(toggle)).toBe("Show Less");

    fireEvent.click(toggle);
    expect(disclosureOf(toggle).open).toBe(false);
    expect(shownTitles()).toEqual(titles.slice(0, 3));
    expect(label(toggle)).toBe("Discover More Use Cases");
  });

  it("is a native disclosure that needs no script: a <summary> controlling the list, with no aria-expanded to keep", async () => {
    // No DOM code run: the prerendered markup alone.
    await renderBlocks([useCases], { css: true });
    const toggle = disclosure();
    expect(toggle).not.toHaveAttribute("type");
    // The browser reports the expanded state of a <details> itself; an attribute could only fall out of step.
    expect(toggle).not.toHaveAttribute("aria-expanded");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)?.tagName).toBe("UL");
    toggle.focus();
    fireEvent.click(toggle);
    expect(shownTitles()).toEqual(titles);
    expect(label(toggle)).toBe("Show Less");
    expect(toggle).toHaveFocus();
  });

  it("has no toggle when every card fits", async () => {
    await renderLive({ ...useCases, initialVisible: 8 });
    expect(shownTitles()).toEqual(titles);
    expect(document.querySelector("details")).toBeNull();
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
    fireEvent.click(disclosure());
    const flip = screen.getByRole("button", { name: "See how it works: Service scheduling" });
    fireEvent.click(flip);
    fireEvent.click(disclosure());
    fireEvent.click(disclosure());
    // Flipped, its front is hidden from the accessibility tree: the back now speaks for the card.
    const back = screen.getByRole("group", { name: "Service scheduling: How the agent helps" });
    expect(back).toBeVisible();
    expect(document.querySelector(`[aria-controls="${back.id}"]`)).toHaveAttribute("aria-expanded", "true");
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
