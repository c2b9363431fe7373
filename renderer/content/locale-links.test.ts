import { describe, expect, it } from "vitest";
import { localeHref, withLocaleLinks } from "./locale-links.ts";

const paths = { "/": "/de", "/contact": "/de/kontakt", "/pricing": "/de/pricing" };

describe("a fallback page's links in the locale shown", () => {
  it("lead to the locale's address of each page, anchors and queries kept", () => {
    expect(localeHref("/contact", paths)).toBe("/de/kontakt");
    expect(localeHref("/contact#form", paths)).toBe("/de/kontakt#form");
    expect(localeHref("/pricing?plan=pilot", paths)).toBe("/de/pricing?plan=pilot");
    expect(localeHref("/", paths)).toBe("/de");
    expect(localeHref("/contact/", paths)).toBe("/de/kontakt");
  });

  it("leave anchors, other sites, files and pages the locale has no address for as they are", () => {
    for (const href of ["#pricing", "https://example.com/contact", "//cdn.example/contact", "/media/demo.mp4", "/blog"])
      expect(localeHref(href, paths)).toBe(href);
  });

  it("change every href of a page's blocks, nested at any depth, and nothing else", () => {
    const page = {
      path: "/about",
      title: "/contact",
      blocks: [
        { type: "hero", heading: "/contact", actions: [{ label: "Talk to us", href: "/contact" }] },
        { type: "channels", channels: [{ link: { label: "Prices", href: "/pricing#tiers" } }] },
      ],
    };
    expect(withLocaleLinks(page, paths)).toEqual({
      path: "/about",
      title: "/contact",
      blocks: [
        { type: "hero", heading: "/contact", actions: [{ label: "Talk to us", href: "/de/kontakt" }] },
        { type: "channels", channels: [{ link: { label: "Prices", href: "/de/pricing#tiers" } }] },
      ],
    });
  });
});
