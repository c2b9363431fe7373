import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Footer } from "../renderer/chrome/Footer.tsx";
import { Header } from "../renderer/chrome/Header.tsx";
import { enhanceHeader } from "../renderer/chrome/header-dom.ts";
import {
  HEADER_SCROLL_THRESHOLD_PX,
  MENU_CLOSE_DELAY_MS,
  MENU_HOVER_DELAY_MS,
  MENU_SKIP_DELAY_MS,
} from "../kit/constants.ts";
import { renderWithProviders, siteData } from "./render.tsx";

// jsdom applies no media queries, so the desktop navigation (display: none below the lg breakpoint) counts as hidden.
const desktop = { hidden: true } as const;
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute("popovertarget")!)!;

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

/**
 * jsdom has no popovers: a stand-in gives every element the popover methods, the `:popover-open` state (as
 * `data-popover-open`, which `matches` reports) and the toggle events that Chromium fires, and a click on a
 * `popovertarget` button toggles its popover, as the browser does. The real popovers are checked in Chromium
 * (tests/e2e/navigation.test.ts).
 */
function popoverStandIn() {
  const proto = HTMLElement.prototype as Partial<Pick<HTMLElement, "showPopover" | "hidePopover">>;
  const matches = Element.prototype.matches;
  const set = (element: HTMLElement, open: boolean) => {
    if (element.hasAttribute("data-popover-open") === open) return;
    if (open) for (const other of document.querySelectorAll<HTMLElement>("[data-popover-open]")) set(other, false);
    element.toggleAttribute("data-popover-open", open);
    element.dispatchEvent(Object.assign(new Event("toggle"), { newState: open ? "open" : "closed" }));
  };
  proto.showPopover = function (this: HTMLElement) {
    set(this, true);
  };
  proto.hidePopover = function (this: HTMLElement) {
    set(this, false);
  };
  Element.prototype.matches = function (this: Element, selector: string) {
    return matches.call(this, selector.replaceAll(":popover-open", "[data-popover-open]"));
  };
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest("button[popovertarget]");
    const popover = button && document.getElementById(button.getAttribute("popovertarget")!);
    if (popover) set(popover, !popover.hasAttribute("data-popover-open"));
  };
  document.addEventListener("click", onClick);
  return () => {
    delete proto.showPopover;
    delete proto.hidePopover;
    Element.prototype.matches = matches;
    document.removeEventListener("click", onClick);
  };
}

function renderHeader(path = "/") {
  const result = renderWithProviders(<Header />, { path });
  enhanceHeader(result.container);
  return result;
}

describe("header", () => {
  let restore: () => void;
  beforeEach(() => (restore = popoverStandIn()));
  afterEach(() => {
    restore();
    scrollTo(0);
  });

  it("becomes more opaque only after scrolling more than 50 px", () => {
    renderHeader();
    const header = screen.getByRole("banner");
    expect(HEADER_SCROLL_THRESHOLD_PX).toBe(50);
    scrollTo(50);
    expect(header).not.toHaveAttribute("data-scrolled");
    scrollTo(51);
    expect(header).toHaveAttribute("data-scrolled");
    scrollTo(10);
    expect(header).not.toHaveAttribute("data-scrolled");
  });

  it("marks the current route's link with aria-current=page", () => {
    renderHeader("/our-approach");
    for (const nav of screen.getAllByRole("navigation", desktop)) {
      expect(within(nav).getByRole("link", { name: "Our Approach", ...desktop })).toHaveAttribute(
        "aria-current",
        "page",
      );
      expect(within(nav).getByRole("link", { name: "Case Studies", ...desktop })).not.toHaveAttribute("aria-current");
    }
  });

  it("has the FREE Pilot and Enquire buttons and a phone link, links with no button type", () => {
    renderHeader();
    // Once in the bar (wide screens), once in the mobile menu.
    for (const link of screen.getAllByRole("link", { name: "FREE Pilot", ...desktop }))
      expect(link).toHaveAttribute("href", "/free-pilot");
    for (const link of screen.getAllByRole("link", { name: "Enquire", ...desktop }))
      expect(link).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "Call us on 0161 496 0123" })).toHaveAttribute("href", "tel:01614960123");
    expect(document.querySelectorAll("a[type]")).toHaveLength(0);
  });

  it("opens its menus from HTML: popovers opened by their buttons, with no script", () => {
    renderWithProviders(<Header />);
    for (const name of ["Product", "Industries"]) {
      const button = screen.getByRole("button", { name, ...desktop });
      expect(panelOf(button)).toHaveAttribute("popover", "auto");
    }
    const menuButton = screen.getByRole("button", { name: "Open menu" });
    expect(menuButton).toHaveAttribute("popovertarget", "mobile-menu");
    expect(document.getElementById("mobile-menu")).toHaveAttribute("popover", "auto");
    expect(document.querySelectorAll("#mobile-menu details > summary")).toHaveLength(2);
  });

  it("lists the industry pages in the Industries menu, featured ones apart", () => {
    renderHeader();
    const industries = screen.getByRole("button", { name: "Industries", ...desktop });
    expect(industries).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(industries);
    expect(industries).toHaveAttribute("aria-expanded", "true");
    const panel = panelOf(industries);
    expect(within(panel).getByText("Featured")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: /Home Emergency/, ...desktop })).toHaveAttribute(
      "href",
      "/industries/home-emergency-insurance",
    );
    expect(within(panel).getByRole("link", { name: /Pet Insurance/, ...desktop })).toHaveAttribute(
      "href",
      "/industries/pet-insurance",
    );
  });

  it("keeps one menu open at a time, aria-expanded following each", () => {
    renderHeader();
    const product = screen.getByRole("button", { name: "Product", ...desktop });
    const industries = screen.getByRole("button", { name: "Industries", ...desktop });
    fireEvent.click(product);
    expect(product).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(industries);
    expect(industries).toHaveAttribute("aria-expanded", "true");
    expect(product).toHaveAttribute("aria-expanded", "false");
  });

  describe("language switcher", () => {
    const germanPage = () => {
      const data = siteData();
      return siteData({
        site: { ...data.site, chrome: { ...data.site.chrome, languages: "Sprache" } },
        locale: { code: "de-DE", dir: "ltr", paths: {} },
        languages: [
          { code: "en-GB", name: "English", href: "/industries/pet-insurance", current: false },
          { code: "de-DE", name: "Deutsch", href: "/de/branchen/tierversicherung", current: true },
        ],
      });
    };

    it("is absent from a site in one language", () => {
      renderHeader();
      expect(screen.queryByRole("navigation", { name: "Language", hidden: true })).toBeNull();
      expect(document.getElementById("language-menu")).toBeNull();
    });

    it("names the page's language on its button and opens the list of the page in each language, from HTML", () => {
      const result = renderWithProviders(<Header />, { path: "/de/branchen/tierversicherung", data: germanPage() });
      enhanceHeader(result.container);
      const button = screen.getByRole("button", { name: "Sprache: Deutsch" });
      expect(button).toHaveAttribute("aria-expanded", "false");
      expect(panelOf(button)).toHaveAttribute("popover", "auto");
      fireEvent.click(button);
      expect(button).toHaveAttribute("aria-expanded", "true");

      const list = within(screen.getByRole("navigation", { name: "Sprache" }));
      const links = list.getAllByRole("link");
      expect(links.map((link) => link.textContent)).toEqual(["English", "Deutsch"]);
      const [english, german] = links as [HTMLElement, HTMLElement];
      expect(english).toHaveAttribute("href", "/industries/pet-insurance");
      expect(english).toHaveAttribute("hreflang", "en-GB");
      expect(english).toHaveAttribute("lang", "en-GB");
      expect(english).not.toHaveAttribute("aria-current");
      expect(german).toHaveAttribute("href", "/de/branchen/tierversicherung");
      expect(german).toHaveAttribute("hreflang", "de-DE");
      expect(german).toHaveAttribute("lang", "de-DE");
      expect(german).toHaveAttribute("aria-current", "page");

      fireEvent.click(english);
      expect(button).toHaveAttribute("aria-expanded", "false");
    });
  });

  describe("hover menus", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const hover = (element: Element, type: "pointerenter" | "pointerleave") =>
      element.dispatchEvent(Object.assign(new Event(type), { pointerType: "mouse" }));

    it(`open after ${MENU_HOVER_DELAY_MS} ms of hover and close ${MENU_CLOSE_DELAY_MS} ms after leaving`, () => {
      renderHeader();
      const product = screen.getByRole("button", { name: "Product", ...desktop });
      hover(product.parentElement!, "pointerenter");
      vi.advanceTimersByTime(MENU_HOVER_DELAY_MS - 1);
      expect(product).toHaveAttribute("aria-expanded", "false");
      vi.advanceTimersByTime(1);
      expect(product).toHaveAttribute("aria-expanded", "true");
      hover(product.parentElement!, "pointerleave");
      vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1);
      expect(product).toHaveAttribute("aria-expanded", "true");
      vi.advanceTimersByTime(1);
      expect(product).toHaveAttribute("aria-expanded", "false");
    });

    it(`opens the next menu at once when one closed less than ${MENU_SKIP_DELAY_MS} ms ago`, () => {
      renderHeader();
      const product = screen.getByRole("button", { name: "Product", ...desktop });
      const industries = screen.getByRole("button", { name: "Industries", ...desktop });
      fireEvent.click(product);
      hover(product.parentElement!, "pointerleave");
      vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS);
      expect(product).toHaveAttribute("aria-expanded", "false");
      hover(industries.parentElement!, "pointerenter");
      expect(industries).toHaveAttribute("aria-expanded", "true");
    });
  });

  it("opens the mobile menu, expands its sections, and collapses them when closed", async () => {
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    const menu = document.getElementById("mobile-menu")!;
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Case Studies", "Our Approach", "Enquire", "FREE Pilot"])
      expect(within(menu).getByRole("link", { name: label })).toBeInTheDocument();

    const sections = [...menu.querySelectorAll("details")];
    expect(sections.map((section) => section.querySelector("summary")?.textContent)).toEqual(["Product", "Industries"]);
    await userEvent.click(sections[1].querySelector("summary")!);
    expect(sections[1].open).toBe(true);
    expect(within(sections[1]).getByRole("link", { name: "Pet Insurance" })).toHaveAttribute(
      "href",
      "/industries/pet-insurance",
    );

    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(sections.map((section) => section.open)).toEqual([false, false]);
  });
});

describe("footer", () => {
  it("shows the columns, the legal row and the company details", () => {
    renderWithProviders(<Footer />);
    for (const title of ["Product", "Industries", "Case Studies", "Our Approach"])
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    for (const label of ["Privacy Policy", "Cookies Policy", "Terms of Use", "Contact Us"])
      expect(screen.getByRole("link", { name: label })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "First Notice of Loss" })).toHaveAttribute("href", "/use-cases#fnol");
    expect(screen.getByText("Manchester, UK")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "enquiries@voxa.example" })).toHaveAttribute(
      "href",
      "mailto:enquiries@voxa.example",
    );
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Voxa Ltd.*14285713`))).toBeInTheDocument();
  });

  it("lists the industries it is given, so a new industry page appears without editing site.json", () => {
    const data = siteData();
    data.industries.push({
      label: "Marine Insurance",
      href: "/industries/marine-insurance",
      description: "",
      icon: "building",
      featured: false,
      order: 50,
    });
    renderWithProviders(<Footer />, { data });
    expect(screen.getByRole("link", { name: "Marine Insurance" })).toHaveAttribute(
      "href",
      "/industries/marine-insurance",
    );
  });
});
