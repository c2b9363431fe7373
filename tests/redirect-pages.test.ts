import { describe, expect, it } from "vitest";
import type { Content } from "../contract/content.server.ts";
import { siteLocales } from "../contract/locales.ts";
import { redirectPage } from "../scripts/pipeline/redirect-pages.ts";

/** A two-locale site of the test's own: the default locale's words for a moved page, and German ones of its chrome. */
const locales = siteLocales({
  locales: {
    default: "en-GB",
    list: [
      { code: "en-GB", name: "English" },
      { code: "de-DE", name: "Deutsch", prefix: "de" },
    ],
  },
});
const content = {
  site: {
    seo: { siteUrl: "https://www.example.com" },
    chrome: { moved: { title: "Page moved", text: "This page has moved to %s." } },
  },
  siteLocales: locales,
  locales: [
    {
      locale: locales[1],
      site: { chrome: { moved: { title: "Seite umgezogen", text: "Diese Seite ist umgezogen: %s." } } },
    },
  ],
} as unknown as Content; // only what a redirect's page reads

describe("the page the build writes at a redirect's old address, for hosts that serve only files", () => {
  it("sends the browser on at once, names the new address canonical, asks not to be indexed and links to it", () => {
    const page = redirectPage(content, { from: "/winter-offer", to: "/free-pilot" });
    expect(page).toContain('<html lang="en-GB" dir="ltr">');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/free-pilot">');
    expect(page).toContain('<link rel="canonical" href="https://www.example.com/free-pilot">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain("<title>Page moved</title>");
    expect(page).toContain('<p>This page has moved to <a href="/free-pilot">/free-pilot</a>.</p>');
  });

  it("speaks the language of the locale whose prefix the old address is under", () => {
    const page = redirectPage(content, { from: "/de/winter-angebot", to: "/de/kontakt" });
    expect(page).toContain('<html lang="de-DE" dir="ltr">');
    expect(page).toContain("<title>Seite umgezogen</title>");
    expect(page).toContain('<p>Diese Seite ist umgezogen: <a href="/de/kontakt">/de/kontakt</a>.</p>');
  });

  it("names another site's address canonical as it is, escaped in the HTML", () => {
    const page = redirectPage(content, { from: "/partner", to: "https://partner.example.com/offer?a=1&b=2" });
    expect(page).toContain('<link rel="canonical" href="https://partner.example.com/offer?a=1&amp;b=2">');
    expect(page).toContain('content="0; url=https://partner.example.com/offer?a=1&amp;b=2"');
  });
});
