import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Footer } from "../renderer/chrome/Footer.tsx";
import { Header } from "../renderer/chrome/Header.tsx";
import { HEADER_SCROLL_THRESHOLD_PX, MENU_CLOSE_DELAY_MS, MENU_HOVER_DELAY_MS } from "../kit/constants.ts";
import { renderWithProviders, siteData } from "./render.tsx";

// jsdom applies no media queries, so the desktop navigation (display: none below the lg breakpoint) counts as hidden.
const desktop = { hidden: true } as const;
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!;

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("header", () => {
  afterEach(() => scrollTo(0));

  it("becomes more opaque only after scrolling more than 50 px", () => {
    renderWithProviders(<Header />);
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
    renderWithProviders(<Header />, { path: "/our-approach" });
    expect(screen.getByRole("link", { name: "Our Approach", ...desktop })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Case Studies", ...desktop })).not.toHaveAttribute("aria-current");
  });

  it("has the FREE Pilot and Enquire buttons and a phone link", () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole("link", { name: "FREE Pilot", ...desktop })).toHaveAttribute("href", "/free-pilot");
    expect(screen.getByRole("link", { name: "Enquire", ...desktop })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "Call us on 0161 496 0123" })).toHaveAttribute("href", "tel:01614960123");
  });

  it("lists the industry pages in the Industries menu, featured ones apart", async () => {
    renderWithProviders(<Header />);
    const industries = screen.getByRole("button", { name: "Industries", ...desktop });
    expect(panelOf(industries)).toHaveAttribute("hidden");
    fireEvent.click(industries);
    expect(industries).toHaveAttribute("aria-expanded", "true");
    const panel = panelOf(industries);
    expect(panel).not.toHaveAttribute("hidden");
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

  it("closes an open dropdown with Escape", async () => {
    renderWithProviders(<Header />);
    const product = screen.getByRole("button", { name: "Product", ...desktop });
    fireEvent.click(product);
    expect(product).toHaveAttribute("aria-expanded", "true");
    expect(within(panelOf(product)).getByRole("link", { name: /Voice Agents/, ...desktop })).toHaveAttribute(
      "href",
      "/voice-agents",
    );
    fireEvent.keyDown(document, { key: "Escape" });
    expect(product).toHaveAttribute("aria-expanded", "false");
  });

  describe("hover menus", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it(`open after ${MENU_HOVER_DELAY_MS} ms of hover and close ${MENU_CLOSE_DELAY_MS} ms after leaving`, () => {
      renderWithProviders(<Header />);
      const product = screen.getByRole("button", { name: "Product", ...desktop });
      fireEvent.mouseEnter(product.parentElement!);
      act(() => vi.advanceTimersByTime(MENU_HOVER_DELAY_MS - 1));
      expect(product).toHaveAttribute("aria-expanded", "false");
      act(() => vi.advanceTimersByTime(1));
      expect(product).toHaveAttribute("aria-expanded", "true");
      fireEvent.mouseLeave(product.parentElement!);
      act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1));
      expect(product).toHaveAttribute("aria-expanded", "true");
      act(() => vi.advanceTimersByTime(1));
      expect(product).toHaveAttribute("aria-expanded", "false");
    });
  });

  it("opens the mobile menu, expands its sections, and collapses them when closed", async () => {
    renderWithProviders(<Header />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await userEvent.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Case Studies", "Our Approach", "Enquire", "FREE Pilot"])
      expect(within(menu).getByRole("link", { name: label })).toBeInTheDocument();

    const industries = within(menu).getByRole("button", { name: "Industries" });
    await userEvent.click(industries);
    expect(industries).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Pet Insurance" })).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const reopened = screen.getByRole("navigation", { name: "Mobile" });
    expect(within(reopened).getByRole("button", { name: "Industries" })).toHaveAttribute("aria-expanded", "false");
    expect(within(reopened).getByRole("button", { name: "Product" })).toHaveAttribute("aria-expanded", "false");
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
