import { describe, expect, it } from "vitest";
import type { PageSummary } from "./api.ts";
import { MOST_LINK_SUGGESTIONS, linkSuggestions } from "./link-suggestions.ts";

const page = (path: string, anchors: string[] = []): PageSummary => ({
  file: `site-config/pages${path}.json`,
  path,
  title: path,
  nav: null,
  anchors,
});

describe("a link field's suggestions", () => {
  it("are the page's own #anchors, then every other page and its anchors, each once", () => {
    const pages = [page("/", ["top"]), page("/about", ["team"]), page("/contact", ["form"]), page("/contact")];
    expect(linkSuggestions(pages, { pagePath: "/about", anchors: ["team", "values"], value: "/contact" })).toEqual([
      "#team",
      "#values",
      "/",
      "/#top",
      "/about#team",
      "/contact",
      "/contact#form",
    ]);
  });

  it("on a site of 10,000 pages, are those holding what the field holds, never more than a few hundred", () => {
    const pages = Array.from({ length: 10_000 }, (_, n) => page(`/regions/r${n}`, ["intro", "faq"]));
    const none = linkSuggestions(pages, { anchors: ["here"], value: "" });
    expect(none).toHaveLength(MOST_LINK_SUGGESTIONS);
    expect(none.slice(0, 3)).toEqual(["#here", "/regions/r0", "/regions/r0#intro"]);
    expect(linkSuggestions(pages, { anchors: [], value: "/Regions/R9999" })).toEqual([
      "/regions/r9999",
      "/regions/r9999#intro",
      "/regions/r9999#faq",
    ]);
  });
});
