import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LegalDocumentBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: LegalDocumentBlock = {
  type: "legal-document",
  heading: "Cookies Policy",
  intro: "How we use cookies.",
  lastUpdated: "2026-10-01",
  sections: [
    {
      heading: "What cookies are",
      paragraphs: ["Small text files."],
      bullets: ["Set by the site", "Read by the site"],
    },
    {
      heading: "Cookies we use",
      table: {
        caption: "Cookies set by this website",
        columns: ["Cookie", "Duration", "Category"],
        rows: [
          ["session_id", "Session", "Essential"],
          ["preferences", "1 year", "Functional"],
          ["analytics", "2 years", "Performance"],
        ],
      },
    },
    { heading: "Contact us", paragraphs: ["Write to us."], showContactDetails: true },
  ],
};

describe("legal-document", () => {
  it("shows the title and the date it last changed from the document, in en-GB", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("heading", { level: 1, name: "Cookies Policy" })).toBeInTheDocument();
    expect(screen.getByText("1 October 2026")).toHaveAttribute("datetime", "2026-10-01");
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated: 1 October 2026");
  });

  it("numbers the sections and lists them in the contents, linked to their anchors", async () => {
    await renderBlocks([block]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "1. What cookies are",
      "2. Cookies we use",
      "3. Contact us",
    ]);
    const contents = screen.getByRole("navigation", { name: "Contents" });
    expect(within(contents).getByRole("link", { name: "2. Cookies we use" })).toHaveAttribute("href", "#section-2");
    expect(document.getElementById("section-2")).toHaveAccessibleName("2. Cookies we use");
  });

  it("renders the table as a real table with a caption, column headers and row headers", async () => {
    await renderBlocks([block]);
    const table = screen.getByRole("table", { name: "Cookies set by this website" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Cookie", "Duration", "Category"]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((th) => th.textContent),
    ).toEqual(["session_id", "preferences", "analytics"]);
    const analytics = within(table).getByRole("row", { name: /analytics/ });
    expect(
      within(analytics)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual(["2 years", "Performance"]);
  });

  it("puts the table in a keyboard-focusable scroll region named by its caption", async () => {
    await renderBlocks([block]);
    const region = screen.getByRole("region", { name: "Cookies set by this website" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toContainElement(screen.getByRole("table", { name: "Cookies set by this website" }));
  });

  it("shows the company's contact details from site.json where a section asks for them", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("link", { name: "0161 496 0123" })).toHaveAttribute("href", "tel:01614960123");
    expect(screen.getByRole("link", { name: "enquiries@voxa.example" })).toHaveAttribute(
      "href",
      "mailto:enquiries@voxa.example",
    );
    expect(screen.getByText("Manchester, UK")).toBeInTheDocument();
  });

  it("shows bullets as a list", async () => {
    await renderBlocks([block]);
    expect(screen.getByText("Set by the site").tagName).toBe("LI");
  });
});
