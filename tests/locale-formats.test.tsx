import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Block } from "../contract/generated/authored-types.ts";
import { formatDate, formatFigure, formatNumber } from "../kit/locale.ts";
import { renderBlocks } from "./render.tsx";

const satisfaction = { value: 4.8, suffix: "/5", decimals: 1, label: "Customer satisfaction" };
const calls = { value: 12500, suffix: "+", label: "Calls a month" };

const blocks: Block[] = [
  { type: "stats", heading: "Results", stats: [satisfaction, calls] },
  {
    type: "industry-hero",
    badge: "Pet Insurance",
    icon: "dog",
    heading: "Calm support",
    text: "Claims at any hour.",
    actions: [{ label: "Schedule Demo", href: "/contact" }],
    stat: { value: 2.5, decimals: 1, suffix: "x", label: "Saved" },
    points: ["Answers 24/7"],
  },
  {
    type: "case-study",
    id: "retention",
    eyebrow: "Case Study",
    heading: "Policies saved",
    client: "UK motor insurer",
    challenge: "Cancellations rose.",
    solution: "A retention agent.",
    capabilities: ["Save offers"],
    metrics: [
      { value: 1.5, decimals: 1, suffix: "x", label: "more renewals" },
      { value: 2, suffix: " min", label: "to register a claim" },
      { value: 90, suffix: "%", label: "answered" },
    ],
  },
  {
    type: "legal-document",
    heading: "Cookies Policy",
    intro: "How we use cookies.",
    lastUpdated: "2026-11-28",
    sections: [{ heading: "What cookies are", paragraphs: ["Small text files."] }],
  },
];

/** The final figures and the date as a visitor reads them, outside the counters' hidden copies. */
const readable = (text: string) => screen.getAllByText(text).filter((node) => !node.closest("[aria-hidden='true']"));

describe("numbers and dates are written as the page's language writes them", () => {
  it("British English by default: the spec's figures and dates as they were", async () => {
    await renderBlocks(blocks);
    for (const figure of ["4.8/5", "12,500+", "2.5x", "1.5x"]) expect(readable(figure).length).toBeGreaterThan(0);
    expect(screen.getByText("28 November 2026")).toHaveAttribute("datetime", "2026-11-28");
  });

  it("German: a decimal comma, a full stop between thousands, the day with its full stop", async () => {
    await renderBlocks(blocks, { locale: "de-DE" });
    for (const figure of ["4,8/5", "12.500+", "2,5x", "1,5x"]) expect(readable(figure).length).toBeGreaterThan(0);
    expect(screen.getByText("28. November 2026")).toHaveAttribute("datetime", "2026-11-28");
    expect(screen.queryByText("4.8/5")).toBeNull();
  });

  it("each language's own digits, marks and month names where it has them (Arabic as written in Egypt)", () => {
    expect(formatNumber("ar-EG", 4.8, 1)).toBe("٤٫٨");
    expect(formatDate("ar-EG", "2026-11-28")).toBe("٢٨ نوفمبر ٢٠٢٦");
  });

  it("a counting figure keeps its prefix and suffix around the number as it is shown", () => {
    expect(formatFigure("de-DE", { value: 4.8, prefix: "≈ ", suffix: "/5", decimals: 1 }, 2.4)).toBe("≈ 2,4/5");
    expect(formatFigure("en-GB", { value: 70, suffix: "%" })).toBe("70%");
  });
});
