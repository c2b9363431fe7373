import { act, screen } from "@testing-library/react";
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HeroBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";
import rotateWords from "./rotate-words.ts";
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
