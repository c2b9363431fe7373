import { describe, expect, it } from "vitest";
import type { EditorTranslations } from "../protocol.ts";
import type { PageSummary } from "./api.ts";
import { pagesMatching, searchTexts } from "./page-search.ts";

const page = (file: string, path: string, title: string, nav: PageSummary["nav"] = null): PageSummary => ({
  file: `site-config/pages/${file}.json`,
  path,
  title,
  nav,
  anchors: [],
});
const PAGES = [
  page("plans", "/plans", "Plans for every team"),
  page("pets", "/industries/pets", "AI agents for pet insurance", { menu: "industries", label: "Pet Insurance" }),
  { ...page("broken", "", ""), notJson: true as const },
];
const OVERVIEW: EditorTranslations = {
  locales: [
    { code: "en-GB", name: "English", prefix: "", dir: "ltr", isDefault: true },
    { code: "de-DE", name: "Deutsch", prefix: "de", dir: "ltr", isDefault: false },
  ],
  translations: [
    {
      locale: "de-DE",
      source: PAGES[0]!.file,
      file: "site-config/locales/de-DE/pages/plans.json",
      path: "/de/tarife",
      title: "Tarife",
      state: "up-to-date",
      changed: [],
    },
    { locale: "de-DE", source: PAGES[1]!.file, state: "missing", changed: [] },
  ],
};

const found = (query: string, overview?: EditorTranslations) =>
  pagesMatching(PAGES, searchTexts(PAGES, overview), query).map((listed) => listed.path || listed.file);

describe("the page list's search", () => {
  it("finds a page by its title, address or menu, every word in any order and any case", () => {
    expect(found("")).toEqual(["/plans", "/industries/pets", "site-config/pages/broken.json"]);
    expect(found("insurance PET")).toEqual(["/industries/pets"]);
    expect(found("/plans")).toEqual(["/plans"]);
    expect(found("industries")).toEqual(["/industries/pets"]);
    expect(found("broken")).toEqual(["site-config/pages/broken.json"]);
  });

  it("finds a page by a translation's title or address, or a locale it is translated into; never by a missing one", () => {
    expect(found("tarife", OVERVIEW)).toEqual(["/plans"]);
    expect(found("/de/", OVERVIEW)).toEqual(["/plans"]);
    expect(found("de-DE", OVERVIEW)).toEqual(["/plans"]);
    expect(found("deutsch", OVERVIEW)).toEqual(["/plans"]);
    expect(found("english", OVERVIEW)).toEqual(["/plans", "/industries/pets", "site-config/pages/broken.json"]);
    expect(found("tarife")).toEqual([]);
  });
});
