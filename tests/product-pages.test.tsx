import fs from "node:fs";
import path from "node:path";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageDocument } from "../contract/generated/authored-types.ts";
import { loadSections } from "../contract/content.server.ts";
import { expandBlocks } from "../contract/sections.ts";
import { renderBlocks } from "./render.tsx";

/** A page as it is built: the shared sections it places written in. */
function page(name: string): PageDocument {
  const document = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, "../site-config/pages", `${name}.json`), "utf8"),
  ) as PageDocument;
  const { blocks } = expandBlocks(document.blocks, loadSections().documents);
  return { ...document, blocks: blocks as PageDocument["blocks"] };
}

const h2s = () => screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("/use-cases", () => {
  it("titles the page What's Possible? and tells four case studies, anchored for the footer", async () => {
    const { container } = await renderBlocks(page("use-cases").blocks, { path: "/use-cases" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("What's Possible?");
    expect([...container.querySelectorAll("section[id]")].map((section) => section.id)).toEqual([
      "fnol",
      "service",
      "appointments",
      "retention",
    ]);
    expect(screen.getAllByRole("heading", { name: "Impact" })).toHaveLength(4);
  });

  it("shows every metric of the spec", async () => {
    const { container } = await renderBlocks(page("use-cases").blocks, { path: "/use-cases" });
    const text = container.textContent!.replace(/\s+/g, " ");
    for (const figure of ["85%", "83%", "4.8/5", "under2 min", "72%", "60%", "30%", "91%", "25%", "73%", "2.5x"])
      expect(text).toContain(figure);
  });
});

describe("/our-approach", () => {
  it("shows the four steps, the three team sizes and the four Always promises", async () => {
    const { container } = await renderBlocks(page("our-approach").blocks, { path: "/our-approach" });
    const steps = container.querySelector("#how-it-works ol")!;
    expect([...steps.children].map((step) => within(step as HTMLElement).getByRole("heading").textContent)).toEqual([
      "Understand the role",
      "Build",
      "Deploy",
      "Learn and improve",
    ]);
    expect(
      within(container.querySelector("#team-sizes")!)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Small teams", "Mid-sized", "Enterprise"]);
    expect(
      within(container.querySelector("#promises")!)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Always Supported", "Always Improving", "Always Compliant", "Always Visible"]);
  });
});

describe("/product-overview", () => {
  it("offers Get Started to /contact and shows the four platform sections, each with a product screen", async () => {
    await renderBlocks(page("product-overview").blocks, { path: "/product-overview" });
    expect(screen.getAllByRole("link", { name: "Get Started" })[0]).toHaveAttribute("href", "/contact");
    expect(
      screen.getAllByRole("img", { name: /./ }).filter((img) => img.textContent?.includes("Voxa console")),
    ).toHaveLength(4);
    expect(h2s().slice(0, 4)).toEqual([
      "Every conversation, routed to the right agent",
      "Answers from your own systems",
      "Secure, resilient and ready for scale",
      "Built, run and improved for you",
    ]);
  });
});

describe("/building-agents", () => {
  it("opens with Built to Deliver and a Free Pilot Programme link, then its sections in the spec's order", async () => {
    const { container } = await renderBlocks(page("building-agents").blocks, { path: "/building-agents" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Built to Deliver");
    expect(screen.getByRole("link", { name: "Free Pilot Programme" })).toHaveAttribute("href", "/contact");
    expect([...container.querySelectorAll("section[id]")].map((section) => section.id)).toEqual([
      "why-us",
      "steps",
      "scale",
      "fully-managed",
    ]);
    expect(h2s()).toContain("4 Quick Steps to Success");
    expect(h2s()).toContain("Works at Any Scale");
    expect(container.querySelector("#scale ul")!.children).toHaveLength(3);
    expect(container.querySelectorAll("#steps [data-illustration]")).toHaveLength(4);
  });
});

describe("/safety-security", () => {
  it("shows the four security layers, masking by default and two feature cards", async () => {
    const { container } = await renderBlocks(page("safety-security").blocks, { path: "/safety-security" });
    expect(
      within(container.querySelector("#layers ol")!)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Data encryption", "Access control", "Real-time monitoring", "Compliance alignment"]);
    expect(screen.getByText("Multi-factor authentication")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /masking by default/ })).toBeInTheDocument();
    expect(container.querySelector("#safeguards ul")!.children).toHaveLength(2);
  });
});

describe("/about", () => {
  it("shows core values, how we work, what makes us different and the three core industries, with Book a Demo", async () => {
    const { container } = await renderBlocks(page("about").blocks, { path: "/about" });
    expect([...container.querySelectorAll("section[id]")].map((section) => section.id)).toEqual([
      "values",
      "how-we-work",
      "different",
      "industries",
    ]);
    const industries = within(container.querySelector("#industries")!);
    expect(industries.getByRole("link", { name: "Home emergency insurance" })).toHaveAttribute(
      "href",
      "/industries/home-emergency-insurance",
    );
    expect(industries.getByRole("link", { name: "Contact centres" })).toHaveAttribute(
      "href",
      "/industries/contact-centers",
    );
    expect(industries.getByRole("link", { name: "Warranties and support" })).toHaveAttribute(
      "href",
      "/industries/manufacturer-warranties",
    );
    expect(
      screen.getAllByRole("link", { name: "Book a Demo" }).every((link) => link.getAttribute("href") === "/contact"),
    ).toBe(true);
  });
});

describe.each(["use-cases", "our-approach", "product-overview", "building-agents", "safety-security", "about"])(
  "/%s",
  (name) => {
    it("ends with the call to action", () => {
      expect(page(name).blocks.at(-1)!.type).toBe("call-to-action");
    });
  },
);
