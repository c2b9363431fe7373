import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { preferReducedMotion } from "../../tests/support/reduced-motion.ts";
import { fadeInOnScroll } from "./fade-in.ts";

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

let callback: Callback;
let observed: Element[];

/** The test's page, in a container of its own: the document is shared with the other files of the worker. */
let container: HTMLElement | undefined;

/** Two sections: one on screen at load (top 100 px), one below it (top 2,000 px of a 900 px high window). */
function page() {
  container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = `<div data-fade-in="" id="above">A</div><div data-fade-in="" id="below">B</div>`;
  const top = { above: 100, below: 2000 };
  for (const element of document.querySelectorAll<HTMLElement>("[data-fade-in]"))
    element.getBoundingClientRect = () => ({ top: top[element.id as keyof typeof top] }) as DOMRect;
  return { above: document.getElementById("above")!, below: document.getElementById("below")! };
}

beforeEach(() => {
  observed = [];
  vi.stubGlobal("innerHeight", 900);
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(cb: Callback) {
        callback = cb;
      }
      observe = (element: Element) => observed.push(element);
      unobserve = (element: Element) => (observed = observed.filter((e) => e !== element));
      disconnect = () => {};
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  container?.remove();
});

describe("fadeInOnScroll", () => {
  it("leaves sections on screen alone and holds back only those below it", () => {
    const { above, below } = page();
    fadeInOnScroll();
    expect(above).toHaveAttribute("data-fade-in", "");
    expect(below).toHaveAttribute("data-fade-in", "pending");
    expect(observed).toEqual([below]);
  });

  it("shows a section once it scrolls into view, and stops watching it", () => {
    const { below } = page();
    fadeInOnScroll();
    callback([{ target: below, isIntersecting: false }]);
    expect(below).toHaveAttribute("data-fade-in", "pending");
    callback([{ target: below, isIntersecting: true }]);
    expect(below).toHaveAttribute("data-fade-in", "shown");
    expect(observed).toEqual([]);
  });

  it("fades nothing for visitors who prefer reduced motion", () => {
    preferReducedMotion();
    const { below } = page();
    fadeInOnScroll();
    expect(below).toHaveAttribute("data-fade-in", "");
    expect(observed).toEqual([]);
  });
});
