import { describe, expect, it } from "vitest";
import { editAddress, requestAddress } from "../protocol.ts";
import { addressOfHash } from "./addresses.ts";

describe("the editor's addresses", () => {
  it("give a file its path as written, each segment encoded, and a request its number", () => {
    expect(editAddress("site-config/pages/industries/pet-insurance.json")).toBe(
      "/edit/site-config/pages/industries/pet-insurance.json",
    );
    expect(editAddress("site-config/pages/odd name?.json")).toBe("/edit/site-config/pages/odd%20name%3F.json");
    expect(requestAddress(12)).toBe("/review/12");
  });

  it("send a bookmark of the earlier kind (#/…) to the view's address now", () => {
    expect(addressOfHash(`#/edit/${encodeURIComponent("site-config/pages/about.json")}`)).toBe(
      "/edit/site-config/pages/about.json",
    );
    expect(addressOfHash("#/changes")).toBe("/changes");
    expect(addressOfHash("#/review")).toBe("/review");
    expect(addressOfHash("#/team")).toBe("/team");
    expect(addressOfHash("#/somewhere-else")).toBe("/");
    expect(addressOfHash("#/edit/")).toBe("/");
    expect(addressOfHash("#/edit/%E0%A4%A")).toBe("/");
  });

  it("leave every other address alone: none, or an anchor", () => {
    expect(addressOfHash("")).toBeUndefined();
    expect(addressOfHash("#main")).toBeUndefined();
  });
});
