import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../tests/render.tsx";
import { FadeIn } from "./FadeIn.tsx";

/** The style text emotion inserted for the element's own class names. */
function rulesFor(element: Element): string {
  const classes = [...element.classList];
  return [...document.head.querySelectorAll("style")]
    .map((style) => style.textContent ?? "")
    .filter((css) => classes.some((name) => css.includes(`.${name}{`)))
    .join("\n");
}

afterEach(() => vi.unstubAllGlobals());

describe("FadeIn", () => {
  it("shows its content by default: no inline opacity or transform, nothing waiting for script", () => {
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    const wrapper = screen.getByText("Section content");
    expect(wrapper).toBeVisible();
    expect(wrapper.style.opacity).toBe("");
    expect(wrapper.style.transform).toBe("");
    expect(wrapper).not.toHaveAttribute("data-fade");
  });

  it("fades in CSS alone, on its view timeline while it enters, only with support and without a reduced-motion preference", () => {
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    // Outside the two conditions the element has no style at all (an empty rule at most).
    const css = rulesFor(screen.getByText("Section content"))
      .replace(/\.css-[\w-]+\{\}/g, "")
      .replace(/\s+/g, " ")
      .trim();
    expect(css.match(/@media/g)).toHaveLength(1);
    expect(css).toMatch(
      /^@media \(prefers-reduced-motion: no-preference\)\{@supports \(animation-timeline: view\(\)\)\{\.css-[\w-]+\{[^{}]*\}\}\}$/,
    );
    expect(css).toContain("animation-name:fade-in,slide-from-bottom;");
    expect(css).toContain("animation-timeline:view();");
    expect(css).toContain("animation-range:entry 0% entry 160px;");
    // Forwards only: before it enters, the animation has no effect, so content below the screen is never hidden.
    expect(css).toContain("animation-fill-mode:forwards;");
  });

  it("uses no script to fade: no intersection observer, no scroll listener", () => {
    const observer = vi.fn();
    vi.stubGlobal("IntersectionObserver", observer);
    const addEventListener = vi.spyOn(window, "addEventListener");
    renderWithProviders(<FadeIn>Section content</FadeIn>);
    expect(observer).not.toHaveBeenCalled();
    expect(addEventListener.mock.calls.filter(([type]) => type === "scroll")).toEqual([]);
    addEventListener.mockRestore();
  });
});
