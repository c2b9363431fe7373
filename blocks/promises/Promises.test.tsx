import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PromisesBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const promises: PromisesBlock["promises"] = [
  { icon: "life-buoy", title: "Supported", description: "A named team." },
  { icon: "trending-up", title: "Improving", description: "Tuned every week." },
  { icon: "shield-check", title: "Compliant", description: "GDPR, FCA and SOC 2." },
  { icon: "eye", title: "Visible", description: "Every figure in your dashboard." },
];

describe("promises", () => {
  it("reads each promise with its lead word, as a list of headings", async () => {
    await renderBlocks([{ type: "promises", heading: "Our promises", promises }]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Always Supported",
      "Always Improving",
      "Always Compliant",
      "Always Visible",
    ]);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
  });

  it("uses the configured lead word", async () => {
    await renderBlocks([{ type: "promises", heading: "Our promises", lead: "Never", promises: promises.slice(0, 2) }]);
    expect(screen.getByRole("heading", { name: "Never Supported" })).toBeInTheDocument();
  });
});
