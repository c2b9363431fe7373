import { act, screen } from "@testing-library/react";
import { mockAllIsIntersecting, resetIntersectionMocking, setupIntersectionMocking } from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../tests/render.tsx";
import { FadeIn } from "./FadeIn.tsx";

const state = () => screen.getByText("Section content").getAttribute("data-fade");

beforeEach(() => setupIntersectionMocking(vi.fn));
afterEach(() => {
  vi.restoreAllMocks();
  resetIntersectionMocking();
});

describe("FadeIn", () => {
  it("leaves content on screen at load untouched", () => {
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    expect(state()).toBeNull();
    expect(screen.getByText("Section content")).toBeVisible();
  });

  it("hides content below the fold after hydration and fades it in when it scrolls into view", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 5000 } as DOMRect);
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    expect(state()).toBe("waiting");
    act(() => mockAllIsIntersecting(0.2));
    expect(state()).toBeNull();
  });

  it("never hides anything for visitors who prefer reduced motion", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 5000 } as DOMRect);
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) => ({ matches: query.includes("reduce"), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    expect(state()).toBeNull();
  });
});
