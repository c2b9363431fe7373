import { describe, expect, it } from "vitest";
import type { SiteConfig } from "../../contract/generated/schema-types.ts";
import { localisedSite } from "./locale-data.server.ts";

const site = {
  brand: { name: "Voxa" },
  navigation: {
    product: [],
    links: [{ label: "About", href: "/about" }],
    actions: [{ label: "Ask", href: "/contact" }],
  },
  footer: { columns: [{ title: "Company", links: [{ label: "Contact", href: "/contact#form" }] }], legal: [] },
  callToAction: { heading: "Talk to us", primary: { label: "Pilot", href: "/free-pilot" } },
} as unknown as SiteConfig;

describe("the chrome of a locale without its own site.json", () => {
  it("is the default locale's, each link led to the locale's address of its page, the others as written", () => {
    const shown = localisedSite(site, undefined, { "/about": "/de/ueber-uns", "/contact": "/de/kontakt" });
    expect(shown.navigation).toEqual({
      product: [],
      links: [{ label: "About", href: "/de/ueber-uns" }],
      actions: [{ label: "Ask", href: "/de/kontakt" }],
    });
    expect(shown.footer.columns[0]).toEqual({
      title: "Company",
      links: [{ label: "Contact", href: "/de/kontakt#form" }],
    });
    // Validation refuses a link an unpublished locale has no page for (LOC012); a fallback locale has every page.
    expect(shown.callToAction.primary.href).toBe("/free-pilot");
    expect(shown.brand).toBe(site.brand);
  });

  it("is the site's own in the default locale", () => {
    expect(localisedSite(site, undefined)).toBe(site);
  });
});
