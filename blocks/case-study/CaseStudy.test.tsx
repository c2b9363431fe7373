import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CaseStudyBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: CaseStudyBlock = {
  type: "case-study",
  id: "retention",
  eyebrow: "Case Study · Customer Retention",
  heading: "2.5x more policies saved",
  client: "UK motor insurer",
  challenge: "Cancellations rose at renewal.",
  solution: "A retention agent answers every cancellation call.",
  capabilities: ["Personalised save offers", "Renewal price explanations"],
  metrics: [
    { value: 2.5, decimals: 1, suffix: "x", label: "more policies saved" },
    { value: 2, prefix: "under ", suffix: " min", label: "to register a claim" },
    { value: 4.8, decimals: 1, suffix: "/5", label: "customer satisfaction" },
  ],
};

describe("case-study", () => {
  it("is anchored on its id and shows challenge, solution, capabilities and impact in order", async () => {
    const { container } = await renderBlocks([block]);
    expect(container.querySelector("section#retention")).toHaveAttribute("aria-labelledby", "retention-heading");
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "2.5x more policies saved",
      "The challenge",
      "The solution",
      "Capabilities",
      "Impact",
    ]);
    expect(screen.getByText("Cancellations rose at renewal.")).toBeInTheDocument();
    expect(screen.getByText("UK motor insurer")).toBeInTheDocument();
  });

  it("lists the capabilities and the three metrics with their final figures", async () => {
    await renderBlocks([block]);
    const [capabilities, metrics] = screen.getAllByRole("list");
    expect(
      within(capabilities!)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Personalised save offers", "Renewal price explanations"]);
    expect(
      within(metrics!)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["2.5xmore policies saved", "under2 minto register a claim", "4.8/5customer satisfaction"]);
  });
});

describe("case-study with a picture", () => {
  const image = { src: "/media/examples/pet-claim-chat.png", alt: "Illustration of a phone chat about a vet claim" };

  it("shows the picture beside the story, with its alternative text, the story's headings in the same order", async () => {
    await renderBlocks([{ ...block, image }]);
    const picture = screen.getByRole("img", { name: image.alt });
    expect(picture).toHaveAttribute("src", image.src);
    expect(
      picture.compareDocumentPosition(screen.getByText("The challenge")) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "2.5x more policies saved",
      "The challenge",
      "The solution",
      "Capabilities",
      "Impact",
    ]);
  });

  it("draws no picture without one", async () => {
    const { container } = await renderBlocks([block]);
    expect(container.querySelector("img, picture")).toBeNull();
  });
});
