import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/render.tsx";
import { FadeIn } from "./FadeIn.tsx";

/** The style text emotion inserted for the element's own class names. */
function rulesFor(element: Element): string {
  const classes = [...element.classList];
  return [...document.head.querySelectorAll("style")]
    .map((style) => style.textContent ?? "")
    .filter((css) => classes.some((name) => css.includes(`.${name}`)))
    .join("\n")
    .replace(/\s+/g, "");
}

describe("FadeIn", () => {
  it("renders its content visible, with nothing waiting for script", () => {
    renderWithProviders(<FadeIn>Section content</FadeIn>, { css: true });
    const wrapper = screen.getByText("Section content");
    expect(wrapper).toBeVisible();
    expect(wrapper).toHaveAttribute("data-fade-in", "");
    expect(wrapper.style.opacity).toBe("");
  });

  it("hides only a pending section, and fades it in once shown", () => {
    renderWithProviders(<FadeIn>Section content</FadeIn>, { css: true });
    const css = rulesFor(screen.getByText("Section content"));
    expect(css).toMatch(/\[data-fade-in='pending'\]\{opacity:0;[^}]*transform:translateY\(24px\);\}/);
    expect(css).toMatch(
      /\[data-fade-in='shown'\]\{opacity:1;[^}]*transition:opacity0\.6sease-out,transform0\.6sease-out;\}/,
    );
  });
});
