// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isContentFile } from "./content-files.ts";

describe("the files Changes and Publish carry", () => {
  it("takes a locale's pages and settings, its folder named by its code with capitals", () => {
    for (const file of [
      "site-config/site.json",
      "site-config/pages/industries/pet-insurance.json",
      "site-config/locales/de-DE/site.json",
      "site-config/locales/de-DE/pages/home.json",
      "site-config/locales/de-DE/pages/industries/pet-insurance.json",
      "site-config/locales/ar/pages/contact.json",
      "site-config/locales/zh-Hant-TW/pages/home.json",
    ])
      expect({ file, content: isContentFile(file) }).toEqual({ file, content: true });
  });

  it("refuses anything else under site-config/ or outside it", () => {
    for (const file of [
      "site-config/locales/DE/pages/home.json",
      "site-config/locales/de-de-DE/pages/home.json",
      "site-config/Pages/home.json",
      "site-config/locales/de-DE/pages/Home.json",
      "site-config/locales/de-DE/pages/home.txt",
      "package.json",
      "site-config/../package.json",
    ])
      expect({ file, content: isContentFile(file) }).toEqual({ file, content: false });
  });
});
