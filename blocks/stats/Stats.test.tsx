import { act, fireEvent, screen } from "@testing-library/react";
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StatsBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const homeStats: StatsBlock = {
  type: "stats",
  heading: "Results",
  stats: [
    { value: 70, suffix: "%", label: "Resolution" },
    { value: 4.8, suffix: "/5", decimals: 1, durationMs: 1000, label: "Customer satisfaction" },
    { value: 40, suffix: "%", label: "Support cost saving" },
  ],
};

const counters = () => screen.getAllByTestId("stat-count").map((node) => node.textContent);

beforeEach(() => {
  setupIntersectionMocking(vi.fn);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetIntersectionMocking();
});

describe("stats", () => {
  it("renders the final figures before anything is seen, for the prerender and screen readers", async () => {
    await renderBlocks([homeStats]);
    expect(counters()).toEqual(["70%", "4.8/5", "40%"]);
    // The figure read by assistive technology is the final one, outside the aria-hidden counting copy.
    for (const figure of ["70%", "4.8/5", "40%"]) {
      const readable = screen.getAllByText(figure).filter((node) => !node.closest("[aria-hidden='true']"));
      expect(readable).toHaveLength(1);
    }
  });

  it("counts from 0 to the target once in view: 2000 ms, and 1000 ms for a stat that overrides it", async () => {
    await renderBlocks([homeStats]);
    act(() => mockAllIsIntersecting(0.3));
    act(() => vi.advanceTimersByTime(20));
    const [resolution, satisfaction, saving] = counters();
    expect(parseFloat(resolution!)).toBeLessThan(10);
    expect(satisfaction).toMatch(/^\d\.\d\/5$/);
    expect(parseFloat(saving!)).toBeLessThan(10);

    act(() => vi.advanceTimersByTime(1000));
    const [midResolution, doneSatisfaction] = counters();
    expect(doneSatisfaction).toBe("4.8/5");
    expect(parseFloat(midResolution!)).toBeGreaterThan(0);
    expect(parseFloat(midResolution!)).toBeLessThan(70);

    act(() => vi.advanceTimersByTime(1000));
    expect(counters()).toEqual(["70%", "4.8/5", "40%"]);
  });

  it("does not count while less than 30% is visible", async () => {
    await renderBlocks([homeStats]);
    act(() => mockAllIsIntersecting(0.1));
    act(() => vi.advanceTimersByTime(500));
    expect(counters()).toEqual(["70%", "4.8/5", "40%"]);
  });

  it("shows static figures when animate is false", async () => {
    await renderBlocks([{ ...homeStats, animate: false }]);
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(20));
    expect(counters()).toEqual(["70%", "4.8/5", "40%"]);
  });

  it("formats prefixes, suffixes and thousands", async () => {
    await renderBlocks([
      {
        type: "stats",
        animate: false,
        stats: [
          { value: 5000, prefix: "up to ", label: "Seats" },
          { value: 2, prefix: "under ", suffix: " s", label: "Response" },
        ],
      },
    ]);
    expect(counters()).toEqual(["up to 5,000", "under 2 s"]);
  });

  describe("highlight", () => {
    const cycling: StatsBlock = { ...homeStats, animate: false, highlight: true, highlightOnHover: true };
    const highlighted = () => screen.getAllByRole("listitem").findIndex((item) => item.dataset.highlighted === "true");

    it("moves to the next card every 3000 ms while on screen, looping", async () => {
      await renderBlocks([cycling]);
      act(() => mockAllIsIntersecting(0.3));
      expect(highlighted()).toBe(0);
      act(() => vi.advanceTimersByTime(2999));
      expect(highlighted()).toBe(0);
      act(() => vi.advanceTimersByTime(1));
      expect(highlighted()).toBe(1);
      act(() => vi.advanceTimersByTime(6000));
      expect(highlighted()).toBe(0);
    });

    it("stays put while off screen", async () => {
      await renderBlocks([cycling]);
      act(() => mockAllIsIntersecting(0));
      act(() => vi.advanceTimersByTime(9000));
      expect(highlighted()).toBe(0);
    });

    it("highlights the hovered card at once and pauses the cycle", async () => {
      await renderBlocks([cycling]);
      act(() => mockAllIsIntersecting(1));
      const items = screen.getAllByRole("listitem");
      fireEvent.mouseEnter(items[2]!);
      expect(highlighted()).toBe(2);
      act(() => vi.advanceTimersByTime(9000));
      expect(highlighted()).toBe(2);
      fireEvent.mouseLeave(items[2]!);
      expect(highlighted()).toBe(0);
    });

    it("has no highlight unless asked for", async () => {
      await renderBlocks([{ ...homeStats, animate: false }]);
      expect(highlighted()).toBe(-1);
    });
  });
});
