import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StepsBlock } from "../../renderer/generated/schema-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const steps: StepsBlock["steps"] = [
  { icon: "search", timing: "Week 1", title: "Understand the role", description: "We map the role.", points: ["Call recordings reviewed"] },
  { icon: "hammer", title: "Build", description: "We build the agent." },
  { title: "Deploy", description: "The agent goes live." },
  { title: "Learn and improve", description: "Tuned every week." },
];

describe("steps", () => {
  it("renders an ordered list of numbered steps, in order, with the action", async () => {
    await renderBlocks([{ type: "steps", heading: "4 Quick Steps to Success", steps, action: { label: "Start Free Pilot", href: "/free-pilot" } }]);
    const list = screen.getByRole("list", { name: "" });
    expect(list.tagName).toBe("OL");
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Understand the role", "Build", "Deploy", "Learn and improve"]);
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
    const firstChildHidden = [...rows].map((row) => row.firstElementChild?.getAttribute("aria-hidden") === "true");
    // The illustration comes after the text in the markup; CSS order swaps it to the left on every other row.
    expect(firstChildHidden).toEqual([false, false, false, false]);
    const orders = [...rows].map((row) => getComputedStyle(row.firstElementChild!).order);
    expect(new Set(orders).size).toBeGreaterThanOrEqual(1);
  });

  it("draws the columns layout as numbered cards", async () => {
    await renderBlocks([{ type: "steps", heading: "How it works", layout: "columns", steps }]);
    const items = within(screen.getByRole("list")).getAllByRole("listitem", { hidden: false });
    expect(items.filter((item) => item.parentElement?.tagName === "OL")).toHaveLength(4);
    expect(screen.getByText("4")).toBeInTheDocument();
  });
});
