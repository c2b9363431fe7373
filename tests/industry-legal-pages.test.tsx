import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageDocument } from "../contract/generated/authored-types.ts";
import { allPaths, getPage, industryLinks, localeOfPath } from "../renderer/content/pages.server.ts";
import { renderBlocks, siteData } from "./render.tsx";

const data = siteData({ industries: industryLinks() });
const renderPage = (path: string) => renderBlocks(getPage(path)!.blocks, { path, data });
const industryPaths = industryLinks().map((i) => i.href);
const sectionHeadings = () =>
  screen
    .getAllByRole("heading", { level: 2 })
    .map((h) => h.textContent)
    .filter((t) => /^\d+\. /.test(t ?? ""));

describe("industry pages, one template of blocks", () => {
  it("are every page of the default locale whose nav names the Industries menu, by order then name", () => {
    const listed = allPaths()
      .filter((path) => localeOfPath(path).isDefault)
      .map((path) => getPage(path)!)
      .filter((page) => page.nav?.menu === "industries")
      .sort((a, b) => a.nav!.order - b.nav!.order || a.nav!.label.localeCompare(b.nav!.label))
      .map((page) => [page.nav!.label, page.path]);
    expect(industryLinks().map((i) => [i.label, i.href])).toEqual(listed);
    expect(listed.length).toBeGreaterThan(0);
  });

  it.each(industryPaths)(
    "%s has the hero (badge, first action, headline figure), use cases, a checklist and the closing call to action",
    async (path) => {
      const page = getPage(path)!;
      const hero = page.blocks[0] as Extract<PageDocument["blocks"][number], { type: "industry-hero" }>;
      expect(hero.type).toBe("industry-hero");
      await renderPage(path);
      expect(screen.getByText(hero.badge)).toBeInTheDocument();
      const [action] = hero.actions;
      expect(screen.getAllByRole("link", { name: action.label })[0]).toHaveAttribute("href", action.href);
      const { prefix = "", value, decimals, suffix = "" } = hero.stat;
      expect(screen.getAllByText(`${prefix}${value.toFixed(decimals)}${suffix}`).length).toBeGreaterThan(0);
      const useCases = screen.getByRole("region", {
        name: (page.blocks.find((b) => b.type === "use-case-cards") as { heading: string }).heading,
      });
      expect(within(useCases).getAllByText("Scenario").length).toBeGreaterThan(0);
      expect(page.blocks.some((b) => b.type === "checklist")).toBe(true);
      expect(page.blocks.at(-1)!.type).toBe("call-to-action");
    },
  );

  it("contact centres: 5 to 5,000 seats, and the stats grid cycling every 3 s and on hover", async () => {
    const stats = getPage("/industries/contact-centers")!.blocks.find((b) => b.type === "stats");
    expect(stats).toMatchObject({ highlight: true, highlightIntervalMs: 3000, highlightOnHover: true });
    await renderPage("/industries/contact-centers");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("from 5 to 5,000 seats");
    for (const label of ["Resolution", "Customer Satisfaction", "Faster Call Handling", "Fewer Escalations"])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    for (const title of ["Customer service", "Retentions and renewals", "Billing and payments", "Telesales and upsell"])
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
  });

  it("motor: four animated stat cards, four role cards with scenario and solution, six capabilities", async () => {
    const page = getPage("/industries/auto-insurance")!;
    const stats = page.blocks.find((b) => b.type === "stats") as { stats: unknown[]; animate?: boolean };
    expect(stats.stats).toHaveLength(4);
    expect(stats.animate ?? true).toBe(true);
    await renderPage("/industries/auto-insurance");
    expect(screen.getAllByText("Solution")).toHaveLength(4);
    expect(screen.getAllByText("Scenario")).toHaveLength(4);
    const capabilities = screen.getByRole("region", { name: "Six capabilities, ready from day one" });
    expect(within(capabilities).getAllByRole("listitem")).toHaveLength(6);
  });

  it("dentistry: static stats and the diary and recall figures", async () => {
    const stats = getPage("/industries/dental-insurance")!.blocks.find((b) => b.type === "stats");
    expect(stats).toMatchObject({ animate: false });
    await renderPage("/industries/dental-insurance");
    for (const text of [
      "4.8/5",
      "30%",
      "60%+",
      "Patient Satisfaction",
      "Fewer No-Shows",
      "Appointments Booked",
      "Up to 40% faster diary updates",
      "25% higher recall attendance",
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText(/6-month check-up/, { selector: "dd" })).toBeInTheDocument();
  });

  it.each(["/industries/home-emergency-insurance", "/industries/pet-insurance", "/industries/manufacturer-warranties"])(
    "%s embeds the demo video",
    async (path) => {
      const videos = getPage(path)!.blocks.filter((b) => b.type === "video");
      expect(videos).toHaveLength(1);
      await renderPage(path);
      expect(screen.getByRole("heading", { level: 2, name: videos[0].heading })).toBeInTheDocument();
    },
  );
});

describe("/industries", () => {
  it("links to every industry page", async () => {
    await renderPage("/industries");
    const { heading } = getPage("/industries")!.blocks.find((b) => b.type === "industry-index") as { heading: string };
    const index = screen.getByRole("region", { name: heading });
    expect(
      within(index)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual([...industryPaths]);
  });
});

describe("legal pages", () => {
  it("privacy: 10 numbered sections, children under 16, contact details, and the policy's own date", async () => {
    await renderPage("/privacy");
    expect(sectionHeadings()).toEqual([
      "1. Information we collect",
      "2. How we use your information",
      "3. Sharing your information",
      "4. How we protect your information",
      "5. How long we keep it",
      "6. Your rights",
      "7. International transfers",
      "8. Children's privacy",
      "9. Changes to this policy",
      "10. Contact us",
    ]);
    expect(
      screen.getByText(/do not knowingly collect personal information from children under 16/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated: 1 October 2026");
    expect(screen.getByRole("link", { name: "enquiries@voxa.example" })).toBeInTheDocument();
  });

  it("cookies: 8 sections and the cookie table", async () => {
    await renderPage("/cookies");
    expect(sectionHeadings()).toHaveLength(8);
    const table = screen.getByRole("table", { name: "Cookies set by this website" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("th, td")].slice(0, 3).map((c) => c.textContent));
    expect(rows).toEqual([
      ["session_id", "Session", "Essential"],
      ["preferences", "1 year", "Functional"],
      ["analytics", "2 years", "Performance"],
    ]);
  });

  it("terms: 17 sections, governed by UK law with arbitration in London, 30 days' notice of price changes", async () => {
    await renderPage("/terms");
    expect(sectionHeadings()).toHaveLength(17);
    expect(screen.getByText(/governed by the laws of the United Kingdom/)).toHaveTextContent(/arbitration in London/);
    expect(screen.getByText(/We may change our prices with 30 days' notice in writing/)).toBeInTheDocument();
  });
});
