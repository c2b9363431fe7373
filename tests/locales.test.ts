import { describe, expect, it } from "vitest";
import { type Localisable, alternatesOf, localisedRoutes, siteLocales } from "../contract/locales.ts";

const seo = { locale: "en_GB" };

describe("a site's locales", () => {
  it("are British English at the root when site.json declares none", () => {
    expect(siteLocales({ seo })).toEqual([
      {
        code: "en-GB",
        name: "en-GB",
        prefix: "",
        dir: "ltr",
        missing: "unpublished",
        ogLocale: "en_GB",
        isDefault: true,
      },
    ]);
  });

  it("put the default first, and fill in what a declaration leaves out", () => {
    const locales = siteLocales({
      seo,
      locales: {
        default: "en-GB",
        list: [
          { code: "ar", name: "العربية", dir: "rtl" },
          { code: "en-GB", name: "English" },
          { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback" },
        ],
      },
    });
    expect(locales.map((locale) => [locale.code, locale.prefix, locale.dir, locale.ogLocale, locale.fallback])).toEqual(
      [
        ["en-GB", "", "ltr", "en_GB", undefined],
        ["ar", "ar", "rtl", undefined, undefined],
        ["de-DE", "de", "ltr", "de_DE", "en-GB"],
      ],
    );
  });
});

describe("the addresses of a site in several locales", () => {
  const locales = siteLocales({
    seo,
    locales: {
      default: "en-GB",
      list: [
        { code: "en-GB", name: "English" },
        { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback" },
        { code: "de-AT", name: "Deutsch (Österreich)", prefix: "at", missing: "fallback", fallback: "de-DE" },
        { code: "fr-FR", name: "Français", prefix: "fr", missing: "unpublished" },
        { code: "nl-NL", name: "Nederlands", prefix: "nl", missing: "fallback", fallback: "nl-NL" },
      ],
    },
  });
  const sources: Localisable[] = [{ path: "/" }, { path: "/contact" }, { path: "/about" }];
  const translations = new Map<string, Localisable[]>([
    [
      "de-DE",
      [
        { path: "/de/kontakt", translationOf: "/contact" },
        { path: "/de/kontakt-zwei", translationOf: "/contact" },
        { path: "/de/nirgends", translationOf: "/nowhere" },
      ],
    ],
    ["fr-FR", [{ path: "/fr", translationOf: "/" }]],
  ]);
  const routes = localisedRoutes(locales, sources, translations);
  const summary = (code: string) =>
    routes
      .filter((route) => route.locale.code === code)
      .map((route) => [route.path, route.kind, route.canonical, route.language.code]);

  it("give a translation its own address, once per page, and none to a translation of no page", () => {
    expect(summary("de-DE")).toEqual([
      ["/de", "fallback", "/", "en-GB"],
      ["/de/kontakt", "translation", "/de/kontakt", "de-DE"],
      ["/de/about", "fallback", "/about", "en-GB"],
    ]);
  });

  it("follow fallbacks from locale to locale to the page that has words of its own", () => {
    expect(summary("de-AT")).toEqual([
      ["/at", "fallback", "/", "en-GB"],
      ["/at/contact", "fallback", "/de/kontakt", "de-DE"],
      ["/at/about", "fallback", "/about", "en-GB"],
    ]);
  });

  it("publish nothing a locale has not translated when it says so, and nothing for a fallback to itself", () => {
    expect(summary("fr-FR")).toEqual([["/fr", "translation", "/fr", "fr-FR"]]);
    expect(summary("nl-NL")).toEqual([]);
  });

  it("list as a page's alternates its versions in their own words only", () => {
    expect(alternatesOf(routes, "/contact").map((route) => route.path)).toEqual(["/contact", "/de/kontakt"]);
  });
});
