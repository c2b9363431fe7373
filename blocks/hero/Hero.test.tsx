import { act, screen, within } from "@testing-library/react";
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HeroBlock } from "../../contract/generated/authored-types.ts";
import type { HeroBlock as LoadedHeroBlock } from "../../contract/generated/schema-types.ts";
import { loadedBlock, prerenderBlocks, renderBlocks } from "../../tests/render.tsx";
import { slotWidthAt } from "../../contract/media.ts";
import manifest from "./block.ts";
import rotateWords from "./rotate-words.ts";
import { expectReadableOverPhoto } from "../../tests/support/over-photo.ts";
import { preferReducedMotion } from "../../tests/support/reduced-motion.ts";

const words = ["Customer Support", "FNOL", "Retentions", "Appointment Booking", "Claims Management", "Policy Sales"];
const hero: HeroBlock = {
  type: "hero",
  heading: "AI agents for",
  rotatingWords: words,
  offer: "Free pilot programme: see results before you buy",
  actions: [{ label: "Get Started", href: "/contact" }],
};

const currentWord = () => screen.getByTestId("rotating-words").querySelector("[data-word=current]")?.textContent;

/** The hero as prerendered, with the browser entry's rotation running on it. */
async function renderRotating(block: HeroBlock) {
  const { container } = await renderBlocks([block]);
  rotateWords(container);
}

beforeEach(() => {
  setupIntersectionMocking(vi.fn);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetIntersectionMocking();
});

describe("hero", () => {
  it("renders a plain hero without rotating words", async () => {
    await renderBlocks([
      {
        type: "hero",
        heading: "Voice agents that answer every call",
        actions: [{ label: "Schedule Demo", href: "/contact" }],
      },
    ]);
    expect(screen.getByRole("heading", { level: 1, name: "Voice agents that answer every call" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Schedule Demo" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByTestId("rotating-words")).toBeNull();
  });

  it("gives screen readers the heading with every use case once, and shows the offer", async () => {
    await renderBlocks([hero]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveAccessibleName(`AI agents for ${words.join(", ")}`);
    expect(screen.getByText("Free pilot programme: see results before you buy")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");
  });

  it("rotates to the next word every 2000 ms while at least 30% visible, looping", async () => {
    await renderRotating(hero);
    act(() => mockAllIsIntersecting(0.3));
    expect(currentWord()).toBe("Customer Support");
    act(() => vi.advanceTimersByTime(1999));
    expect(currentWord()).toBe("Customer Support");
    act(() => vi.advanceTimersByTime(1));
    expect(currentWord()).toBe("FNOL");
    act(() => vi.advanceTimersByTime(2000 * 4));
    expect(currentWord()).toBe("Policy Sales");
    act(() => vi.advanceTimersByTime(2000));
    expect(currentWord()).toBe("Customer Support");
  });

  it("stops rotating below 30% visibility and resumes when back in view", async () => {
    await renderRotating(hero);
    act(() => mockAllIsIntersecting(0.29));
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentWord()).toBe("Customer Support");
    act(() => mockAllIsIntersecting(0.5));
    act(() => vi.advanceTimersByTime(2000));
    expect(currentWord()).toBe("FNOL");
    act(() => mockAllIsIntersecting(0));
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentWord()).toBe("FNOL");
  });

  it("honours a custom interval", async () => {
    await renderRotating({ ...hero, rotationIntervalMs: 3000 });
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(2000));
    expect(currentWord()).toBe("Customer Support");
    act(() => vi.advanceTimersByTime(1000));
    expect(currentWord()).toBe("FNOL");
  });

  it("does not rotate for visitors who prefer reduced motion", async () => {
    const matchMedia = preferReducedMotion();
    await renderRotating(hero);
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentWord()).toBe("Customer Support");
    matchMedia.mockRestore();
  });
});

describe("hero with a picture", () => {
  const image = { src: "/media/examples/night-city.jpg", alt: "Illustration of a city at night" };
  const pictured: HeroBlock = { ...hero, text: "Voice, chat and email agents.", image };

  it("shows the picture beside the text, with its alternative text", async () => {
    await renderBlocks([{ ...pictured, imagePlacement: "beside" }]);
    expect(screen.getByRole("img", { name: image.alt })).toHaveAttribute("src", image.src);
    expect(screen.getByRole("heading", { level: 1 })).toHaveAccessibleName(`AI agents for ${words.join(", ")}`);
  });

  it("places it beside the text unless told otherwise", async () => {
    const { container } = await renderBlocks([pictured]);
    expect(container.querySelector("[data-backdrop]")).toBeNull();
    expect(screen.getByRole("img", { name: image.alt })).toBeInTheDocument();
  });

  it("keeps the heading and the pitch readable over a picture behind them, shown from the HTML alone", async () => {
    const { container } = await prerenderBlocks([{ ...pictured, imagePlacement: "behind" }], { css: true });
    const section = container.querySelector<HTMLElement>("section[data-image-placement=behind]")!;
    expect(within(section).getByRole("img", { name: image.alt })).toHaveAttribute("src", image.src);
    expectReadableOverPhoto(section, [
      within(section).getByRole("heading", { level: 1 }),
      within(section).getByText("Voice, chat and email agents."),
    ]);
  });

  it("declares where the picture shows, for the build to make its files: the column beside, or the viewport behind", () => {
    const slotOf = (block: HeroBlock) => {
      const declared = manifest.images!.image!;
      return typeof declared === "function" ? declared(loadedBlock(block) as LoadedHeroBlock) : declared;
    };
    const beside = slotOf(pictured);
    expect([390, 800, 1366].map((viewport) => slotWidthAt(beside, viewport, 4 / 3))).toEqual([358, 672, 584]);
    const behind = slotOf({ ...pictured, imagePlacement: "behind" });
    expect(behind.aspect).toBe(3 / 2);
    // On a phone the hero is taller than the viewport is wide: the picture, covering it, is drawn wider than the screen.
    expect([390, 800, 1366].map((viewport) => slotWidthAt(behind, viewport, 3 / 2))).toEqual([960, 960, 1366]);
  });

  it("is the same hero as ever without a picture, whatever the placement says", async () => {
    const { container } = await renderBlocks([hero]);
    const before = container.innerHTML;
    expect(container.querySelector("img, picture")).toBeNull();
    const placed = await renderBlocks([{ ...hero, imagePlacement: "behind" }]);
    expect(placed.container.innerHTML).toBe(before);
  });
});
