/**
 * The scrim over a photo behind text (a hero's picture placed "behind"): one even layer of the theme's darkest navy,
 * at the least opacity that keeps every colour of text drawn on it at WCAG AA contrast (4.5:1), whatever the photo.
 *
 * Why a white pixel is the worst case: the browser lays the scrim over each pixel of the photo in sRGB, channel by
 * channel, shown = α·scrim + (1 − α)·pixel. Each channel shown grows with the pixel's, and relative luminance grows
 * with every channel, so the lightest pixel a photo can have, white, gives the lightest colour shown; light text has
 * its least contrast there. Text that meets 4.5:1 over white under the scrim meets it over any photo, over the blurred
 * placeholder and over the section's dark background before the photo arrives.
 *
 * The computation (`scrimOpacity`): WCAG 2's contrast is (L1 + 0.05) / (L2 + 0.05), L the relative luminance,
 * 0.2126·R + 0.7152·G + 0.0722·B of the linearised channels. With the scrim #06101f (navy.950) over white:
 * - at α = 0.64, shown = (0.64·6 + 0.36·255, 0.64·16 + 0.36·255, 0.64·31 + 0.36·255) ≈ (95.6, 102.0, 111.6) → L ≈ 0.1314,
 *   and navy.100 (#d6e2f5, L ≈ 0.7528, the pitch) gets (0.7528 + 0.05) / (0.1314 + 0.05) ≈ 4.43: not enough;
 * - at α = 0.65, shown ≈ (93.2, 99.6, 109.4) → L ≈ 0.1250, and navy.100 gets 4.59, accent.100 (the rotating words'
 *   end, L ≈ 0.8155) 4.95 and white 6.00: each at least 4.5:1.
 * So SCRIM_OPACITY is 0.65; kit/ui/scrim.test.ts checks it against the theme's colours.
 */

type Rgb = readonly [number, number, number];

/** The darkest navy of the theme (navy.950). */
export const SCRIM_COLOR = "#06101f";

/**
 * Every colour of text a block draws straight on the scrim (buttons and pills bring their own background): white
 * (fg.inverted) for headings, navy.100 (fg.invertedMuted) for the pitch, accent.100 where the rotating words' gradient
 * ends (blocks/hero/RotatingWords.tsx).
 */
export const TEXT_ON_SCRIM = { "fg.inverted": "#ffffff", "fg.invertedMuted": "#d6e2f5", "accent.100": "#c4f3e6" };

/** WCAG 2's AA contrast for body text. */
export const AA_CONTRAST = 4.5;

const WHITE: Rgb = [1, 1, 1];

/** A #rrggbb colour's channels, from 0 to 1. */
export const channels = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as never;

const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);

/** WCAG 2's relative luminance of a colour. */
export const luminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** WCAG 2's contrast ratio of two colours, from 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour shown where a layer of `color` at `opacity` lies over `under`: in sRGB, as browsers composite. */
export const composite = (color: Rgb, opacity: number, under: Rgb): Rgb =>
  color.map((channel, index) => opacity * channel + (1 - opacity) * under[index]!) as never;

/** The least opacity, in hundredths, at which `scrim` over a white pixel gives each text colour `ratio`. */
export function scrimOpacity(scrim: string, texts: readonly string[], ratio = AA_CONTRAST): number {
  for (let hundredths = 0; hundredths <= 100; hundredths++) {
    const shown = composite(channels(scrim), hundredths / 100, WHITE);
    if (texts.every((text) => contrast(channels(text), shown) >= ratio)) return hundredths / 100;
  }
  throw new Error(`No opacity of ${scrim} gives ${texts.join(", ")} a contrast of ${ratio}:1`);
}

export const SCRIM_OPACITY = scrimOpacity(SCRIM_COLOR, Object.values(TEXT_ON_SCRIM));

/** The scrim as a CSS colour. */
export const SCRIM_CSS = `rgb(${channels(SCRIM_COLOR)
  .map((channel) => Math.round(channel * 255))
  .join(" ")} / ${SCRIM_OPACITY})`;
