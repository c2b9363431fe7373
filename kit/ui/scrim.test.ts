// @vitest-environment node
import { describe, expect, it } from "vitest";
import { system } from "../theme.ts";
import {
  AA_CONTRAST,
  SCRIM_COLOR,
  SCRIM_CSS,
  SCRIM_OPACITY,
  TEXT_ON_SCRIM,
  channels,
  composite,
  contrast,
  scrimOpacity,
} from "./scrim.ts";

const WHITE = channels("#ffffff");
const scrim = channels(SCRIM_COLOR);
const texts = Object.values(TEXT_ON_SCRIM).map(channels);
const weakest = (opacity: number, under = WHITE) =>
  Math.min(...texts.map((text) => contrast(text, composite(scrim, opacity, under))));

/** A theme colour as #rrggbb, following a semantic token ("fg.invertedMuted" → "{colors.navy.100}") to its value. */
function themeColour(name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  const conditions = token?.extensions?.conditions as { _light?: string } | undefined;
  const value = String(conditions?._light ?? token?.originalValue);
  const reference = /^\{colors\.(.+)\}$/.exec(value)?.[1] ?? (value.startsWith("#") ? undefined : value);
  return reference ? themeColour(reference) : value.toLowerCase();
}

describe("the scrim behind text over a photo", () => {
  it("measures contrast as WCAG 2 does", () => {
    expect(contrast(channels("#000000"), WHITE)).toBeCloseTo(21, 5);
    // #767676 is the lightest grey that passes AA on white.
    expect(contrast(channels("#767676"), WHITE)).toBeCloseTo(4.54, 2);
    expect(contrast(channels("#777777"), WHITE)).toBeLessThan(AA_CONTRAST);
  });

  it("is the least opacity, in hundredths, that gives every text colour 4.5:1 over a white pixel: 0.65", () => {
    expect(SCRIM_OPACITY).toBe(0.65);
    expect(weakest(SCRIM_OPACITY)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(weakest(SCRIM_OPACITY - 0.01)).toBeLessThan(AA_CONTRAST);
    // The figures of the comment in scrim.ts.
    expect(contrast(channels(TEXT_ON_SCRIM["fg.invertedMuted"]), composite(scrim, 0.64, WHITE))).toBeCloseTo(4.43, 2);
    expect(contrast(channels(TEXT_ON_SCRIM["fg.invertedMuted"]), composite(scrim, 0.65, WHITE))).toBeCloseTo(4.59, 2);
    expect(contrast(channels(TEXT_ON_SCRIM["accent.100"]), composite(scrim, 0.65, WHITE))).toBeCloseTo(4.95, 2);
    expect(contrast(WHITE, composite(scrim, 0.65, WHITE))).toBeCloseTo(6.0, 2);
  });

  it("keeps the text at AA over any pixel a photo can have, white being the worst", () => {
    const steps = [0, 51, 102, 153, 204, 255].map((value) => value / 255);
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) expect(weakest(SCRIM_OPACITY, [r, g, b])).toBeGreaterThanOrEqual(weakest(SCRIM_OPACITY));
  });

  it("is computed for the theme's own colours, and drawn as such", () => {
    expect(themeColour("navy.950")).toBe(SCRIM_COLOR);
    for (const [token, hex] of Object.entries(TEXT_ON_SCRIM)) expect(themeColour(token), token).toBe(hex);
    expect(SCRIM_CSS).toBe("rgb(6 16 31 / 0.65)");
  });

  it("refuses colours no opacity can make readable", () => {
    expect(() => scrimOpacity("#ffffff", ["#ffffff"])).toThrow(/No opacity/);
    expect(scrimOpacity("#000000", ["#ffffff"])).toBe(0.54);
  });
});
