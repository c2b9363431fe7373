// @vitest-environment node
import { describe, expect, it } from "vitest";
import { lucideExports } from "../contract/icon-catalog.ts";
import { iconsMeaning } from "./icon-meanings.ts";

describe("icons of the site's set by meaning", () => {
  it("finds the set's icons tagged like an icon of lucide's that the set leaves out", () => {
    expect(iconsMeaning("anchor")).toEqual(["life-buoy"]);
    expect(iconsMeaning("cat")).toEqual(["dog"]);
  });

  it("finds an icon by a word it stands for, ranking the one tagged with the very word first", () => {
    expect(iconsMeaning("email")).toEqual(["mail"]);
    expect(iconsMeaning("money")).toEqual(["pound"]);
    expect(iconsMeaning("ship")[0]).toBe("life-buoy");
  });

  it("names only icons of the set, at most three, and none for a word that means nothing to lucide", () => {
    for (const word of ["trip", "ship", "building", "security"]) {
      const found = iconsMeaning(word);
      expect(found.length).toBeLessThanOrEqual(3);
      for (const icon of found) expect(Object.keys(lucideExports)).toContain(icon);
    }
    expect(iconsMeaning("qwzx")).toEqual([]);
  });
});
