import { describe, expect, it } from "vitest";
import { acceptableMediaName, usageOf, weightOf, withAcceptableName } from "./media-words.ts";

describe("a file's name made one the server takes", () => {
  it.each([
    ["Team Photo_2024.JPG", "team-photo-2024.jpg"],
    ["Café Crème.png", "cafe-creme.png"],
    ["Straße & Söhne.webp", "strasse-and-sohne.webp"],
    ["  --Logo (final) v2..SVG ", "logo-final-v2.svg"],
    ["IMG_0001.jpeg", "img-0001.jpeg"],
    ["already-fine.avif", "already-fine.avif"],
    ["東京.jpg", "file.jpg"],
  ])("%s → %s", (name, acceptable) => expect(acceptableMediaName(name)).toBe(acceptable));

  it("keeps the file's bytes and type under the new name, and the same file when its name is fine", () => {
    const photo = new File(["pixels"], "Team Photo.JPG", { type: "image/jpeg" });
    expect(withAcceptableName(photo)).toMatchObject({ name: "team-photo.jpg", type: "image/jpeg", size: 6 });
    const fine = new File(["pixels"], "team.jpg", { type: "image/jpeg" });
    expect(withAcceptableName(fine)).toBe(fine);
  });
});

describe("a file in words", () => {
  it("weighs bytes, kB or MB", () => {
    expect([812, 1_800, 245_300, 4_200_000, 18_600_000].map(weightOf)).toEqual([
      "812 B",
      "2 kB",
      "245 kB",
      "4.2 MB",
      "19 MB",
    ]);
  });

  it("says how many pages use it", () => {
    const use = { file: "site-config/pages/about.json", path: "/about", title: "About" };
    expect([[], [use], [use, use]].map((usedOn) => usageOf({ usedOn }))).toEqual([
      "Not used",
      "Used on 1 page",
      "Used on 2 pages",
    ]);
  });
});
