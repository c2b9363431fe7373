import { describe, expect, it } from "vitest";
import { applyEdits, modify } from "jsonc-parser";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { createValidators } from "../../contract/schemas.server.ts";
import { siteLocales } from "../../contract/locales.ts";
import { ROOT } from "../paths.ts";
import { localeAddresses, localiseLinks } from "./translate-links.ts";

const schemas = Object.fromEntries(
  createValidators(ROOT).schemas.map(({ name, schema }) => [name, schema]),
) as SchemaFiles;
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
