import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StepsBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const steps: StepsBlock["steps"] = [
  {
    icon: "search",
    timing: "Week 1",
    title: "Understand the role",
    description: "We map the role.",
    points: ["Call recordings reviewed"],
  },
  { icon: "hammer", title: "Build", description: "We build the agent." },
  { title: "Deploy", description: "The agent goes live." },
  { title: "Learn and improve", description: "Tuned every week." },
];

describe("steps", () => {
  it("renders an ordered list of numbered steps, in order, with the action", async () => {
    const { container } = await renderBlocks([
      {
        type: "steps",
        heading: "4 Quick Steps to Success",
        steps,
        action: { label: "Start Free Pilot", href: "/free-pilot" },
      },
    ]);
    expect(container.querySelector("ol")!.children).toHaveLength(4);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Understand the role",
      "Build",
      "Deploy",
      "Learn and improve",
    ]);
    expect(screen.getByText("STEP 01")).toBeInTheDocument();
    expect(screen.getByText("STEP 04")).toBeInTheDocument();
    expect(screen.getByText("Week 1")).toBeInTheDocument();
    expect(screen.getByText("Call recordings reviewed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Free Pilot" })).toHaveAttribute("href", "/free-pilot");
  });

  it("alternates the illustration side from one step to the next", async () => {
    const { container } = await renderBlocks([{ type: "steps", heading: "4 Quick Steps to Success", steps }]);
    const rows = container.querySelectorAll("ol > li");
    expect(rows).toHaveLength(4);
    // The text always comes first in reading order; only the illustration's visual side alternates.
    expect([...rows].map((row) => row.getAttribute("data-illustration"))).toEqual(["end", "start", "end", "start"]);
    expect([...rows].map((row) => row.firstElementChild?.getAttribute("aria-hidden"))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("draws the columns layout as numbered cards", async () => {
    const { container } = await renderBlocks([{ type: "steps", heading: "How it works", layout: "columns", steps }]);
    const list = container.querySelector("ol")!;
    expect(list.children).toHaveLength(4);
    expect(within(list.children[3] as HTMLElement).getByText("4")).toBeInTheDocument();
  });
});
