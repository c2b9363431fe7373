import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PlatformSectionBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: PlatformSectionBlock = {
  type: "platform-section",
  id: "orchestration",
  eyebrow: "Orchestration",
  heading: "Every conversation, routed to the right agent",
  text: "The orchestration layer reads intent.",
  bullets: ["Intent detection in real time", "Human escalation with full context"],
  screen: "orchestration",
  screenLabel: "The orchestration console routing a claim call to the FNOL agent.",
  action: { label: "Get Started", href: "/contact" },
};

describe("platform-section", () => {
  it("shows the heading, bullets and action, anchored on its id", async () => {
    const { container } = await renderBlocks([block]);
    expect(screen.getByRole("heading", { level: 2, name: block.heading })).toHaveAttribute(
      "id",
      "orchestration-heading",
    );
    expect(container.querySelector("section#orchestration")).not.toBeNull();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(block.bullets);
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");
  });

  it.each(["orchestration", "data", "deployment", "managed"] as const)(
    "draws the '%s' screen as one labelled image",
    async (screenName) => {
      await renderBlocks([{ ...block, screen: screenName, screenLabel: `The ${screenName} screen` }]);
      const image = screen.getByRole("img", { name: `The ${screenName} screen` });
      expect(image).toHaveTextContent("Voxa console");
    },
  );
});
