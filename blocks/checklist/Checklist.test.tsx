import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChecklistBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: ChecklistBlock = {
  type: "checklist",
  heading: "Six capabilities",
  text: "Ready from day one.",
  items: [
    { text: "Vehicle look-up by registration" },
    { icon: "shield-check", text: "FCA Consumer Duty conversations" },
  ],
  action: { label: "Schedule Demo", href: "/contact" },
};

describe("checklist", () => {
  it("lists every item in order under its heading", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("heading", { level: 2, name: "Six capabilities" })).toBeInTheDocument();
    expect(screen.getByText("Ready from day one.")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Vehicle look-up by registration",
      "FCA Consumer Duty conversations",
    ]);
  });

  it("shows its optional action", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("link", { name: "Schedule Demo" })).toHaveAttribute("href", "/contact");
  });
});
