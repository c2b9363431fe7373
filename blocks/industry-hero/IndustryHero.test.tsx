import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { IndustryHeroBlock } from "../../contract/generated/authored-types.ts";
import type { IndustryHeroBlock as LoadedIndustryHeroBlock } from "../../contract/generated/schema-types.ts";
import { loadedBlock, prerenderBlocks, renderBlocks } from "../../tests/render.tsx";
import { slotWidthAt } from "../../contract/media.ts";
import manifest from "./block.ts";
import { expectReadableOverPhoto } from "../../tests/support/over-photo.ts";

const block: IndustryHeroBlock = {
  type: "industry-hero",
  badge: "Pet Insurance",
  icon: "dog",
  heading: "Calm, caring support when a pet needs help",
  text: "Emergency claims and vet coordination at any hour.",
  actions: [{ label: "Schedule Demo", href: "/contact" }],
  stat: { value: 70, suffix: "%+", label: "Resolution", description: "of enquiries resolved end to end" },
  points: ["Answers 24/7", "GDPR, FCA and SOC 2 aligned"],
};

describe("industry-hero", () => {
  it("shows the badge, the headline as the page heading, the pitch and the demo button", async () => {
    await renderBlocks([block]);
    expect(screen.getByText("Pet Insurance")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: block.heading })).toBeInTheDocument();
    expect(screen.getByText(block.text)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Schedule Demo" })).toHaveAttribute("href", "/contact");
  });

  it("shows the headline figure with its prefix, suffix and decimals, and the proof points", async () => {
    await renderBlocks([{ ...block, stat: { value: 4.8, suffix: "/5", decimals: 1, label: "Satisfaction" } }]);
    expect(screen.getByText("4.8/5")).toBeInTheDocument();
    expect(screen.getByText("Satisfaction")).toBeInTheDocument();
    const points = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(points).toEqual(["Answers 24/7", "GDPR, FCA and SOC 2 aligned"]);
  });

  it("shows 70%+ for the resolution figure", async () => {
    await renderBlocks([block]);
    expect(screen.getByText("70%+")).toBeInTheDocument();
    expect(screen.getByText("of enquiries resolved end to end")).toBeInTheDocument();
  });
});

describe("industry-hero with a picture", () => {
  const image = { src: "/media/examples/pet-claim-chat.png", alt: "Illustration of a phone chat about a vet claim" };

  it("shows the picture beside the text, with its alternative text, the headline figure over its foot", async () => {
    await renderBlocks([{ ...block, image, imagePlacement: "beside" }]);
    const picture = screen.getByRole("img", { name: image.alt });
    expect(picture).toHaveAttribute("src", image.src);
    expect(picture.compareDocumentPosition(screen.getByText("70%+")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("keeps the headline and the pitch readable over a picture behind them, shown from the HTML alone", async () => {
    const { container } = await prerenderBlocks([{ ...block, image, imagePlacement: "behind" }], { css: true });
    const section = container.querySelector<HTMLElement>("section[data-image-placement=behind]")!;
    expect(within(section).getByRole("img", { name: image.alt })).toHaveAttribute("src", image.src);
    expectReadableOverPhoto(section, [
      within(section).getByRole("heading", { level: 1 }),
      within(section).getByText(block.text),
    ]);
  });

  it("declares where the picture shows, for the build to make its files: the column beside, or the viewport behind", () => {
    const slotOf = (placed: IndustryHeroBlock) => {
      const declared = manifest.images!.image!;
      return typeof declared === "function" ? declared(loadedBlock(placed) as LoadedIndustryHeroBlock) : declared;
    };
    const beside = slotOf({ ...block, image });
    expect([390, 800, 1366].map((viewport) => slotWidthAt(beside, viewport, 4 / 3))).toEqual([358, 752, 487]);
    const behind = slotOf({ ...block, image, imagePlacement: "behind" });
    expect([390, 800, 1366].map((viewport) => slotWidthAt(behind, viewport, 3 / 2))).toEqual([960, 960, 1366]);
  });

  it("is the same hero as ever without a picture, whatever the placement says", async () => {
    const { container } = await renderBlocks([block]);
    const before = container.innerHTML;
    expect(container.querySelector("img, picture")).toBeNull();
    const placed = await renderBlocks([{ ...block, imagePlacement: "behind" }]);
    expect(placed.container.innerHTML).toBe(before);
  });
});
