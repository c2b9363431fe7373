import { describe, expect, it } from "vitest";
import { placedSectionFile, placedSections } from "./placedSections.ts";

const band = (heading: string) => ({ name: "Band", blocks: [{ type: "text-section", heading }] });
const boot = {
  sections: { band: band("Book a demo"), note: band("Regulated") },
  localeSections: { "de-DE": { band: band("Demo buchen") } },
};

describe("the sections a file's locale places", () => {
  it("are the locale's own versions where it has them, else the source's", () => {
    expect(placedSections(boot, "site-config/locales/de-DE/pages/home.json")).toEqual({
      band: band("Demo buchen"),
      note: band("Regulated"),
    });
    expect(placedSections(boot, "site-config/pages/home.json")).toBe(boot.sections);
    expect(placedSections(boot, "site-config/locales/fr-FR/pages/home.json")).toBe(boot.sections);
  });

  it("open the locale's version of a section from its pages, the source's otherwise", () => {
    expect(placedSectionFile(boot, "site-config/locales/de-DE/pages/home.json", "band")).toBe(
      "site-config/locales/de-DE/sections/band.json",
    );
    expect(placedSectionFile(boot, "site-config/locales/de-DE/pages/home.json", "note")).toBe(
      "site-config/sections/note.json",
    );
    expect(placedSectionFile(boot, "site-config/pages/home.json", "band")).toBe("site-config/sections/band.json");
  });
});
