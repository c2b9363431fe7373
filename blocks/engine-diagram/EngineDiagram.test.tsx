import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EngineDiagramBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: EngineDiagramBlock = {
  type: "engine-diagram",
  id: "engine",
  heading: "One engine behind every conversation",
  core: { icon: "brain", label: "The engine", title: "Agents orchestration", description: "Routes every enquiry." },
  nodes: [
    { icon: "bot", title: "Task Agents", description: "Specialists for each job." },
    { icon: "workflow", title: "Smart Workflows", href: "/product-overview" },
    { icon: "database", title: "Knowledge Base" },
  ],
};

describe("engine-diagram", () => {
  it("shows the core first, then the components it coordinates as a list", async () => {
    await renderBlocks([block]);
    const headings = screen.getAllByRole("heading").map((heading) => heading.textContent);
    expect(headings).toEqual([
      "One engine behind every conversation",
      "Agents orchestration",
      "Task Agents",
      "Smart Workflows",
      "Knowledge Base",
    ]);
    expect(screen.getByRole("heading", { level: 2 })).toHaveAttribute("id", "engine-heading");
    expect(screen.getByText("The engine")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "What Agents orchestration coordinates" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
  });

  it("anchors the section on its id and links a node with an href", async () => {
    const { container } = await renderBlocks([block]);
    expect(container.querySelector("section#engine")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Smart Workflows" })).toHaveAttribute("href", "/product-overview");
  });
});
