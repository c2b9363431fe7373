import { describe, expect, it } from "vitest";
import { pageMeta } from "../renderer/seo.ts";
import { siteData } from "./render.tsx";

describe("page meta", () => {
  const matches = [{ id: "root", data: siteData() }];
  const page = {
    path: "/industries/pet-insurance",
    title: "AI agents for pet insurance",
    description: "Emergency claims and vet coordination, answered 24/7.",
  };

  it("gives the title, description, canonical URL and Open Graph tags of the page", () => {
    expect(pageMeta(page, matches)).toEqual(
      expect.arrayContaining([
        { title: "AI agents for pet insurance | Voxa" },
        { name: "description", content: page.description },
        { tagName: "link", rel: "canonical", href: "https://www.voxa.example/industries/pet-insurance" },
        { property: "og:title", content: "AI agents for pet insurance | Voxa" },
        { property: "og:url", content: "https://www.voxa.example/industries/pet-insurance" },
        { property: "og:locale", content: "en_GB" },
      ]),
    );
  });

  it("titles a missing page 'Page not found'", () => {
    expect(pageMeta(undefined, matches)).toEqual([{ title: "Page not found" }]);
  });
});
