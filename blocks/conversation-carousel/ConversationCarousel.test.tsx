import { act, fireEvent, screen } from "@testing-library/react";
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversationCarouselBlock } from "../../contract/generated/authored-types.ts";
import { prerenderBlocks, renderBlocks } from "../../tests/render.tsx";
import { preferReducedMotion } from "../../tests/support/reduced-motion.ts";
import enhanceCarousels from "./carousel-dom.ts";

const industries = [
  "Emergency repairs",
  "Contact centre",
  "Boiler installation",
  "Warranty claims",
  "Buildings and contents insurance",
  "Dental insurance",
  "Auto insurance",
];
const block: ConversationCarouselBlock = {
  type: "conversation-carousel",
  heading: "Sample conversations",
  conversations: industries.map((industry, i) => ({
    id: `c${i}`,
    industry,
    customerName: `Customer ${i}`,
    customerMessage: `Question ${i}`,
    agentResponse: `Answer ${i}`,
  })),
};

const offset = () => screen.getByTestId("carousel-track").style.transform;
const slides = () =>
  screen.getAllByRole("group").filter((group) => group.getAttribute("aria-roledescription") === "slide");
const counter = () => document.querySelector("[data-carousel-counter]")?.textContent;
const shownLabels = () => slides().map((slide) => slide.getAttribute("aria-label"));
const replyOf = (i: number) => screen.getByText(`Answer ${i}`).closest("[data-reply]")?.getAttribute("data-reply");

/** Lays the carousel out like a desktop: a 1232 px wide viewport, below the fold when the page loads. */
function desktopLayout({ belowFold = false } = {}) {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1232);
  if (belowFold) vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 5000 } as DOMRect);
}

beforeEach(() => {
  setupIntersectionMocking(vi.fn);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetIntersectionMocking();
});

describe("conversation-carousel", () => {
  it("advances one 320 + 24 px card every 4000 ms while 30% visible, capped at cards - 3, then starts over", async () => {
    desktopLayout();
    await renderBlocks([block]);
    act(() => mockAllIsIntersecting(0.3));
    expect(offset()).toBe("translateX(-0px)");
    act(() => vi.advanceTimersByTime(3999));
    expect(offset()).toBe("translateX(-0px)");
    act(() => vi.advanceTimersByTime(1));
    expect(offset()).toBe("translateX(-344px)");
    act(() => vi.advanceTimersByTime(4000 * 3));
    expect(offset()).toBe(`translateX(-${4 * 344}px)`);
    act(() => vi.advanceTimersByTime(4000));
    expect(offset()).toBe("translateX(-0px)");
  });

  it("marks the three cards on screen, and hides the others from screen readers", async () => {
    desktopLayout();
    await renderBlocks([block]);
    expect(slides().map((slide) => slide.getAttribute("aria-label"))).toEqual([
      "1 of 7: Emergency repairs",
      "2 of 7: Contact centre",
      "3 of 7: Boiler installation",
    ]);
  });

  it("follows the WAI carousel pattern: grouped slides on a plain track, not items of a list", async () => {
    desktopLayout();
    await renderBlocks([block]);
    const track = screen.getByTestId("carousel-track");
    expect(track.tagName).toBe("DIV");
    expect(screen.queryByRole("list")).toBeNull();
    expect(slides().every((slide) => slide.tagName === "DIV" && slide.parentElement === track)).toBe(true);
    expect(screen.getByRole("group", { name: "Sample conversations" })).toHaveAttribute(
      "aria-roledescription",
      "carousel",
    );
  });

  it("does not move while less than 30% visible", async () => {
    desktopLayout();
    await renderBlocks([block]);
    act(() => mockAllIsIntersecting(0.29));
    act(() => vi.advanceTimersByTime(20_000));
    expect(offset()).toBe("translateX(-0px)");
  });

  it("shows the customer message first and the agent reply 2000 ms later", async () => {
    desktopLayout({ belowFold: true });
    await renderBlocks([block]);
    expect(screen.getByText("Question 0")).toBeInTheDocument();
    expect(replyOf(0)).toBe("pending");
    act(() => mockAllIsIntersecting(0.5));
    act(() => vi.advanceTimersByTime(1999));
    expect(replyOf(0)).toBe("pending");
    act(() => vi.advanceTimersByTime(1));
    expect([0, 1, 2].map(replyOf)).toEqual(["shown", "shown", "shown"]);
    expect(replyOf(3)).toBe("pending");
    // The next card comes into view at 4000 ms and gets its reply 2000 ms after that.
    // (Separate acts, so that React runs the effects of the 4000 ms move before the clock goes on.)
    act(() => vi.advanceTimersByTime(2000));
    expect(offset()).toBe("translateX(-344px)");
    act(() => vi.advanceTimersByTime(1999));
    expect(replyOf(3)).toBe("pending");
    act(() => vi.advanceTimersByTime(1));
    expect(replyOf(3)).toBe("shown");
  });

  it("plays the same when on screen at load: every reply pending, then shown 2000 ms after", async () => {
    desktopLayout();
    await renderBlocks([block]);
    expect(industries.map((_, i) => replyOf(i))).toEqual(industries.map(() => "pending"));
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(1999));
    expect(replyOf(0)).toBe("pending");
    act(() => vi.advanceTimersByTime(1));
    expect([0, 1, 2, 3].map(replyOf)).toEqual(["shown", "shown", "shown", "pending"]);
  });

  it("prerenders the replies pending, with a no-script style that shows them", async () => {
    const { default: NO_SCRIPT_CSS } = await import("./no-script.ts");
    await renderBlocks([block]);
    expect(document.querySelectorAll("[data-reply=pending]")).toHaveLength(industries.length);
    expect(document.querySelectorAll("[data-typing]")).toHaveLength(industries.length);
    expect(NO_SCRIPT_CSS).toContain("[data-reply=pending]{opacity:1!important;visibility:visible!important");
  });

  it("shows the customer's photo when the conversation has one, and their initials otherwise", async () => {
    const withPhoto: ConversationCarouselBlock = {
      ...block,
      conversations: block.conversations.map((c, i) =>
        i === 0 ? { ...c, humanImage: "/media/customers/sarah.svg" } : c,
      ),
    };
    const { container } = await renderBlocks([withPhoto]);
    const photos = container.querySelectorAll("img");
    expect(photos).toHaveLength(1);
    expect(photos[0]).toHaveAttribute("src", "/media/customers/sarah.svg");
    expect(photos[0]).toHaveAttribute("alt", "");
    expect(screen.getByText("C1", { exact: true })).toBeInTheDocument();
  });

  it("pauses on hover and resumes when the pointer leaves", async () => {
    desktopLayout();
    await renderBlocks([block]);
    act(() => mockAllIsIntersecting(1));
    fireEvent.mouseEnter(screen.getByRole("group", { name: "Sample conversations" }));
    act(() => vi.advanceTimersByTime(12_000));
    expect(offset()).toBe("translateX(-0px)");
    fireEvent.mouseLeave(screen.getByRole("group", { name: "Sample conversations" }));
    act(() => vi.advanceTimersByTime(4000));
    expect(offset()).toBe("translateX(-344px)");
  });

  it("has previous, next and pause controls", async () => {
    desktopLayout();
    await renderBlocks([block]);
    const previous = screen.getByRole("button", { name: "Previous conversation" });
    const next = screen.getByRole("button", { name: "Next conversation" });
    expect(previous).toBeDisabled();
    fireEvent.click(next);
    expect(offset()).toBe("translateX(-344px)");
    fireEvent.click(previous);
    expect(offset()).toBe("translateX(-0px)");
    for (let i = 0; i < 4; i++) fireEvent.click(next);
    expect(offset()).toBe(`translateX(-${4 * 344}px)`);
    expect(next).toBeDisabled();

    fireEvent.click(screen.getByRole("button", { name: "Pause carousel" }));
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(20_000));
    expect(offset()).toBe(`translateX(-${4 * 344}px)`);
    expect(screen.getByRole("button", { name: "Play carousel" })).toBeInTheDocument();
  });

  it("shows one narrower card at a time on a 320 px screen and can reach the last one", async () => {
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(288);
    await renderBlocks([block]);
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(4000 * 6));
    expect(offset()).toBe(`translateX(-${6 * (288 + 24)}px)`);
    expect(slides().map((slide) => slide.getAttribute("aria-label"))).toEqual(["7 of 7: Auto insurance"]);
  });

  it("does not move by itself, and shows every reply, for visitors who prefer reduced motion", async () => {
    desktopLayout({ belowFold: true });
    preferReducedMotion();
    await renderBlocks([block]);
    act(() => mockAllIsIntersecting(1));
    act(() => vi.advanceTimersByTime(20_000));
    expect(offset()).toBe("translateX(-0px)");
    expect(replyOf(5)).toBe("shown");
    expect(screen.getByRole("button", { name: "Play carousel" })).toBeInTheDocument();
  });

  describe("before hydration", () => {
    /** The prerendered carousel with the browser entry's DOM code on it, before React has hydrated it. */
    async function prerendered() {
      // Its icons are shown and hidden by its CSS.
      const page = await prerenderBlocks([block], { css: true });
      enhanceCarousels(page.container);
      return page;
    }

    it("moves with Next and Previous at once, as the component would: offset, slides, counter, buttons", async () => {
      desktopLayout();
      await prerendered();
      const next = screen.getByRole("button", { name: "Next conversation" });
      const previous = screen.getByRole("button", { name: "Previous conversation" });
      expect(counter()).toBe("1–3 / 7");
      fireEvent.click(next);
      expect(offset()).toBe("translateX(-344px)");
      expect(shownLabels()).toEqual([
        "2 of 7: Contact centre",
        "3 of 7: Boiler installation",
        "4 of 7: Warranty claims",
      ]);
      expect(counter()).toBe("2–4 / 7");
      expect(previous).toBeEnabled();
      for (let i = 0; i < 5; i++) fireEvent.click(next);
      expect(offset()).toBe(`translateX(-${4 * 344}px)`);
      expect(counter()).toBe("5–7 / 7");
      expect(next).toBeDisabled();
      fireEvent.click(previous);
      expect(offset()).toBe(`translateX(-${3 * 344}px)`);
      expect(next).toBeEnabled();
    });

    it("fits one card at a time on a phone, like the component", async () => {
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(358);
      await prerendered();
      fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      expect(offset()).toBe("translateX(-344px)");
      expect(shownLabels()).toEqual(["2 of 7: Contact centre"]);
      expect(counter()).toBe("2 / 7");
    });

    it("heeds Pause: the button says Play and shows its play icon", async () => {
      desktopLayout();
      await prerendered();
      fireEvent.click(screen.getByRole("button", { name: "Pause carousel" }));
      const play = screen.getByRole("button", { name: "Play carousel" });
      expect(screen.getByRole("group", { name: "Sample conversations" })).toHaveAttribute("data-autoplay", "off");
      expect(play.querySelector("[data-icon=play]")).toBeVisible();
      expect(play.querySelector("[data-icon=pause]")).not.toBeVisible();
    });

    it("hydrating, React adopts the card the visitor moved to and their pause, without a move or a mismatch", async () => {
      desktopLayout();
      const errors = vi.spyOn(console, "error");
      const { hydrate } = await prerendered();
      fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      fireEvent.click(screen.getByRole("button", { name: "Pause carousel" }));

      hydrate();
      expect(screen.getByRole("group", { name: "Sample conversations" })).toHaveAttribute("data-carousel-live");
      expect(offset()).toBe("translateX(-688px)");
      expect(counter()).toBe("3–5 / 7");
      expect(shownLabels()).toEqual([
        "3 of 7: Boiler installation",
        "4 of 7: Warranty claims",
        "5 of 7: Buildings and contents insurance",
      ]);
      expect(screen.getByRole("button", { name: "Play carousel" })).toBeInTheDocument();
      expect(errors).not.toHaveBeenCalled();

      // The visitor paused it: it stays put on screen.
      act(() => mockAllIsIntersecting(1));
      act(() => vi.advanceTimersByTime(20_000));
      expect(offset()).toBe("translateX(-688px)");
      // From now on React alone answers: one tap, one card.
      fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      expect(offset()).toBe(`translateX(-${3 * 344}px)`);
      expect(counter()).toBe("4–6 / 7");
    });

    it("hydrating on a phone, React measures before its first frame and keeps the single card in view", async () => {
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(358);
      const { hydrate } = await prerendered();
      for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      expect(offset()).toBe(`translateX(-${5 * 344}px)`);
      hydrate();
      expect(offset()).toBe(`translateX(-${5 * 344}px)`);
      expect(counter()).toBe("6 / 7");
      expect(shownLabels()).toEqual(["6 of 7: Dental insurance"]);
    });

    it("hydrating untouched, it starts from the first card and plays", async () => {
      desktopLayout();
      const { hydrate } = await prerendered();
      hydrate();
      expect(offset()).toBe("translateX(-0px)");
      act(() => mockAllIsIntersecting(1));
      act(() => vi.advanceTimersByTime(4000));
      expect(offset()).toBe("translateX(-344px)");
    });

    it("moves the way the arrow keys point: the right arrow brings the next card in left to right", async () => {
      desktopLayout();
      await prerendered();
      const next = screen.getByRole("button", { name: "Next conversation" });
      fireEvent.keyDown(next, { key: "ArrowRight" });
      expect(offset()).toBe("translateX(-344px)");
      fireEvent.keyDown(next, { key: "ArrowLeft" });
      expect(offset()).toBe("translateX(-0px)");
    });

    describe("on a right-to-left page", () => {
      beforeEach(() => {
        document.documentElement.dir = "rtl";
      });
      afterEach(() => {
        document.documentElement.removeAttribute("dir");
      });

      it("slides the track towards the inline start, the next card coming from the left", async () => {
        desktopLayout();
        await prerendered();
        fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
        expect(offset()).toBe("translateX(344px)");
        expect(counter()).toBe("2–4 / 7");
      });

      it("moves to the next card with the left arrow and back with the right arrow", async () => {
        desktopLayout();
        await prerendered();
        const next = screen.getByRole("button", { name: "Next conversation" });
        fireEvent.keyDown(next, { key: "ArrowLeft" });
        fireEvent.keyDown(next, { key: "ArrowLeft" });
        expect(offset()).toBe("translateX(688px)");
        expect(counter()).toBe("3–5 / 7");
        fireEvent.keyDown(next, { key: "ArrowRight" });
        expect(offset()).toBe("translateX(344px)");
        fireEvent.keyDown(next, { key: "Enter" });
        expect(counter()).toBe("2–4 / 7");
      });
    });
  });

  describe("in the page's direction (as the islands runtime gives it from <html dir>)", () => {
    it("left to right: slides towards the left, the right arrow moving to the next card", async () => {
      desktopLayout();
      await renderBlocks([block]);
      const group = screen.getByRole("group", { name: "Sample conversations" });
      fireEvent.keyDown(group, { key: "ArrowRight" });
      expect(offset()).toBe("translateX(-344px)");
      expect(counter()).toBe("2–4 / 7");
      fireEvent.keyDown(group, { key: "ArrowLeft" });
      fireEvent.keyDown(group, { key: "ArrowLeft" });
      expect(offset()).toBe("translateX(-0px)");
    });

    it("right to left: slides towards the right, as do its timer and Next, and the left arrow moves to the next card", async () => {
      desktopLayout();
      await renderBlocks([block], { direction: "rtl" });
      act(() => mockAllIsIntersecting(1));
      act(() => vi.advanceTimersByTime(4000));
      expect(offset()).toBe("translateX(344px)");
      const group = screen.getByRole("group", { name: "Sample conversations" });
      fireEvent.keyDown(group, { key: "ArrowLeft" });
      expect(offset()).toBe("translateX(688px)");
      expect(counter()).toBe("3–5 / 7");
      fireEvent.keyDown(group, { key: "ArrowRight" });
      expect(counter()).toBe("2–4 / 7");
      fireEvent.click(screen.getByRole("button", { name: "Next conversation" }));
      expect(offset()).toBe("translateX(688px)");
      for (let i = 0; i < 9; i++) fireEvent.keyDown(group, { key: "ArrowLeft" });
      expect(counter()).toBe("5–7 / 7");
    });

    it("marks its previous and next chevrons as directional, and not its play and pause icons", async () => {
      await renderBlocks([block], { direction: "rtl" });
      const directional = (name: string) =>
        screen.getByRole("button", { name }).querySelector("svg")?.hasAttribute("data-directional");
      expect(directional("Previous conversation")).toBe(true);
      expect(directional("Next conversation")).toBe(true);
      expect(directional("Pause carousel")).toBe(false);
    });
  });
});
