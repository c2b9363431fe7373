import { describe, expect, it } from "vitest";
import { objectPositionFor, pointWords } from "./crop-preview.ts";

describe("a crop's preview", () => {
  const photo = { width: 1200, height: 800 };

  it("places the picture as the site cuts it: the focal point in the cut's middle, as far as the edges allow", () => {
    // A 3:2 photo in a square overflows sideways by half the square: 60% across starts the cut 80% of the way.
    expect(objectPositionFor(photo, { x: 0.6, y: 0.4 }, 1)).toBe("80% 50%");
    // Past the edge's reach, the cut keeps to the edge.
    expect(objectPositionFor(photo, { x: 0.9, y: 0.4 }, 1)).toBe("100% 50%");
    expect(objectPositionFor(photo, { x: 0.1, y: 0.4 }, 1)).toBe("0% 50%");
    // Of its own shape, the whole picture shows: nothing to place.
    expect(objectPositionFor(photo, { x: 0.9, y: 0.1 }, 3 / 2)).toBe("50% 50%");
    // Wider than the picture, the cut moves up and down.
    expect(objectPositionFor(photo, { x: 0.9, y: 0.8 }, 3)).toBe("50% 100%");
    expect(objectPositionFor(photo, { x: 0.5, y: 0.5 }, 3)).toBe("50% 50%");
  });

  it("falls back to the point itself for a picture of unknown size", () => {
    expect(objectPositionFor({}, { x: 0.25, y: 0.75 }, 1)).toBe("25% 75%");
  });

  it("says where the point is", () => {
    expect(pointWords({ x: 0.6, y: 0.345 })).toBe("60% across, 35% down");
  });
});
