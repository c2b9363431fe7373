import { describe, expect, it } from "vitest";
import { applyEdits, modify } from "jsonc-parser";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { readSchemas } from "../../contract/schemas.server.ts";
import { localisedRoutes, siteLocales } from "../../contract/locales.ts";
import { ROOT } from "../paths.ts";
import { localeAddressBook, localeAddresses, localiseLinks } from "./translate-links.ts";

const schemas = Object.fromEntries(readSchemas(ROOT).map(({ name, schema }) => [name, schema])) as SchemaFiles;
const root = { file: "schemas/page.schema.json", schema: schemas["schemas/page.schema.json"]! };

const locales = siteLocales({
  locales: {
    default: "en-GB",
    list: [
      { code: "en-GB", name: "English" },
      { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback" },
      { code: "fr-FR", name: "Français", prefix: "fr" },
    ],
  },
});
const [, german, french] = locales as [unknown, (typeof locales)[0], (typeof locales)[0]];
const sources = [{ path: "/" }, { path: "/about" }, { path: "/contact" }, { path: "/pricing" }];
const translations = new Map([
  ["de-DE", [{ path: "/de/kontakt", translationOf: "/contact" }]],
  ["fr-FR", [{ path: "/fr/contact", translationOf: "/contact" }]],
]);

/** The about page, as its source writes it: links to itself, the contact page, the pricing page and the home page. */
const about = {
  path: "/about",
  blocks: [
    {
      type: "hero",
      heading: "About us",
      actions: [
        { label: "Talk to us", href: "/contact#form" },
        { label: "Prices", href: "/pricing" },
      ],
    },
    {
      type: "card-grid",
      heading: "Where next",
      cards: [
        { title: "Home", href: "/" },
        { title: "Our values", href: "/about#values" },
        { title: "A file", href: "/media/brochure.pdf" },
      ],
    },
    {
      type: "industry-hero",
      badge: "Pets",
      heading: "Pets",
      text: "Calm claims.",
      actions: [{ label: "Prices", href: "/pricing?plan=pilot" }],
      stat: { value: "70%", label: "resolved" },
    },
  ],
};

describe("a translation's links, as Translate writes them", () => {
  it("lead to the locale's address of each page, its own new address too, anchors and queries kept", () => {
    const addresses = localeAddresses(locales, sources, translations, german, {
      source: "/about",
      path: "/de/ueber-uns",
    });
    const { doc, leftOut, kept } = localiseLinks(about, addresses, schemas, root);
    expect(leftOut).toEqual([]);
    expect(kept).toEqual([]);
    const [hero, cards, industry] = doc.blocks as { actions?: { href: string }[]; cards?: { href?: string }[] }[];
    expect(hero!.actions!.map((action) => action.href)).toEqual(["/de/kontakt#form", "/de/pricing"]);
    expect(cards!.cards!.map((card) => card.href)).toEqual(["/de", "/de/ueber-uns#values", "/media/brochure.pdf"]);
    expect(industry!.actions![0]!.href).toBe("/de/pricing?plan=pilot");
  });

  it("leave out a link to a page the locale has no version of, with the least that holds it, else keep it", () => {
    const addresses = localeAddresses(locales, sources, translations, french, {
      source: "/about",
      path: "/fr/a-propos",
    });
    const { doc, leftOut, kept, edits } = localiseLinks(about, addresses, schemas, root);
    // An action of a list that may be shorter goes whole; a card keeps its words without the link; the only action of
    // a list that needs one stays, for validation to name.
    expect(leftOut.map(({ href, removed }) => [href, removed.join("/")])).toEqual([
      ["/pricing", "blocks/0/actions/1"],
      ["/", "blocks/1/cards/0/href"],
    ]);
    expect(kept.map(({ href }) => href)).toEqual(["/pricing?plan=pilot"]);
    const [hero, cards] = doc.blocks as { actions?: { href: string }[]; cards?: { href?: string; title: string }[] }[];
    expect(hero!.actions).toEqual([{ label: "Talk to us", href: "/fr/contact#form" }]);
    expect(cards!.cards).toEqual([
      { title: "Home" },
      { title: "Our values", href: "/fr/a-propos#values" },
      { title: "A file", href: "/media/brochure.pdf" },
    ]);
    // The edits make the same document of the text as written.
    let text = JSON.stringify(about, null, 2);
    for (const { path, value } of edits) text = applyEdits(text, modify(text, path, value, {}));
    expect(JSON.parse(text)).toEqual(doc);
  });
});

describe("the address book of new translations into one locale (the page list's, for every page at once)", () => {
  it("answers as localeAddresses does, for every source, address and locale, the source's own fallback included", () => {
    const paths = [
      ...new Set(localisedRoutes(locales, sources, translations).map((route) => route.path)),
      "/de/ueber-uns",
      "/nowhere",
    ];
    for (const locale of [german, french])
      for (const source of sources)
        // The page list asks with the source's own path standing for the translation's, not yet chosen.
        for (const own of [
          { source: source.path, path: `/${locale.prefix}/new${source.path}` },
          { source: source.path, path: source.path },
        ]) {
          const whole = localeAddresses(locales, sources, translations, locale, own);
          const book = localeAddressBook(locales, sources, translations, locale).withTranslation(own);
          for (const path of [...paths, own.path])
            expect([locale.code, own, path, book.get(path)]).toEqual([locale.code, own, path, whole.get(path)]);
        }
  });

  it("knows when a locale has every page (a fallback locale): nothing is ever left out of a translation into it", () => {
    expect(localeAddressBook(locales, sources, translations, german).hasEveryPage).toBe(true);
    expect(localeAddressBook(locales, sources, translations, french).hasEveryPage).toBe(false);
  });
});
